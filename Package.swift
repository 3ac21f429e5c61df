// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The toolkit's own modules are compiled optimised, with cross-module optimisation, in every
// configuration. `swift run audit` (a debug build) is the first command a user types, and unoptimised
// generic code runs the audit 5 to 10 times slower; cross-module optimisation specialises the exact checks
// (generic over a wheel's type in FairnessChecks) where the concrete wheel is known, which halves a release
// audit. Swift tools 6.2 accept these flags in a package used as a versioned dependency. To step through
// the library in a debugger, build with FAIRNESS_AUDIT_UNOPTIMISED=1 in the environment.
let optimised: [SwiftSetting] =
    ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_UNOPTIMISED"] == nil
    ? [
        .unsafeFlags(["-O", "-cross-module-optimization"], .when(configuration: .debug)),
        .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
    ] : []

// Layering (data flows one way, nothing imports upward):
//   CGSL, CFFTW (system libraries) <- FairnessStatistics
//   FairnessModel (no GSL) <- FairnessChecks (the exact checks; no GSL, so an app's own tests can run them)
//   FairnessModel <- FairnessSubjects (the tutorials' ports and the reference subjects; no GSL)
//   FairnessModel <- FairnessSpec (spec files, Yams; no GSL)
//   The audit, a module per concern (see docs/architecture.md):
//     _FairnessAuditSupport (the audit's errors, a hash; internal) <- FairnessRunner (the sampling runner)
//     FairnessReport (the report's data: no words, no formatting) <- FairnessReportRendering (the narrator;
//       Markdown, CSV, JSON, JUnit, SVG; a set written atomically)
//     FairnessRunner + FairnessReport <- FairnessSubjectAudit (one subject's checks; the report assembled, no words)
//     FairnessSubjectAudit <- FairnessLogs (production logs) <- FairnessBattery (the randomness battery)
//     FairnessReportRendering + FairnessLogs <- FairnessVerification (audit verify: recompute, render again)
//     every audit module <- FairnessAudit (Audit.run: every subject, the random sources included; re-exports
//       the audit's modules, so that `import FairnessAudit` is still the whole audit)
//   FairnessSpec + FairnessAudit <- FairnessProbe (the child-process client) <- audit (executable)
//   every library <- FairnessToolkit (the umbrella: re-exports, implements nothing)
//   CommandLineOptions (argument-parser) <- audit, and Benchmarks/'s audit-bench (a package of its own)
//   CLibCrypto (libcrypto, Linux) <- Digests (SHA-256, HMAC) <- audit

/// The audit's modules, from the bottom: what the command, the probe client, the umbrella and the tests
/// depend on.
let auditModules: [Target.Dependency] = [
    "_FairnessAuditSupport", "FairnessRunner", "FairnessReport", "FairnessReportRendering", "FairnessSubjectAudit", "FairnessLogs",
    "FairnessBattery", "FairnessVerification", "FairnessAudit",
]

/// What the audit's test targets depend on.
let auditTestDependencies: [Target.Dependency] =
    [
        "TestSupport", "FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec",
        .product(name: "PropertyBased", package: "swift-property-based"),
    ] + auditModules

let package = Package(
    name: "fairness-audit",
    // The runner, the dice survey and the probe client share state through the Synchronization module's
    // Mutex and Atomic (macOS 15, iOS 18); on Linux, where they ship with the toolchain, this changes nothing.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "FairnessModel", targets: ["FairnessModel"]),
        .library(name: "FairnessSubjects", targets: ["FairnessSubjects"]),
        .library(name: "FairnessChecks", targets: ["FairnessChecks"]),
        .library(name: "FairnessStatistics", targets: ["FairnessStatistics"]),
        .library(name: "FairnessRunner", targets: ["FairnessRunner"]),
        .library(name: "FairnessReport", targets: ["FairnessReport"]),
        .library(name: "FairnessReportRendering", targets: ["FairnessReportRendering"]),
        .library(name: "FairnessSubjectAudit", targets: ["FairnessSubjectAudit"]),
        .library(name: "FairnessLogs", targets: ["FairnessLogs"]),
        .library(name: "FairnessBattery", targets: ["FairnessBattery"]),
        .library(name: "FairnessVerification", targets: ["FairnessVerification"]),
        .library(name: "FairnessAudit", targets: ["FairnessAudit"]),
        .library(name: "FairnessSpec", targets: ["FairnessSpec"]),
        .library(name: "FairnessProbe", targets: ["FairnessProbe"]),
        // Every library above under one import.
        .library(name: "FairnessToolkit", targets: ["FairnessToolkit"]),
        .executable(name: "audit", targets: ["audit"]),
        // The options the audit command and the benchmarks' audit-bench share (an internal product, as
        // swift-numerics' `_`-prefixed ones: not the toolkit's API). The benchmarks and calibration are a
        // package of their own, Benchmarks/, which depends on this one by path.
        .library(name: "_CommandLineOptions", targets: ["CommandLineOptions"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        .target(
            name: "FairnessModel", dependencies: [.product(name: "BigInt", package: "BigInt")], swiftSettings: optimised),
        // The subjects the toolkit ships: the tutorials' ports, bugs included, and correct reference
        // implementations (no GSL, so an app's own tests can audit against them).
        .target(name: "FairnessSubjects", dependencies: ["FairnessModel"], swiftSettings: optimised),
        // FFTW 3 for the spectral test's transform (pkg-config `fftw3`).
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        .target(name: "FairnessStatistics", dependencies: ["CGSL", "CFFTW"], swiftSettings: optimised),
        // OpenSSL's libcrypto for SHA-256 and HMAC-SHA-256 on Linux (Apple platforms use CommonCrypto): report
        // seals, input fingerprints and shard tallies, with nothing of a TLS stack compiled.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "Digests", dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux]))],
            swiftSettings: optimised),
        // Atomic exchange of two directories (renameat2 / renamex_np), for report sets that land whole.
        .target(name: "CFileSwap"),
        .target(
            name: "FairnessChecks", dependencies: ["FairnessModel", .product(name: "BigInt", package: "BigInt")], swiftSettings: optimised),
        // Spec files (YAML/JSON) of a studio's own game, parsed with Yams into the model's terms (no GSL: an
        // app's tests can read a spec and run the exact checks on it).
        .target(name: "FairnessSpec", dependencies: ["FairnessModel", .product(name: "Yams", package: "Yams")], swiftSettings: optimised),
        // The audit's errors and a hash its modules share (internal: not a product; re-exported by FairnessAudit
        // and FairnessToolkit).
        .target(name: "_FairnessAuditSupport", swiftSettings: optimised),
        // The sampling runner: drivers, tallies, the Monte Carlo loop, the ordered pipeline.
        .target(
            name: "FairnessRunner", dependencies: ["FairnessModel", "FairnessChecks", "FairnessStatistics", "_FairnessAuditSupport"],
            swiftSettings: optimised),
        // The report's data only: Codable both ways, with no words and no formatting.
        .target(name: "FairnessReport", dependencies: ["FairnessModel", "FairnessChecks", "FairnessStatistics"], swiftSettings: optimised),
        // The narrator and the writers: every file of a report set, written atomically.
        .target(
            name: "FairnessReportRendering",
            dependencies: [
                "FairnessModel", "FairnessChecks", "FairnessStatistics", "FairnessReport", "_FairnessAuditSupport", "CFileSwap",
            ],
            swiftSettings: optimised),
        // One subject's audit (exact checks, sampling, power) and the report assembled from the results.
        .target(
            name: "FairnessSubjectAudit",
            dependencies: [
                "FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "_FairnessAuditSupport",
                "FairnessRunner", "FairnessReport", .product(name: "BigInt", package: "BigInt"),
            ],
            swiftSettings: optimised),
        // Production logs read and tested.
        .target(
            name: "FairnessLogs",
            dependencies: [
                "FairnessModel", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "_FairnessAuditSupport", "FairnessRunner",
                "FairnessReport", "FairnessSubjectAudit",
            ],
            swiftSettings: optimised),
        // The randomness battery: a source's bits and draws.
        .target(
            name: "FairnessBattery",
            dependencies: [
                "FairnessStatistics", "_FairnessAuditSupport", "FairnessRunner", "FairnessReport", "FairnessSubjectAudit",
                "FairnessLogs",
            ],
            swiftSettings: optimised),
        // `audit verify`: the set read strictly, every figure recomputed, every file rendered again.
        .target(
            name: "FairnessVerification",
            dependencies: [
                "FairnessChecks", "FairnessStatistics", "_FairnessAuditSupport", "FairnessReport", "FairnessReportRendering",
                "FairnessLogs",
            ],
            swiftSettings: optimised),
        // `Audit.run`: every subject, the random sources included.
        .target(
            name: "FairnessAudit",
            dependencies: [
                "FairnessModel", "FairnessStatistics", "_FairnessAuditSupport", "FairnessRunner", "FairnessReport",
                "FairnessReportRendering", "FairnessSubjectAudit", "FairnessLogs", "FairnessBattery", "FairnessVerification",
            ],
            swiftSettings: optimised),
        // The probe client: a game's own code run as a child process, answering the probe protocol, audited
        // as a subject.
        .target(name: "FairnessProbe", dependencies: ["FairnessSpec"] + auditModules, swiftSettings: optimised),
        // The umbrella: re-exports every library, implements nothing.
        .target(
            name: "FairnessToolkit",
            dependencies: [
                "FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "FairnessProbe",
            ] + auditModules),
        // The options the command and the benchmarks share: trials, seed, threads.
        .target(
            name: "CommandLineOptions", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: optimised),
        .executableTarget(
            name: "audit",
            dependencies: [
                "FairnessModel",
                "FairnessSubjects",
                "FairnessChecks",
                "FairnessStatistics",
                "FairnessSpec",
                "FairnessProbe",
                "CommandLineOptions",
                "Digests",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + auditModules,
            swiftSettings: optimised
        ),
        // What several test targets share: a seeded generator, the package's root, the fast and full tiers.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "FairnessModelTests",
            dependencies: [
                "TestSupport", "FairnessModel", "FairnessSubjects", .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FairnessSubjectsTests", dependencies: ["TestSupport", "FairnessSubjects"]),
        .testTarget(
            name: "FairnessStatisticsTests",
            dependencies: ["TestSupport", "FairnessStatistics"],
            resources: [.copy("Fixtures")]
        ),
        // The audit's tests mirror its modules: each target tests its module (through the modules below it).
        .testTarget(name: "FairnessRunnerTests", dependencies: auditTestDependencies),
        .testTarget(name: "FairnessReportTests", dependencies: auditTestDependencies),
        .testTarget(name: "FairnessReportRenderingTests", dependencies: auditTestDependencies, resources: [.copy("Fixtures")]),
        .testTarget(name: "FairnessSubjectAuditTests", dependencies: auditTestDependencies, resources: [.copy("Fixtures")]),
        .testTarget(name: "FairnessLogsTests", dependencies: auditTestDependencies, resources: [.copy("Fixtures")]),
        .testTarget(name: "FairnessBatteryTests", dependencies: auditTestDependencies),
        .testTarget(name: "FairnessVerificationTests", dependencies: auditTestDependencies),
        .testTarget(name: "FairnessAuditTests", dependencies: auditTestDependencies),
        // `import FairnessAudit` alone, as a studio's tests wrote it before the audit was split: still the whole audit.
        .testTarget(name: "FairnessAuditImportTests", dependencies: ["FairnessAudit", "FairnessSubjects"]),
        // Runs the built `audit` executable end to end: help text, exit statuses, one-line errors.
        // The exact checks alone, with no GSL anywhere in the dependency graph.
        .testTarget(
            name: "FairnessChecksTests",
            dependencies: [
                "TestSupport", "FairnessModel", "FairnessChecks", "FairnessSubjects",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "FairnessSpecTests",
            dependencies: ["TestSupport", "FairnessSpec", .product(name: "Yams", package: "Yams")] + auditModules,
            resources: [.copy("Fixtures")]),
        // Probes in four languages and every fault of the protocol (full tier: they need node, python3 and a JDK).
        .testTarget(
            name: "FairnessProbeTests",
            dependencies: ["TestSupport", "FairnessSubjects", "FairnessChecks", "FairnessSpec", "FairnessProbe"] + auditModules,
            // The probes and specs are run from the package's folder, not from the test bundle.
            exclude: ["Fixtures"]),
        // The README's library example, through the umbrella, as a studio's tests would write it.
        .testTarget(name: "FairnessToolkitTests", dependencies: ["FairnessToolkit"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(
            name: "AuditCommandTests",
            dependencies: ["TestSupport", "audit", "Digests"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
