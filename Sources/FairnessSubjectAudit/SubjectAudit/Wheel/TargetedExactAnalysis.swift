import FairnessChecks
import FairnessModel
import FairnessReport

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
    let shares: (invalid: Double, mislabel: Double)?

    package init<Subject: TargetedWheelSubject>(_ subject: Subject, settings: AuditSettings) {
        landing = LandingCheck(subject)
        session = TargetedSessionCheck(subject, first: landing, sessionSpins: settings.sessionSpins)
        outOfRange = session.first.findings.outOfRange
        if let change = session.unstablePlay {
            landingFinding = Finding(change.findingClass, magnitude: nil, fact: .playNotPartitioned(change))
            shares = nil
        } else {
            let worst = session.worst.findings
            landingFinding = worst.landing
            shares = (worst.invalidShare, worst.mislabelShare)
        }
    }

    /// The spin whose wrong landings the report lists: the worst spin of the session.
    var worstSpin: TargetedSessionCheck.State { session.worst }

    /// What the landing check established about the session: whether the stop depends on where the
    /// previous spin left the wheel, and which later spins were checked.
    var sessionDetail: CheckDetail.Session {
        if session.unstablePlay != nil { return .unstable }
        switch session.dependence {
        case .none: return .independentOfPreviousRotation
        case .ownState: return .ownState
        case .notGivenPreviousRotation: return .notGivenPreviousRotation
        case .sessionsOfOneSpin: return .sessionsOfOneSpin
        case .previousRotation:
            var seconds: [Int] = []
            var late: Int?
            for state in session.later {
                switch state.spin.kind {
                case .second(let index): seconds.append(index)
                case .late(let spins): late = spins
                case .first: break
                }
            }
            return .dependsOnPreviousRotation(secondSpinsAfter: seconds, lateSpins: late)
        }
    }
}
