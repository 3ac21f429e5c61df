import Foundation
import TestSupport
import Testing

/// Random and mutated command lines: whatever a user types, `audit` ends with a documented status (0, 1,
/// 2 or 64), never an internal error (70) or a signal; a usage error is one line naming the problem and
/// writes no report. Bounded by `AUDIT_FUZZ_SECONDS` (default 45) and `AUDIT_FUZZ_CASES` (default 400);
/// `AUDIT_FUZZ_SEED` picks the sequence. Command lines that once failed are replayed first from
/// `Fixtures/fuzz-regressions.txt` (one command line per line, words separated by tabs).
@Suite("fuzzed command lines", .serialized, .fullTierOnly)
struct FuzzTests {
    static let options = [
        "--trials", "--seed", "--threads", "--subject", "--rng", "--alpha", "--out", "--fail-on", "--quiet",
        "--help", "--version", "-h", "--bogus", "--", "-", "run", "list", "help",
    ]
    static let values = [
        "0", "1", "-1", "-5", "7", "abc", "1e6", "1e30", "1e-300", "2.5", "", " ", "NaN", "inf", "-0",
        "18446744073709551615", "18446744073709551616", "1024", "1025", "random", "philox", "system",
        "gsl:mt19937", "gsl:randu", "gsl:", "gsl:nope", "reference-wheel-37", "slider-roulette-7",
        "reference-dice-5d6", "target-index-wheel-6", "no-such-subject", "exact", "exact,sampling",
        "exact,,", "fairness,invalid", "everything", "0.5", "1e-6", "é", "--trials", "🎡",
        String(repeating: "9", count: 400),
    ]

    /// What a fuzzed command line is run with: reports into a fresh directory unless it names its own
    /// (then a fresh one, a file, or an unwritable place), and always a cheap subject and trial count last,
    /// so a valid line finishes in a moment (the fuzzed values are still parsed and validated).
    static func finish(_ words: [String], out: String, file: String, cheap: Bool = true) -> [String] {
        var words = words
        var namesOut = false
        for index in words.indices where words[index] == "--out" && index + 1 < words.count {
            namesOut = true
            words[index + 1] = [out, file, "/proc/audit-cannot-write"][words[index + 1].utf8.count % 3]
        }
        let listOnly = words.first == "list" || words.first == "help"
        if listOnly { return words }
        return words + ["--subject", "reference-wheel-37"] + (cheap ? ["--trials", "300"] : []) + (namesOut ? [] : ["--out", out])
    }

    static func generate(_ generator: inout SplitMix64) -> [String] {
        var words: [String] = []
        let count = Int(generator.next() % 7)
        for _ in 0..<count {
            let option = options[Int(generator.next() % UInt64(options.count))]
            words.append(option)
            if generator.next() % 5 != 0 { words.append(values[Int(generator.next() % UInt64(values.count))]) }
        }
        // Mutations: drop, duplicate or swap a word, or splice characters into one.
        switch generator.next() % 5 {
        case 0 where !words.isEmpty: words.remove(at: Int(generator.next() % UInt64(words.count)))
        case 1 where !words.isEmpty: words.append(words[Int(generator.next() % UInt64(words.count))])
        case 2 where words.count >= 2: words.swapAt(0, words.count - 1)
        case 3 where !words.isEmpty:
            let index = Int(generator.next() % UInt64(words.count))
            words[index] += ["=", "x", "0", "\u{0}", "e9"][Int(generator.next() % 5)]
        default: break
        }
        return words
    }

    func check(_ words: [String], root: String, cheap: Bool = true) throws {
        let out = root + "/out-\(UUID().uuidString)", file = root + "/a-file"
        let arguments = Self.finish(words, out: out, file: file, cheap: cheap)
        let result = try AuditProcess.runEnding(arguments)
        let line = arguments.joined(separator: " ")
        #expect(!result.signalled, "signal \(result.status): \(line)")
        #expect([0, 1, 2, 64].contains(result.status), "exit \(result.status): \(line)\n\(result.stderr)")
        if result.status == 64 && !result.signalled {
            let lines = result.stderr.split(whereSeparator: \.isNewline)
            #expect(lines.count == 1 && lines[0].hasPrefix("audit: error: "), "\(line)\n\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/audit.md"), "a report was written on bad input: \(line)")
        }
    }

    @Test func fuzzedCommandLinesEndWithADocumentedStatus() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["AUDIT_FUZZ_SECONDS"] ?? "") ?? 45
        let cases = Int(environment["AUDIT_FUZZ_CASES"] ?? "") ?? 400
        var generator = SplitMix64(seed: UInt64(environment["AUDIT_FUZZ_SEED"] ?? "") ?? 20261123)
        let root = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: root + "/a-file"))

        let corpus = try String(
            contentsOf: Bundle.module.url(forResource: "fuzz-regressions", withExtension: "txt", subdirectory: "Fixtures")!,
            encoding: .utf8)
        for entry in corpus.split(separator: "\n") where !entry.hasPrefix("#") {
            try check(entry.split(separator: "\t", omittingEmptySubsequences: false).map(String.init), root: root, cheap: false)
        }
        let start = Date()
        var run = 0
        while run < cases && Date().timeIntervalSince(start) < seconds {
            try check(Self.generate(&generator), root: root)
            run += 1
        }
        #expect(run >= 20, "only \(run) fuzzed command lines ran")
    }
}
