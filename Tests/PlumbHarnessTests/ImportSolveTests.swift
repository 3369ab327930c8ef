import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbText
@testable import PlumbImport
import PlumbBackEnds
import PlumbFiles

/// `bench import` on the source files written for the front end's tests (`Tests/PlumbFrontEndTests/Fixtures/
/// RealCode`): what it writes solves on the exact and the Cassowary back ends, and the numbers stay exact.
@Suite struct ImportedLayoutsSolve {
    static let folder = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        + "/PlumbFrontEndTests/Fixtures/RealCode"

    func system(_ name: String) throws -> LinearSystem {
        let bytes = try readFile(atPath: ImportedLayoutsSolve.folder + "/" + name)
        let outcome = SourceImport(file: name, source: String(decoding: bytes, as: UTF8.self)).run()
        return try LayoutFile(file: name + ".layout", name: "imported").parse(outcome.layout).lowered()
    }

    @Test(arguments: ["ProfileViewController.m", "FeedCell.swift", "CheckoutViewController.swift", "SettingsCell.m",
                      "Unreadable.swift", "Unreadable.m"])
    func everyImportedFileSolves(_ file: String) throws {
        let system = try system(file)
        for name in ["exact", "cassowary"] {
            let solver = try #require(PlumbBackEnds.named(name))
            let result = SystemRunner(roundValues: .all).run(system, solver: solver)
            #expect(result.status == .ok, "\(file) on \(name): \(result.message)")
        }
    }

    @Test func aCellsFramesAsTheCodeMeansThem() throws {
        // SettingsCell.m, every block played in file order: the icon 16 from the content view's left, 28 square
        // until `setCompact:` updates it to `compact ? 24 : 28`, 24 (the condition's first branch); the title 12
        // after it; the separator 0.5 high (written @0.5: exactly 1/2), from the title's left to the content view's
        // right
        let system = try system("SettingsCell.m")
        let exact = try #require(PlumbBackEnds.named("exact"))
        let result = SystemRunner(roundValues: .all).run(system, solver: exact)
        let values = Dictionary(uniqueKeysWithValues: result.values.map { ($0.name, $0.value) })
        func value(_ name: String) throws -> Rational {
            guard case .exact(let v)? = values[name] else { throw ImportTestError("\(name) is not exact") }
            return v
        }
        #expect(try value("iconView.x") - value("contentView.x") == 16)
        #expect(try value("iconView.w") == 24 && value("iconView.h") == 24)
        #expect(try value("titleLabel.x") - value("iconView.x") == 36)
        #expect(try value("separatorLine.h") == Rational(1) / Rational(2))
        #expect(try value("separatorLine.x") == value("titleLabel.x"))
        #expect(try value("separatorLine.x") + value("separatorLine.w") == value("contentView.x") + value("contentView.w"))
    }
}

struct ImportTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
