import Foundation
import TestSupport
import Testing

/// `audit --help` and `audit run --help` as a user reads them: defaults as they are typed, each default
/// once, the exit statuses, and no Swift type names leaking into the text.
@Suite("audit help text", .fullTierOnly)
struct HelpTests {
    @Test func rootHelpListsSubcommandsAndExitStatuses() throws {
        let help = try AuditProcess.run(["--help"])
        #expect(help.status == 0)
        for line in [
            "USAGE: audit <subcommand>", "run (default)", "list", "EXIT STATUS",
            "0    every gated check passed", "1    a gated check failed",
            "2    no gated check failed, but one was inconclusive (the report says why)",
            "64   bad input or usage", "70   internal error", "130  interrupted (Ctrl-C)",
        ] {
            #expect(help.stdout.contains(line), "missing \(line) in\n\(help.stdout)")
        }
        #expect(!help.stdout.contains("bench"), "the benchmarks are built beside the product (audit-bench), not in it")
    }

    @Test func runHelpShowsDefaultsAsUsersTypeThem() throws {
        let help = try AuditProcess.run(["run", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for expected in [
            "(default: 1000000)", "(default: 20261121)", "(default: all cores)", "(default: xoshiro)",
            "(default: 1e-06)", "(default: Reports)", "(default: exact,fairness,sampling,invalid)", "(default: 10000)", "(default: 10.0)",
            "(default: 1e8)", "(default: 3600.0)",
        ] {
            #expect(text.contains(expected), "missing \(expected) in\n\(help.stdout)")
        }
        for leak in ["TrialCount", "SeedChoice", "Optional(", "value:"] {
            #expect(!text.contains(leak), "\(leak) leaks into help:\n\(help.stdout)")
        }
        #expect(text.components(separatedBy: "(default:").count - 1 == 12, "each option shows one default:\n\(help.stdout)")
    }

    @Test func versionIsTheToolkitVersion() throws {
        let version = try AuditProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(arguments: [["--trials", "-5"], ["--seed", "-1"], ["--threads", "0"], ["--bogus"], ["run", "--trials"]])
    func usageErrorsAreOneLineNamingTheValue(arguments: [String]) throws {
        let result = try AuditProcess.run(arguments + ["--subject", "reference-wheel-37", "--out", AuditProcess.temporaryDirectory()])
        #expect(result.status == 64)
        let lines = result.stderr.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        #expect(lines.first?.hasPrefix("audit: error: ") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value") || arguments == ["run", "--trials"], "\(result.stderr)")
        if let value = arguments.dropFirst().first, value.hasPrefix("-"), value != "--trials" {
            #expect(result.stderr.contains("'\(value)'"), "names the value: \(result.stderr)")
        }
    }
}
