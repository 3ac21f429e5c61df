import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import _FairnessAuditSupport

/// A declared prize draw whose draws come from the game's own code behind a probe (`reset`, `draw U`,
/// `peek U`; see `docs/probe-protocol.md`); the items, the memory and what the game publishes come from
/// the spec.
public struct ProbeTable: PrizeDrawSubject {
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The declaration.
    public let declaration: PrizeDrawDeclaration
    /// The probe.
    public let client: ProbeClient

    /// The draw `declaration`, named `name`, played through `client`.
    public init(_ declaration: PrizeDrawDeclaration, name: String, summary: String, client: ProbeClient) {
        self.declaration = declaration
        self.name = name
        self.summary = summary
        self.client = client
    }

    /// The session on the probe's main connection (the exact checks hold it alone).
    public func makeSession() throws -> (any PrizeDrawSession)? { Session(client: client) }

    /// A session on a connection of its own (sampling workers run in parallel).
    public func playSession(_ draws: [Double]) throws -> [DrawPick]? {
        client.tableSession(draws).map(Self.pick)
    }

    static func pick(_ answer: String) -> DrawPick { answer == "trap" ? .trap : .item(answer) }

    /// The probe's main connection as a session: a probe that died and was restarted starts from a fresh
    /// state, and its answer to the request it died on is a trap.
    final class Session: PrizeDrawSession {
        let client: ProbeClient
        /// The probe's restarts when the session was last reset: a restart since means a fresh process.
        var restartsAtReset = 0
        init(client: ProbeClient) { self.client = client }

        func reset() throws {
            restartsAtReset = client.restartCount
            _ = client.table(["reset"])
            if let failure = client.failure { throw failure }
        }

        func draw(_ draws: [Double]) throws -> [DrawPick] { try ask("draw", draws) }

        func peek(_ draws: [Double]) throws -> [DrawPick] { try ask("peek", draws) }

        /// The state the game shows (`state`, protocol version 5); nil for an earlier probe, or when the probe
        /// was restarted since the session's reset (its state is then not the one the draws led to).
        func shownState() throws -> String? {
            guard client.version >= 5 else { return nil }
            let answer = client.tableShownState(sinceRestarts: restartsAtReset)
            if let failure = client.failure { throw failure }
            return answer
        }

        private func ask(_ verb: String, _ draws: [Double]) throws -> [DrawPick] {
            let answers = client.table(draws.map { client.tableRequest(verb, $0) })
            if let failure = client.failure { throw failure }
            return answers.map(ProbeTable.pick)
        }
    }
}
