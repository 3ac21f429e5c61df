// swift-tools-version: 5.9
// The pattern for auditing an iOS app's own wheel code: the wheel's logic lives in this small package,
// which the app target depends on (Xcode: File > Add Package Dependencies > Add Local...), and which a
// command-line probe also compiles, so the fairness audit runs the app's code, not a port of it.
import PackageDescription

let package = Package(
    name: "WheelLogic",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "WheelLogic", targets: ["WheelLogic"]),
        .executable(name: "wheel-probe", targets: ["wheel-probe"]),
    ],
    targets: [
        // Pure Swift, no UIKit: what the app's view code calls to spin and to read the prize.
        .target(name: "WheelLogic"),
        // The probe: the same WheelLogic behind the fairness-audit probe protocol (docs/probe-protocol.md).
        .executableTarget(name: "wheel-probe", dependencies: ["WheelLogic"]),
    ]
)
