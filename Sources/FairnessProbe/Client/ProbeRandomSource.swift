import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// The game's own random source through its probe (protocol version 4, `random N`), tested by the
/// randomness battery: what `audit run --spec GAME --probe COMMAND` adds for a probe that speaks it.
public enum ProbeRandomSource {
    /// Draws asked for in one `random N` request (an answer line of about 200 KB).
    public static let drawsPerRequest = 8192
    /// What a `random N` answer looks like, for messages.
    static let expected = "TYPE then N numbers: 'double' (each in [0, 1)), 'u32', 'u64', or 'int LOW HIGH' (each in LOW ... HIGH)"

    /// Bits of every bit the probe's draws must give (eight sequences of 10⁶ bits, so that the random
    /// excursions tests, which a sequence's walk allows 62% of the time, run on some), while the draws stay
    /// within ``maximumDraws``.
    public static let bitsWanted: UInt64 = 8_000_000
    /// The most draws asked for, however few bits each gives.
    public static let maximumDraws = 1 << 24

    /// The random source of `command` (a probe of `kind`) as a subject of the audit, named `name`: tested as
    /// ``test(command:timeout:kind:draws:battery:)`` does, a ``ProbeError`` failing the subject as one that
    /// could not be run.
    public static func subject(name: String, command: String, timeout: Double, kind: String, draws count: Int) -> RandomSourceSubject {
        RandomSourceSubject(name: name) { battery in
            do {
                return try test(command: command, timeout: timeout, kind: kind, draws: count, battery: battery)
            } catch let fault as ProbeError {
                throw RandomSourceSubject.Unreadable(fault.description)
            }
        }
    }

    /// The draws of `command`'s random source (a probe of `kind`), at least `count` of them, and more (up to
    /// ``maximumDraws``) until they give ``bitsWanted`` bits (a die's draws give 2 bits each), through the
    /// battery; nil for a probe that speaks a version below 4 (it has no `random`).
    /// - Throws: ``ProbeError`` if the probe does not start, answers wrongly, changes its answer's type,
    ///   dies or hangs; `StatisticsError` from the battery.
    public static func test(
        command: String, timeout: Double, kind: String, draws count: Int, battery: RandomnessBattery
    ) throws
        -> RandomnessBatteryResult?
    {
        let echo = StandardErrorEcho()
        let connection = try ProbeConnection(command: command, timeout: timeout, kind: kind, numberType: nil, echo: echo)
        defer {
            connection.close()
            echo.summarise(command: command)
        }
        guard connection.version >= 4 else { return nil }
        do {
            return try draws(from: connection, command: command, count: count, battery: battery)
        } catch let error as LogError {
            // A draw the battery refuses once it has seen more (a 1 among doubles without fixed decimals).
            throw ProbeError.badAnswer(
                command: command, request: "random", answer: "draw \(error.line): \(error.message)", expected: expected)
        }
    }

    /// Asks the probe for draws until `count` and enough bits, and tests them.
    private static func draws(
        from connection: ProbeConnection, command: String, count: Int, battery: RandomnessBattery
    ) throws -> RandomnessBatteryResult? {
        var feed: RandomnessBattery.Feed?
        var header: [Substring] = []
        var remaining = count, asked = 0
        while remaining > 0 || (asked < maximumDraws && (feed?.bits ?? 0) < bitsWanted) {
            if remaining <= 0 { remaining = min(maximumDraws - asked, 8 * drawsPerRequest) }
            let sizes = stride(from: 0, to: min(remaining, 8 * drawsPerRequest), by: drawsPerRequest).map {
                min(drawsPerRequest, remaining - $0)
            }
            let requests = sizes.map { "random \($0)" }
            let answers = try connection.exchange(requests)
            for (index, request) in requests.enumerated() {
                guard index < answers.count else {
                    throw ProbeError.badAnswer(command: command, request: request, answer: "(none: the probe exited)", expected: expected)
                }
                let words = answers[index].split(separator: " ", omittingEmptySubsequences: true)
                let width = words.first == "int" ? 3 : 1
                guard words.count == width + sizes[index], feed == nil || Array(words.prefix(width)) == header,
                    let format = Self.format(of: Array(words.prefix(width)))
                else {
                    throw ProbeError.badAnswer(
                        command: command, request: request, answer: String(answers[index].prefix(80)), expected: expected)
                }
                if feed == nil { (feed, header) = (RandomnessBattery.Feed(battery: battery, format: format), Array(words.prefix(width))) }
                for word in words.dropFirst(width) {
                    guard try Self.add(word, format: format, to: &feed!) else {
                        throw ProbeError.badAnswer(
                            command: command, request: request, answer: "… \(word.prefix(40)) …", expected: expected)
                    }
                }
            }
            remaining -= sizes.reduce(0, +)
            asked += sizes.reduce(0, +)
        }
        if let extra = connection.extraLine() {
            throw ProbeError.extraLines(command: command, after: "random", extra: String(extra.prefix(80)))
        }
        return try feed?.finish()
    }

    /// The battery's format for an answer's type words.
    static func format(of header: [Substring]) -> RandomInputFormat? {
        switch header.first {
        case "double": return .doubles
        case "u32": return .words32(.big)
        case "u64": return .words64(.big)
        case "int":
            guard header.count == 3, let low = Int64(header[1]), let high = Int64(header[2]), low < high else { return nil }
            return .integers(low...high)
        default: return nil
        }
    }

    /// Adds one number of an answer; false if it is not a number of the format.
    static func add(_ word: Substring, format: RandomInputFormat, to feed: inout RandomnessBattery.Feed) throws -> Bool {
        switch format {
        case .doubles:
            // `1.000000` may be a double just below 1 rounded up to the decimals written: the feed decides.
            guard let value = Double(word), value >= 0, value < 1 || (value == 1 && word.contains(".")) else { return false }
            try feed.add(double: value, text: String(word))
        case .integers(let range):
            guard let value = Int64(word), range.contains(value) else { return false }
            try feed.add(integer: UInt64(bitPattern: value))
        case .words32:
            guard let value = UInt64(word), value <= UInt64(UInt32.max) else { return false }
            try feed.add(integer: value)
        default:
            guard let value = UInt64(word) else { return false }
            try feed.add(integer: value)
        }
        return true
    }
}

extension GameSpec {
    /// The kind a probe of this game answers the handshake with: `wheel`, `target`, `dice` or `table`.
    public var probeKind: String {
        switch game {
        case .wheel(let declared) where declared.draw == .target: "target"
        case .wheel: "wheel"
        case .dice: "dice"
        case .table: "table"
        }
    }
}
