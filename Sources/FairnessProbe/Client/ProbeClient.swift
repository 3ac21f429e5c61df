import Foundation
import Synchronization

/// A game's own code behind a probe: the connections (one for the exact checks, one more per sampling
/// worker), the answers already known, and the inputs on which the probe died.
///
/// A probe that dies on an input is restarted and the audit goes on: the input is recorded as a trap
/// (``traps``) and answered as no result. Any other fault — the probe does not start, answers garbage,
/// writes extra lines, hangs, or dies too often — is kept as ``fault`` and every later request is
/// answered as no result at once; the subject is then reported as one that could not be run.
public final class ProbeClient: Sendable {
    /// The command, as given.
    public let command: String
    /// Seconds without progress after which a batch is abandoned.
    public let timeout: Double
    /// `wheel` or `dice`.
    public let kind: String
    /// `double` or `float`.
    public let numberType: String
    /// The protocol version the probe speaks: 1, 2 (it answers `pick U`) or 3 (a wheel told its result up
    /// front also answers `target I U P` from the previous rotation, and sessions of `play I U`).
    public let version: Int
    /// Seconds the whole game's audit through the probe may take, from the probe's start; nil: no limit.
    public let deadline: Double?
    let started = Date()
    /// How fast the probe answers, and whether the audit can still end within ``deadline``.
    let pace: ProbePace
    /// Restarts allowed after the probe dies (each trap costs two: the death in a batch, then the death when
    /// the unanswered requests are replayed one at a time).
    public static let maximumRestarts = 1_000
    /// Restarts in a row with no answer in between after which a probe that dies on every request is given
    /// up (20 requests, each a death in a batch and a death replayed alone).
    public static let barrenRestarts = 40
    /// Answers per restart, on average since the start, below which a probe that has restarted
    /// ``barrenRestarts`` times is given up as dying on nearly every input.
    public static let answersPerRestart = 10

    struct State: Sendable {
        var connection: ProbeConnection?
        var spare: [ProbeConnection] = []
        var reports: [Double: String] = [:]
        var spins: [SpinKey: Double] = [:]
        var traps: [String] = []
        /// For each of ``traps``, the last lines of standard error of the start that died on it.
        var trapErrors: [[String]] = []
        var restarts = 0
        /// Restarts since the probe last answered anything: a probe that dies on every request is given up
        /// after ``ProbeClient/barrenRestarts`` of them, not after ``ProbeClient/maximumRestarts``.
        var restartsWithoutAnswer = 0
        /// Requests answered since the probe started, over every restart.
        var answered = 0
        var fault: ProbeError?
        /// The last lines of standard error of the start that had the fault.
        var faultErrors: [String] = []
    }

    struct SpinKey: Hashable {
        let draw: Double
        let previous: Double
    }

    private let state: Mutex<State>
    /// The first lines of the probe's standard error, over every start, on the terminal.
    let echo = StandardErrorEcho()
    /// Lines of standard error a report quotes from a start that died or failed.
    public static let quotedLines = 5

    /// Starts the probe and shakes hands; the probe declares its number type (`double` or `float`).
    /// - Throws: ``ProbeError`` if it does not start or answers the handshake wrongly.
    public init(command: String, timeout: Double, kind: String, deadline: Double? = nil) throws {
        self.command = command
        self.timeout = timeout
        self.kind = kind
        self.deadline = deadline
        pace = ProbePace(started: started, deadline: deadline)
        let connection = try ProbeConnection(command: command, timeout: timeout, kind: kind, numberType: nil, echo: echo)
        numberType = connection.numberType
        version = connection.version
        state = Mutex(State(connection: connection))
    }

    /// Tells the early estimate how many trials the audit will sample, over at most `parallel` connections.
    public func plan(trials: UInt64, parallel: Int) { pace.plan(trials: trials, parallel: parallel) }

    /// The fault that stopped the probe, if any.
    public var fault: ProbeError? { state.withLock { $0.fault } }
    /// The requests on which the probe died (each answered as no result), in the order they happened.
    public var traps: [String] { state.withLock { $0.traps } }
    /// The last lines (at most ``quotedLines``, escaped) that the start which died on the first of ``traps``
    /// wrote to its standard error; empty if it wrote none or nothing trapped.
    public var firstTrapStandardError: [String] { state.withLock { $0.trapErrors.first ?? [] } }
    /// The fault that stopped the probe, with the last lines its start wrote to standard error; nil if none.
    public var failure: ProbeFailure? { state.withLock { state in state.fault.map { ProbeFailure($0, standardError: state.faultErrors) } } }

    /// Answers `requests` in order through the main connection, restarting the probe where it dies (the
    /// request it died on is answered `trap`). Once a fault is recorded, answers every request `trap`.
    func ask(_ requests: [String], validate: @escaping (String, String) -> String?) -> [String] {
        state.withLock { state in Self.ask(requests, state: &state, client: self, validate: validate, spare: false) }
    }

    private static func ask(
        _ requests: [String], state: inout State, client: ProbeClient, validate: (String, String) -> String?, spare: Bool
    ) -> [String] {
        var answers: [String] = []
        answers.reserveCapacity(requests.count)
        var rest = requests[...]
        // After a death the culprit is unknown (a probe may answer a batch all at once at its end): the
        // unanswered requests are replayed one at a time until one kills the probe again — the trap.
        var stepping = false
        var lastDeath: [String] = []  // The latest dead start's last lines of standard error.
        while !rest.isEmpty {
            if state.fault == nil, let deadline = client.deadline, Date().timeIntervalSince(client.started) > deadline {
                state.fault = .pastDeadline(command: client.command, seconds: deadline)
                state.connection?.close()
            }
            guard state.fault == nil else {
                answers.append(contentsOf: repeatElement("trap", count: rest.count))
                break
            }
            do {
                if state.connection == nil || !state.connection!.isAlive {
                    state.connection = try ProbeConnection(
                        command: client.command, timeout: client.timeout, kind: client.kind, numberType: client.numberType,
                        echo: client.echo)
                }
                let connection = state.connection!
                let batch = stepping ? Array(rest.prefix(1)) : Array(rest)
                let got = try connection.exchange(batch, pace: client.pace)
                for (request, answer) in zip(batch, got) {
                    if let expected = validate(request, answer) {
                        throw ProbeError.badAnswer(command: client.command, request: request, answer: answer, expected: expected)
                    }
                }
                answers.append(contentsOf: got)
                rest = rest.dropFirst(got.count)
                state.answered += got.count
                if !got.isEmpty { state.restartsWithoutAnswer = 0 }
                if got.count == batch.count {
                    if let extra = connection.extraLine() {
                        throw ProbeError.extraLines(command: client.command, after: batch.last!, extra: extra)
                    }
                    continue
                }
                state.restarts += 1
                state.restartsWithoutAnswer += 1
                state.connection = nil
                lastDeath = connection.standardError.lastLines(ProbeClient.quotedLines)
                if stepping {
                    // Died on this very request: a trap here; back to batches.
                    let culprit = rest.first!
                    state.traps.append(culprit)
                    state.trapErrors.append(lastDeath)
                    answers.append("trap")
                    rest = rest.dropFirst()
                    stepping = false
                } else {
                    stepping = true
                }
                // A probe that dies after almost every answer (fewer than ``answersPerRestart`` per restart
                // once ``barrenRestarts`` have happened) is a game that crashes on nearly every input: given up
                // in seconds, not after ``maximumRestarts``.
                let dyingAlmostAlways =
                    state.restarts >= ProbeClient.barrenRestarts && state.answered < state.restarts * ProbeClient.answersPerRestart
                if state.restarts > ProbeClient.maximumRestarts || state.restartsWithoutAnswer >= ProbeClient.barrenRestarts
                    || dyingAlmostAlways
                {
                    throw ProbeError.keepsDying(command: client.command, restarts: state.restarts, lastRequest: rest.first ?? batch.last!)
                }
            } catch let error as ProbeError {
                state.fault = error
                state.connection?.close()
                state.faultErrors = faultLines(error, connection: state.connection, lastDeath: lastDeath)
            } catch {
                state.fault = .didNotStart(command: client.command, reason: "\(error)")
            }
        }
        return answers
    }

    /// The lines of standard error a fault quotes: the failing start's, or the latest dead start's when none
    /// is left (a probe that keeps dying); none for a start that did not start (its reason quotes them).
    private static func faultLines(_ error: ProbeError, connection: ProbeConnection?, lastDeath: [String]) -> [String] {
        if case .didNotStart = error { return [] }
        return connection?.standardError.lastLines(quotedLines) ?? lastDeath
    }

    // MARK: Wheels

    /// The probe's result at `rotation` (in the spec's convention): a label, `none`, or `trap`.
    func report(_ rotation: Double) -> String {
        if let known = state.withLock({ $0.reports[rotation] }) { return known }
        prefetchReports([rotation])
        return state.withLock { $0.reports[rotation] } ?? "trap"
    }

    func prefetchReports(_ rotations: [Double]) {
        let missing = state.withLock { state in rotations.filter { state.reports[$0] == nil } }
        guard !missing.isEmpty else { return }
        var unique: [Double] = []
        var seen = Set<Double>()
        for r in missing where seen.insert(r).inserted { unique.append(r) }
        let answers = ask(unique.map { "report \(ProbeNumbers.format($0, numberType))" }, validate: ProbeNumbers.validateReport)
        state.withLock { state in for (r, a) in zip(unique, answers) { state.reports[r] = a } }
    }

    /// The probe's rotation after drawing `draw` from `previous` (spec convention); NaN after a trap.
    func spin(_ draw: Double, from previous: Double) -> Double {
        let key = SpinKey(draw: draw, previous: previous)
        if let known = state.withLock({ $0.spins[key] }) { return known }
        prefetchSpins([draw], from: previous)
        return state.withLock { $0.spins[key] } ?? .nan
    }

    func prefetchSpins(_ draws: [Double], from previous: Double) {
        let missing = state.withLock { state in draws.filter { state.spins[SpinKey(draw: $0, previous: previous)] == nil } }
        guard !missing.isEmpty else { return }
        let p = ProbeNumbers.format(previous, numberType)
        let answers = ask(missing.map { "spin \(ProbeNumbers.format($0, numberType)) \(p)" }, validate: ProbeNumbers.validateNumber)
        state.withLock { state in
            for (draw, answer) in zip(missing, answers) {
                state.spins[SpinKey(draw: draw, previous: previous)] = answer == "trap" ? .nan : Double(answer) ?? .nan
            }
        }
    }

    /// One session on a connection of its own (sampling workers run in parallel): `reset`, then one
    /// `play U` per draw; each answer is `ROTATION RESULT`.
    func playSession(_ draws: [Double]) -> [String] {
        session(draws.map { "play \(ProbeNumbers.format($0, numberType))" }, validate: ProbeNumbers.validatePlay)
    }

    /// `reset`, then `plays`, on a connection of its own; the answers to `plays`.
    private func session(_ plays: [String], validate: @escaping (String, String) -> String?) -> [String] {
        // A probe that has already failed is not started again for every block of trials.
        if state.withLock({ $0.fault != nil }) { return Array(repeating: "trap", count: plays.count) }
        var connection = state.withLock { state -> ProbeConnection? in state.fault == nil ? state.spare.popLast() : nil }
        var session = State(connection: connection)
        session.restarts = 0
        let requests = ["reset"] + plays
        let answers = Self.ask(requests, state: &session, client: self, validate: validate, spare: true)
        connection = session.connection
        state.withLock { state in
            if let fault = session.fault, state.fault == nil { (state.fault, state.faultErrors) = (fault, session.faultErrors) }
            state.traps.append(contentsOf: session.traps)
            state.trapErrors.append(contentsOf: session.trapErrors)
            if let connection, connection.isAlive, state.fault == nil { state.spare.append(connection) }
        }
        return Array(answers.dropFirst())
    }

    // MARK: Wheels told their result up front

    /// The probe's answers to `target I U` for each (index, draw) — `target I U P` from the rotation
    /// `previous` (in the spec's convention) for a version 3 probe — in order: `ROTATION LABEL`,
    /// `ROTATION none`, `ROTATION trap`, `refused`, or `trap` (never cached: a game's stop may depend on its
    /// draw).
    func targets(_ requests: [(index: Int, u: Double)], from previous: Double) -> [String] {
        let from = version >= 3 ? " " + ProbeNumbers.format(previous, numberType) : ""
        return ask(requests.map { "target \($0.index) \(unitDraw($0.u))" + from }, validate: ProbeNumbers.validateTarget)
    }

    /// One session of a version 3 probe's wheel told its result up front, on a connection of its own:
    /// `reset`, then `play I U` for each (index, draw), each spin from where the one before left the wheel;
    /// the answers as for ``targets(_:from:)``.
    func targetSession(_ requests: [(index: Int, u: Double)]) -> [String] {
        session(requests.map { "play \($0.index) \(unitDraw($0.u))" }, validate: ProbeNumbers.validateTargetPlay)
    }

    /// A draw u in [0, 1) as the probe's number type writes it, below 1 there too (1 − 2⁻⁵³ would read
    /// back as 1.0 in a float).
    private func unitDraw(_ u: Double) -> String {
        ProbeNumbers.format(numberType == "float" ? min(u, Double(Float(1).nextDown)) : u, numberType)
    }

    /// The probe's answers to `pick U` for each draw, in order: an index (any whole number) or `trap`.
    func picks(_ draws: [Double]) -> [String] {
        ask(draws.map { "pick \(unitDraw($0))" }, validate: ProbeNumbers.validatePick)
    }

    // MARK: Prize draws

    /// The probe's answers to prize-draw requests (`reset`, `draw U`, `peek U`) on the main connection, in order.
    func table(_ requests: [String]) -> [String] { ask(requests, validate: ProbeNumbers.validateTable) }

    /// The state a version 5 probe's game shows the player now (`state`, on the main connection): a name
    /// of printable ASCII characters, spaces and commas allowed (`guaranteed, pity 0`); nil if the probe
    /// died and was restarted on it, or since `restarts` (a fresh process shows a fresh state, not the one
    /// the draws led to).
    func tableShownState(sinceRestarts restarts: Int) -> String? {
        let answer = ask(["state"]) { _, answer in
            answer != "trap" && !answer.isEmpty && answer.count <= 200
                && answer.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) })
                && answer == answer.trimmingCharacters(in: .whitespaces)
                ? nil : "the name of a state (printable ASCII characters, at most 200)"
        }.first
        return restartCount == restarts ? answer : nil
    }

    /// How many times the probe has been restarted after dying.
    var restartCount: Int { state.withLock { $0.restarts } }

    /// One session of a prize draw on a connection of its own: `reset`, then `draw U` for each draw.
    func tableSession(_ draws: [Double]) -> [String] {
        session(draws.map { "draw \(unitDraw($0))" }, validate: ProbeNumbers.validateTable)
    }

    /// `VERB U` for a draw u, as the probe's number type writes it.
    func tableRequest(_ verb: String, _ u: Double) -> String { "\(verb) \(unitDraw(u))" }

    // MARK: Dice

    /// The probe's answers to dice requests (`straight`, `category`, `hand`, `roll`), in order. A roll's
    /// faces must be whole numbers; one outside 1 ... F is the game's answer (an invalid outcome the
    /// audit reports), not a protocol fault.
    func dice(_ requests: [String]) -> [String] {
        ask(requests) { request, answer in ProbeNumbers.validateDice(request, answer) }
    }

    /// Stops every probe process, and says on the terminal how much of the probe's standard error was not
    /// shown there.
    public func close() {
        state.withLock { state in
            state.connection?.close()
            for connection in state.spare { connection.close() }
            state.spare.removeAll()
        }
        echo.summarise(command: command)
    }
}
