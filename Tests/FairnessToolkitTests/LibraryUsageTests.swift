// The README's "audit your own game from your own tests" example, compiled against the public API only
// (no @testable) and run, so it cannot rot. ReadmeExampleTests checks that README.md shows exactly the
// lines between the two markers.
// README-EXAMPLE-BEGIN
import FairnessToolkit
import Testing

/// A studio's prize wheel: eight prizes on unequal sectors, the result read from the rest angle.
struct PrizeWheel: WheelSubject {
    typealias Rotation = Double
    let geometry = try! WheelGeometry.weighted([30, 20, 15, 10, 10, 8, 5, 2], firstSectorStart: 270, pointer: 270)
    var name: String { "prize-wheel" }
    var summary: String { "our prize wheel" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { previous + 1800 + u }

    func report(_ rotation: Double) -> WheelOutcome {
        // The game's own lookup: the wheel angle under the pointer, then the sector that contains it.
        let angle = (270 - rotation).truncatingRemainder(dividingBy: 360)
        let offset = (angle < 0 ? angle + 360 : angle) - 270
        var position = offset < 0 ? offset + 360 : offset
        for sector in geometry.sectors {
            if position < sector.width { return .label(sector.label) }
            position -= sector.width
        }
        return .label(geometry.sectors.last!.label)
    }
}

@Test func ourPrizeWheelPassesTheAudit() throws {
    // The default gate: exact findings by class (invalid outcomes at any share, mislabels and unfair odds
    // above 1e-6 of spins), sampled tests by Holm at alpha = 1e-6.
    let report = try Audit.run([AuditSubject(wheel: PrizeWheel())], settings: AuditSettings(run: RunSettings(trials: 200_000, seed: 42)))
    #expect(report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map { "\($0.checkName): \($0.finding ?? $0.detail)" })")
    // This Double lookup slips a few ulps at its sector lines for rest angles below one turn, which its
    // spins (1800 degrees and more) never produce: the exact checks report it as a NOTE, class latent.
    let consistency = report.checks.first { $0.check == .consistency }!
    #expect(consistency.status == .note && consistency.findingClass == .latent)
}
// README-EXAMPLE-END
