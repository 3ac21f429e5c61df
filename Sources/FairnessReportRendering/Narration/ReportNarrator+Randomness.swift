import FairnessReport
import FairnessStatistics
import Foundation

extension ReportNarrator {
    /// A battery check's name: the publication's section and test, its part, and the level, such as
    /// `SP 800-22 2.13 cumulative sums (forward): proportion passing`.
    static func name(of check: RandomnessCheck) -> String {
        let part = text(check.part).map { " (\($0))" } ?? ""
        let level: String
        switch check.level {
        case .sequence: level = ""
        case .proportion: level = ": proportion passing"
        case .uniformity: level = ": uniformity of P-values"
        case .mostExtremeSequence: level = ": most extreme sequence"
        }
        let stream: String
        switch check.stream {
        case .all: stream = ""
        case .lowestBits(1): stream = ", lowest bit of each draw"
        case .lowestBits(let count): stream = ", lowest \(count) bits of each draw"
        }
        return "SP 800-22 \(check.test.section) \(name(of: check.test))\(part)\(stream)\(level)"
    }

    /// A draw test's name, such as `birthday spacings (top 24 bits of each draw)`.
    static func name(of check: DrawCheck) -> String {
        switch check {
        case .birthdaySpacings(let end): "birthday spacings (\(end == .top ? "top" : "low") 24 bits of each draw)"
        case .collisions(let end): "collisions (\(end == .top ? "top" : "low") 20 bits of each draw)"
        case .gaps: "gaps (draws whose top 4 bits are 0)"
        case .serialPairs: "serial pairs of draws (every resolution)"
        case .serialTriples: "serial triples of draws (every resolution)"
        case .pairCollisions: "collisions of pairs of draws (top 16 bits of each, exact law)"
        case .birthdaySpacingsOfPairs: "birthday spacings of pairs of draws (top 24 bits of each)"
        case .lowestBitAutocorrelation: "autocorrelation of the lowest bit of consecutive draws (lags 1 to 2^17, exact binomial)"
        }
    }

    /// A whole-input test's name, as the report shows it.
    static func name(of test: WholeInputTest) -> String {
        switch test {
        case .frequency: "whole input: frequency of ones (exact binomial)"
        case .longestRun: "whole input: longest run of equal bits (proven bound)"
        case .adjacentEqualBytes: "whole input: equal consecutive bytes (exact binomial, both alignments)"
        }
    }

    /// What a whole-input test counted, in one line.
    static func text(_ facts: WholeInputFacts) -> String {
        if let needed = facts.needed {
            return "inconclusive: the input has \(facts.bits) bits; the test needs at least \(needed)"
        }
        switch facts.test {
        case .frequency:
            return "\(facts.observed) ones in \(facts.bits) bits (a good source: half, \(number(Double(facts.bits) / 2)))"
        case .longestRun:
            let typical = facts.bits > 1 ? log2(Double(facts.bits)) : 1
            return
                "\(facts.observed) \(facts.runBit ?? 0)s in a row from bit \(facts.runStart ?? 0), the longest in \(facts.bits) bits (a good source: about log2 n = \(number(typical)))"
        case .adjacentEqualBytes:
            return
                "\(facts.observed) of \(facts.trials ?? 0) non-overlapping pairs of consecutive bytes equal, at the more extreme of the two alignments (a good source: 1 in 256, \(number(facts.expected ?? 0)))"
        }
    }

    static func text(_ facts: DrawFacts) -> String {
        if let needed = facts.needed {
            return "inconclusive: \(facts.draws) draws used; the test needs at least \(needed)"
        }
        var words = "\(facts.draws) draws"
        if let lag = facts.lag, let observed = facts.observed, let expected = facts.expected {
            words +=
                "; at lag \(lag) the lowest bits agree \(number(observed)) times in \(number(2 * expected)) pairs (a good source: half; Bonferroni over the lags)"
        } else if let resolutions = facts.resolutions, let bits = facts.bits {
            words += "; \(resolutions) resolutions, the most extreme \(bits) bits of each draw (Bonferroni over the resolutions)"
        } else if let observed = facts.observed, let expected = facts.expected {
            words += "; observed \(number(observed)), a good source gives \(number(expected)) on average"
        }
        return words
    }

    /// A test's name as the publication gives it, in lower case.
    static func name(of test: SP80022Test) -> String {
        switch test {
        case .frequency: "frequency (monobit)"
        case .blockFrequency: "frequency within a block"
        case .runs: "runs"
        case .longestRun: "longest run of ones in a block"
        case .rank: "binary matrix rank"
        case .spectral: "discrete Fourier transform (spectral)"
        case .nonOverlappingTemplate: "non-overlapping template matching"
        case .overlappingTemplate: "overlapping template matching"
        case .universal: "Maurer's universal statistical"
        case .linearComplexity: "linear complexity"
        case .serial: "serial"
        case .approximateEntropy: "approximate entropy"
        case .cumulativeSums: "cumulative sums"
        case .randomExcursions: "random excursions"
        case .randomExcursionsVariant: "random excursions variant"
        }
    }

    /// A part in words; nil for a test's only P-value.
    static func text(_ part: SP80022Part) -> String? {
        switch part {
        case .whole: nil
        case .forward: "forward"
        case .reverse: "reverse"
        case .firstDifference: "∇ψ²"
        case .secondDifference: "∇²ψ²"
        case .state(let x): "x = \(x > 0 ? "+" : "")\(x)"
        case .template(let bits, let length):
            "template " + String(repeating: "0", count: max(0, length - String(bits, radix: 2).count)) + String(bits, radix: 2)
        }
    }

    static func text(_ shortfall: SP80022Shortfall) -> String {
        switch shortfall {
        case .needsMoreBits(let needed, let given):
            "the test needs sequences of at least \(needed) bits; \(given) were given"
        case .tooFewCycles(let cycles, let needed):
            "the walk returned to zero \(cycles) times; the test needs \(needed) cycles (longer sequences have more)"
        case .frequencyPrerequisite(let proportion, let limit):
            "not performed: the proportion of ones \(number(proportion)) is \(number(limit)) or more from 1/2, which the frequency test rejects"
        }
    }

    static func text(_ facts: RandomnessFacts) -> String {
        var words: String
        if facts.sequences == 0 {
            words = "inconclusive: " + (facts.shortfall.map(text) ?? "no sequence could be tested")
        } else if facts.sequencesTested == 1 {
            words = "one sequence of \(facts.sequenceLength) bits"
        } else {
            words = "\(facts.failures) of \(count(facts.sequences, "sequence")) of \(facts.sequenceLength) bits below 0.01"
            words += "; P-values by tenths: " + facts.bins.map(String.init).joined(separator: " ")
        }
        if let templates = facts.templates, let worst = facts.worstTemplate.flatMap(text) {
            words += "; \(templates) templates, the most extreme \(worst) (Bonferroni over the templates)"
        }
        if let reference = facts.referenceProgram {
            words += "; with the class probabilities tabled in NIST's reference program (sts 2.1.2), not used for the verdict: "
            if facts.sequencesTested > 1 {
                words +=
                    "\(reference.failures) below 0.01, P-values by tenths: " + reference.bins.map(String.init).joined(separator: " ") + ", "
            }
            words += "this check's P-value " + pValue(reference.pValue, log10: reference.log10PValue)
        }
        if facts.sequences > 0, facts.sequences < facts.sequencesTested, let shortfall = facts.shortfall {
            words +=
                "; \(count(facts.sequencesTested - facts.sequences, "sequence")) not tested, the most demanding reason: " + text(shortfall)
        }
        return words
    }

    /// The bits a stream is made of, in words.
    static func text(_ stream: BitStream) -> String {
        switch stream {
        case .all: "every bit"
        case .lowestBits(1): "the lowest bit of each draw"
        case .lowestBits(let count): "the lowest \(count) bits of each draw"
        }
    }

    /// A whole number as an ordinal in words: 2nd, 3rd, 8th, 11th, 21st, …
    public static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    static func text(_ input: RandomnessInput) -> String {
        let read =
            input.format.isText
            ? "\(input.itemsRead) numbers"
            : input.format == .asciiBits ? "\(input.itemsRead) bits written as 0 and 1" : "\(input.itemsRead) bytes"
        var words = "Read \(read) (\(input.format.argument)), \(input.draws) draws"
        if let places = input.doubleDecimals {
            words += "; every double is written with at most \(places) decimals: tested as the whole numbers 0 to 10^\(places) - 1"
        } else if let resolution = input.doubleResolution {
            words += "; every double lies on the grid 2^-\(resolution) (\(resolution) random bits each)"
        }
        for stream in input.streams {
            let what = text(stream.stream)
            words +=
                "; \(what): \(stream.bits) bits, \(stream.sequences) sequence\(stream.sequences == 1 ? "" : "s") of \(stream.sequenceLength) bits tested"
            if let left = stream.sequencesSampledOut, let every = input.testedEvery, left > 0 {
                words +=
                    " (every \(ordinal(every)) whole sequence, a declared sample: \(left) more cut and not tested by the SP 800-22 tests)"
            }
            if stream.untestedBits > 0 { words += " (\(stream.untestedBits) bits after its last whole sequence, in no sequence)" }
        }
        if let ones = input.doublesWrittenAsOne {
            words +=
                "; \(ones) double\(ones == 1 ? "" : "s") written as 1 with decimals (below 1 before rounding to the decimals written) not tested"
        }
        if input.integersDropped > 0 { words += "; \(input.integersDropped) integers past the largest power of two of the range dropped" }
        if input.trailingBytes > 0 { words += "; \(input.trailingBytes) trailing bytes short of a word not used" }
        if input.looksLikeASCIIBits == true {
            words +=
                "; the input begins with only the characters 0 and 1 and whitespace: bits written as text (NIST's data files) are tested here as the characters' bytes, and --format ascii-bits tests the bits they write"
        }
        if let all = input.streams.first, all.sequences > 1, all.sequences < SP80022Tally.sequencesForUniformity {
            words += "; the uniformity of P-values needs \(SP80022Tally.sequencesForUniformity) sequences and is not tested"
        }
        return words + "."
    }
}
