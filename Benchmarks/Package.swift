// swift-tools-version: 6.1
// Micro-benchmarks of each back end's operations, with allocation counts (ordo-one/package-benchmark).
// A nested package so that the root build stays lean: `cd Benchmarks && swift package benchmark`.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which depends on where Plumb was cloned.
let plumb = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "PlumbBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SolverOperations",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "PlumbBackEnds", package: plumb),
            ],
            path: "Benchmarks/SolverOperations",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
