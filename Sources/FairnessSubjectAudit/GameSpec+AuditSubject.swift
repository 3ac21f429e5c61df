import FairnessSpec

extension GameSpec {
    /// The audit subject of the declared design (the toolkit's exact model of it).
    /// - Throws: `WheelGeometryError` if a wheel's sectors do not make a wheel (`SpecParser` has checked
    ///   this already for parsed specs).
    public func subject() throws -> AuditSubject {
        switch game {
        case .wheel(let wheel) where wheel.draw == .target:
            return AuditSubject(targetedWheel: try SpecTargetedWheel(wheel, name: name, summary: summary))
        case .wheel(let wheel): return AuditSubject(wheel: try SpecWheel(wheel, name: name, summary: summary))
        case .dice(let dice): return AuditSubject(dice: SpecDice(dice, name: name, summary: summary))
        case .table(let table): return AuditSubject(prizeDraw: SpecPrizeDraw(table, name: name, summary: summary))
        }
    }
}
