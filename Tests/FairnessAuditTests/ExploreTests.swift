import Testing
@testable import FairnessAudit

@Test func explore() throws {
    func show<S: WheelSubject>(_ s: S) {
        let c = ConsistencyCheck(s)
        let b = BoundaryCheck(s)
        let w = WraparoundCheck(s)
        let r = RangeCheck(s, consistency: c, boundary: b, wraparound: w)
        let d = DesignedOdds(s, consistency: c)
        print("== \(s.name): findings \(s.geometry.findings)")
        print("  consistency: \(c.mislabelled.count) arcs, fraction \(c.mislabelledFraction)")
        for a in c.mislabelled.prefix(30) { print("    [\(a.from), \(a.to)) width \(a.width) reported \(a.reported) truth \(a.truth)") }
        print("  boundary: \(b.probes) probes, \(b.failures.count) failures")
        for f in b.failures.prefix(8) { print("    \(f.context) r=\(f.rotation) reported \(f.reported) truth \(f.truth)") }
        print("  wrap: fwd \(String(describing: w.lastPeriodicTurnsForward)) / \(String(describing: w.firstBrokenTurnsForward)) back \(String(describing: w.lastPeriodicTurnsBackward)) / \(String(describing: w.firstBrokenTurnsBackward)) special \(w.specialFailures.map { $0.context }) breaks \(w.shifts.map { $0.periodicityBreaks.count })")
        print("  range invalid: \(r.invalid.map { "\($0.outcome) share \($0.shareOfCircle)" })")
        print("  odds uniform: \(d.uniformAngle.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })")
        print("  odds own: \(d.ownSpin.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })")
    }
    show(try SliderRoulette(sectorCount: 7))
    show(try SliderRoulette(sectorCount: 36))
    show(TwelveSliceWheel())
    show(try RotaryWheel(sectorCount: 8))
    show(try RotaryWheel(sectorCount: 5))
    show(try ReferenceWheel(equalSectors: 37))
    let l = LandingCheck(try TargetIndexWheel(itemCount: 6))
    for x in l.landings + l.outOfRange { print(x) }
}
