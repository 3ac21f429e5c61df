import FairnessChecks
import FairnessModel

/// Everything a targeted wheel's exact checks establish: the first spin's landing partition (its odds, and
/// what indices out of range do), the later spins of a session, and the landing finding with its shares.
struct TargetedExactAnalysis {
    /// The first spin's landing check, from the wheel's initial rotation.
    let landing: LandingCheck
    /// The later spins of a session, and whether play depends on earlier requests.
    let session: TargetedSessionCheck
    /// The landing finding: the worst spin's, or a play that changed between identical requests (no share).
    let landingFinding: Finding?
    /// What indices outside those the game draws do (latent), from the first spin.
    let outOfRange: Finding?
    /// The worst spin's shares of plays by class; nil when play depends on earlier requests.
    let shares: (invalid: Double, mislabel: Double, rounding: Double)?

    init<Subject: TargetedWheelSubject>(_ subject: Subject, settings: AuditSettings) {
        landing = LandingCheck(subject)
        session = TargetedSessionCheck(subject, first: landing, sessionSpins: settings.sessionSpins)
        outOfRange = session.first.findings.outOfRange
        if let change = session.unstablePlay {
            landingFinding = Finding(change.findingClass, magnitude: nil, fact: .playNotPartitioned(change))
            shares = nil
        } else {
            let worst = session.worst.findings
            landingFinding = worst.landing
            shares = (worst.invalidShare, worst.mislabelShare, worst.roundingShare)
        }
    }

    /// The spin whose wrong landings the report lists: the worst spin of the session.
    var worstSpin: TargetedSessionCheck.State { session.worst }

    /// What the landing check's detail says about the session: whether the stop depends on where the
    /// previous spin left the wheel, and which later spins were checked.
    var sessionDetail: String {
        if session.unstablePlay != nil {
            return
                "the partition of the game's draws does not hold where it was checked again (see the finding), so these counts are not exact"
        }
        switch session.dependence {
        case .none:
            return
                "the stop does not depend on where the previous spin left the wheel (the same answers after first spins), so the first spin stands for every spin of a session"
        case .ownState:
            return
                "the game's stops differ between identical requests (it keeps a state of its own, not the rotation it is given), though every play checked again was judged the same"
        case .previousRotation: break
        }
        let seconds = session.later.compactMap { state -> Int? in
            if case .second(let index) = state.spin.kind { return index }
            return nil
        }
        let late = session.later.contains { if case .late = $0.spin.kind { true } else { false } }
        var text =
            "those are first spins; the stop depends on where the previous spin left the wheel: also checked exactly on second spins after indices "
            + seconds.map(String.init).joined(separator: ", ")
        if late, case .late(let spins) = session.later.last!.spin.kind { text += " and on the spin after \(spins) spins" }
        return text
    }
}
