import Testing
import PlumbSystem
@testable import PlumbHarness
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

/// A fresh folder under /tmp holding `files` (relative path → text); removed by the caller with `removeTree`.
func scratchFolder(_ files: [String: String]) -> String {
    var template = Array("/tmp/plumb-peers-XXXXXX".utf8CString)
    let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    for (path, text) in files {
        var folder = root
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            mkdir(folder, 0o755)
        }
        let file = fopen(root + "/" + path, "wb")!
        fputs(text, file)
        fclose(file)
    }
    return root
}

func removeTree(_ path: String) { _ = system("rm -rf '\(path)'") }

@Suite struct PeerCatalogs {
    static let demo = """
        {"format": "plumb-peer/1", "name": "demo", "summary": "a demo solver",
         "run": "python3 {dir}/adapter.py", "installed": "test -f {dir}/adapter.py",
         "install": "touch {dir}/adapter.py", "self_check": "python3 {dir}/adapter.py --self-check"}
        """

    @Test func aManifestsCommandsRunFromItsOwnFolder() throws {
        let root = scratchFolder(["peers/demo/peer.json": Self.demo, "peers/notes/README.md": "no manifest here"])
        defer { removeTree(root) }
        let catalog = try PeerCatalog(root: root + "/peers")
        #expect(catalog.peers.map(\.name) == ["demo"], "a folder without peer.json is not a peer")
        let peer = try catalog.peer(named: "demo")
        #expect(peer.run == "python3 '\(root)/peers/demo'/adapter.py")
        #expect(!peer.isInstalled)
        #expect(Peer.shell(peer.install) == 0)
        #expect(peer.isInstalled, "the install command made what the check looks for")
    }

    @Test func aBrokenManifestNamesItsFileAndField() {
        let broken = Self.demo.replacingAll("\"summary\": \"a demo solver\",", "")
        let root = scratchFolder(["peers/demo/peer.json": broken])
        defer { removeTree(root) }
        #expect(throws: PeerError.self) { try PeerCatalog(root: root + "/peers") }
        do { _ = try PeerCatalog(root: root + "/peers") } catch {
            #expect(error.description == "\(root)/peers/demo/peer.json: \"summary\" must be a non-empty string")
        }
        let badName = scratchFolder(["peers/demo/peer.json": Self.demo.replacingAll("\"demo\"", "\"de mo\"")])
        defer { removeTree(badName) }
        do { _ = try PeerCatalog(root: badName + "/peers"); Issue.record("a name with a space was taken") } catch {
            #expect(error.description.contains("\"name\" must be letters, digits, - and _"))
        }
    }

    @Test func twoPeersOfOneNameOrAnUnreadableManifestAreErrors() {
        let twice = scratchFolder(["peers/demo/peer.json": Self.demo, "peers/demo2/peer.json": Self.demo])
        defer { removeTree(twice) }
        do { _ = try PeerCatalog(root: twice + "/peers"); Issue.record("two peers named demo were taken") } catch {
            #expect(error.description.contains("is taken by") && error.description.contains("demo/peer.json"), "\(error)")
        }
        // a peer.json that is a folder: the peer is broken, not absent
        let folder = scratchFolder(["peers/demo/peer.json/inside.txt": "x"])
        defer { removeTree(folder) }
        do { _ = try PeerCatalog(root: folder + "/peers"); Issue.record("an unreadable peer.json was passed over") } catch {
            #expect(error.description.contains("cannot be read as a file"), "\(error)")
        }
    }

    /// Serving the protocol, a library's output on file descriptor 1 (a banner printed at import, as highspy 1.16
    /// does) goes to standard error; the protocol's first line is still the hello.
    @Test func aLibrarysBannerDoesNotReachTheProtocol() throws {
        let peers = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/peers"
        let script = "import os, sys; sys.path.insert(0, '\(peers)'); sys.dont_write_bytecode = True; import plumb_peer; "
            + "os.write(1, b'Running HiGHS banner\\n'); print('a print at import'); "
            + "plumb_peer.write({'protocol': 'plumb-solver/1'})"
        let folder = scratchFolder(["banner.py": script])
        defer { removeTree(folder) }
        let output = folder + "/out.txt", errors = folder + "/err.txt"
        #expect(Peer.shell("python3 '\(folder)/banner.py' > '\(output)' 2> '\(errors)'") == 0)
        let out = String(decoding: (try? readFile(atPath: output)) ?? [], as: UTF8.self)
        let err = String(decoding: (try? readFile(atPath: errors)) ?? [], as: UTF8.self)
        #expect(out == "{\"protocol\":\"plumb-solver/1\"}\n", "standard output: \(out)")
        #expect(err.contains("Running HiGHS banner") && err.contains("a print at import"), "standard error: \(err)")
    }

    @Test func anUnknownNameListsThePeersThereAre() throws {
        let root = scratchFolder(["peers/demo/peer.json": Self.demo])
        defer { removeTree(root) }
        let catalog = try PeerCatalog(root: root + "/peers")
        #expect(throws: PeerError.self) { try catalog.peer(named: "kiwii") }
        do { _ = try catalog.peer(named: "kiwii") } catch {
            #expect(error.description.hasPrefix("no peer named 'kiwii'; the peers are demo"))
        }
    }

    /// Every peer the repository ships has a manifest that reads, and its adapter file exists.
    @Test func theRepositorysPeersAllRead() throws {
        let root = try #require(PeerCatalog.defaultRoot(from: fixtures))
        let catalog = try PeerCatalog(root: root)
        #expect(catalog.peers.contains { $0.name == "kiwi" })
        #expect(Set(catalog.peers.map(\.name)).count == catalog.peers.count, "names are unique")
        for peer in catalog.peers { #expect(!peer.summary.isEmpty) }
    }
}

@Suite struct Preflights {
    @Test func aProgramThatSolvesTheFirstSystemPasses() throws {
        try ExternalSolver(name: "propagate", command: protocolSolver()).preflight()
    }

    @Test func aWrongAnswerStopsTheRunWithWhatItSaid() {
        let program = ExternalSolver(name: "wrong", command: protocolSolver("--wrong"))
        defer { program.stop() }
        do { try program.preflight(); Issue.record("a wrong answer passed the preflight") } catch {
            #expect(error.description.contains("with x = 11.0, y = 16.0; expected x = 10, y = 15"), "\(error.description)")
        }
    }

    @Test func aProgramWithoutHelloStopsTheRun() {
        let program = ExternalSolver(name: "mute", command: protocolSolver("--no-hello"), timeLimit: 1.5)
        program.startLimit = 1.5
        defer { program.stop() }
        #expect(throws: ExternalSolver.Failure.self) { try program.preflight() }
    }
}
