// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Plumb",
    products: [
        // The front end with the solver protocol; add exactly one back end product beside it.
        .library(name: "PlumbFrontEnd", targets: ["PlumbSystem", "PlumbSolver", "PlumbFrontEnd"]),
        // Layout files read into the front end's scripts (for tools; an app does not need it).
        .library(name: "PlumbText", targets: ["PlumbText"]),
        // Apps' Masonry/SnapKit source files turned into layout files (`bench import`; links swift-syntax).
        .library(name: "PlumbImport", targets: ["PlumbImport"]),
        // One back end each; only the exact one links GMP.
        .library(name: "PlumbCassowary", targets: ["CassowaryBackend"]),
        .library(name: "PlumbExact", targets: ["ExactBackend"]),
        .library(name: "PlumbRelaxation", targets: ["RelaxationBackend"]),
        // Every back end, the corpus and the harness, for tools (the micro-benchmarks in Benchmarks/).
        .library(name: "PlumbBackEnds", targets: ["PlumbBackEnds", "PlumbBatch", "PlumbCorpus", "PlumbHarness"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The report's HTML page.
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // The Cassowary back end's queue of rows to repair (`Heap`).
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // The tools' file reader and writer (`FileDescriptor`, `FilePath`).
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // `bench import`'s reading of a Swift file's structure (types, methods, locals, branches): the compiler's parser.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // Exact numbers, the prioritized linear system, and the layout-lp/1 / layout-result/1 interchange.
        .target(name: "PlumbSystem"),
        // Reading and writing files, for the tools (no app gets it through the front end).
        .target(name: "PlumbFiles", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // The protocol every back end implements: all an app that embeds one back end needs of it.
        .target(name: "PlumbSolver", dependencies: ["PlumbSystem"]),
        // The report the back ends' debug invariant checks fill (package access only: no app sees it).
        .target(name: "PlumbInvariants"),
        // Running a whole linear system through a back end in one batch, timed (the harness's and the
        // measuring tools' driver; not part of what an app embeds).
        .target(name: "PlumbBatch", dependencies: ["PlumbSystem", "PlumbSolver"]),
        // View tree, Masonry/SnapKit DSL, lowering, and the layout engine: what an app links to lay out.
        .target(name: "PlumbFrontEnd", dependencies: ["PlumbSystem", "PlumbSolver"]),
        // The text side: layout files and their scripts, the chain reader.
        .target(name: "PlumbText", dependencies: ["PlumbSystem", "PlumbSolver", "PlumbFrontEnd"]),
        // `bench import`: an app's source file as a layout file, following its structure. Swift files' structure is
        // read with swift-syntax, which only this module links (no back end, harness or product an app embeds).
        .target(name: "PlumbImport", dependencies: ["PlumbSystem", "PlumbFrontEnd", "PlumbText",
                                                    .product(name: "SwiftParser", package: "swift-syntax"),
                                                    .product(name: "SwiftSyntax", package: "swift-syntax")]),
        // The floating-point incremental Cassowary back end, strictly prioritized (no GMP).
        .target(name: "CassowaryBackend", dependencies: ["PlumbSystem", "PlumbSolver", "PlumbInvariants",
                                                         .product(name: "HeapModule", package: "swift-collections")]),
        // GMP, for the exact back end only.
        .systemLibrary(name: "CGMP", pkgConfig: "gmp", providers: [.apt(["libgmp-dev"])]),
        // The exact rational back end on GMP: the oracle (conflict sets, ambiguity).
        // It links no other back end: the floating-point proposer is injected by whoever composes back ends.
        .target(name: "ExactBackend", dependencies: ["PlumbSystem", "PlumbSolver", "PlumbInvariants", "CGMP",
                                                     .product(name: "HeapModule", package: "swift-collections")]),
        // The relaxation baseline.
        .target(name: "RelaxationBackend", dependencies: ["PlumbSystem", "PlumbSolver"]),
        // The list of every back end, for tools.
        .target(name: "PlumbBackEnds", dependencies: ["PlumbSolver", "CassowaryBackend", "ExactBackend", "RelaxationBackend"]),
        // The hand-written layouts under corpus/, their loader and the audit of their expectations.
        .target(name: "PlumbCorpus", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbFrontEnd", "PlumbText"]),
        // The harness: runs the corpus and the generated families through back ends, judges, times, reports.
        .target(name: "PlumbHarness", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbSolver", "PlumbBatch", "PlumbFrontEnd", "PlumbText", "PlumbCorpus",
                                                     .product(name: "Plot", package: "Plot")]),
        // The command-line tool: `swift run bench`.
        .executableTarget(
            name: "bench",
            dependencies: [
                "PlumbSystem", "PlumbFiles", "PlumbSolver", "PlumbBatch", "PlumbFrontEnd", "PlumbText", "PlumbImport", "PlumbCorpus",
                "PlumbHarness", "PlumbBackEnds", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Measuring the Cassowary back end on layout-lp/1 files beside kiwi: see Benchmarks/CassowaryBench.
        .executableTarget(name: "cassowary-bench", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbSolver", "PlumbBatch", "CassowaryBackend"],
                          path: "Benchmarks/CassowaryBench"),
        // Measuring the exact back end (valgrind driver, GLPK and HiGHS cross-checks): see Benchmarks/ExactBench/README.md.
        .executableTarget(name: "ExactBench", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbSolver", "PlumbBatch", "ExactBackend", "CassowaryBackend", "PlumbBackEnds",
                                                          "PlumbCorpus", "PlumbHarness"],
                          path: "Benchmarks/ExactBench", exclude: ["README.md", "swift-runtime.supp", "scripts"]),
        // The tests' shared helpers (level sums), in no product.
        .target(name: "PlumbTestSupport", dependencies: ["PlumbSystem", "PlumbSolver"], path: "Tests/PlumbTestSupport"),
        .testTarget(name: "PlumbSystemTests", dependencies: ["PlumbSystem", "PlumbFiles"]),
        .testTarget(name: "CassowaryBackendTests", dependencies: ["PlumbSystem", "PlumbBatch", "PlumbSolver", "PlumbInvariants", "CassowaryBackend",
                                                             "PlumbTestSupport"]),
        .testTarget(name: "ExactBackendTests", dependencies: ["PlumbSystem", "PlumbBatch", "PlumbSolver", "PlumbInvariants", "ExactBackend",
                                                         "CassowaryBackend", "PlumbTestSupport"]),
        .testTarget(name: "RelaxationBackendTests", dependencies: ["PlumbSystem", "PlumbSolver", "RelaxationBackend"]),
        .testTarget(name: "PlumbFrontEndTests", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbSolver", "PlumbFrontEnd", "PlumbText", "PlumbImport",
                                                          "PlumbTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "PlumbCorpusTests", dependencies: ["PlumbSystem", "PlumbFrontEnd", "PlumbText", "PlumbCorpus", "PlumbTestSupport"]),
        .testTarget(name: "PlumbHarnessTests", dependencies: ["PlumbSystem", "PlumbFiles", "PlumbBatch", "PlumbSolver", "PlumbFrontEnd", "PlumbText", "PlumbImport",
                                                         "PlumbCorpus", "PlumbHarness", "PlumbBackEnds",
                                                         "ExactBackend", "CassowaryBackend", "PlumbTestSupport"],
                    exclude: ["Fixtures"]),
    ]
)
