// swift-tools-version: 6.2
import Foundation
import PackageDescription

// Benchmarks and calibration of fairness-audit, a package of their own beside the product (as
// swift-collections keeps Benchmarks/): `audit-bench` (the engine job, --scale, --parity, --probe,
// --generator-only; calibrate, rng-controls, rng-calibrate, rng-speed, rng-pvalues, dice-bets) and the
// scripts in Scripts/ that compare it with C, NumPy, GSL and the NIST suite. It depends on the toolkit by
// path, through its products: what a studio's package can reach, plus the `_CommandLineOptions` the
// `audit` command shares with it.
//
//   swift build -c release --package-path Benchmarks      (from the repository's root)
//   Benchmarks/.build/release/audit-bench --help

/// The toolkit's own optimisation (see ../Package.swift): `-O` in debug builds too, so the benchmarks'
/// figures are not those of an unoptimised build.
let optimised: [SwiftSetting] =
    ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_UNOPTIMISED"] == nil
    ? [
        .unsafeFlags(["-O", "-cross-module-optimization"], .when(configuration: .debug)),
        .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
    ] : []

let package = Package(
    name: "fairness-audit-benchmarks",
    // The toolkit's own platforms (../Package.swift): a product may not run where its dependency cannot.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "audit-bench", targets: ["audit-bench"])
    ],
    dependencies: [
        .package(name: "fairness-audit", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "audit-bench",
            dependencies: [
                .product(name: "FairnessToolkit", package: "fairness-audit"),
                .product(name: "_CommandLineOptions", package: "fairness-audit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: optimised
        ),
        .testTarget(name: "AuditBenchTests", dependencies: ["audit-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
