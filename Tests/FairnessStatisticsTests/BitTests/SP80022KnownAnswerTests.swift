import Foundation
import Testing

@testable import FairnessStatistics

/// The fixture written by `Fixtures/make_sp800_22_reference.py`: P-values of every test on the first
/// 10⁶ binary digits of e (mpmath) and on the publication's worked examples, computed in NumPy/SciPy.
struct SP80022Reference: Decodable {
    struct Figures: Decodable { let p: Double?; let p1: Double?; let p2: Double?; let chi2: Double?; let counts: [Int]? }
    struct State: Decodable { let state: Int; let p: Double }
    struct States: Decodable { let cycles: Int; let states: [State]? }
    struct Template: Decodable { let template: String; let p: Double }
    struct CusumTail: Decodable { let n: Int; let z: Int; let p: Double }
    let e: [String: AnyFigures]
    let examples: [String: Figures]
    let constants: [String: AnyConstants]
    let cusumTails: [CusumTail]

    /// A row of the e table: plain figures, the excursion states, or the 148 templates.
    enum AnyFigures: Decodable {
        case figures(Figures), states(States), templates([Template])
        init(from decoder: Decoder) throws {
            if let templates = try? [Template](from: decoder) { self = .templates(templates); return }
            if let states = try? States(from: decoder), states.states != nil { self = .states(states); return }
            self = .figures(try Figures(from: decoder))
        }
        var figures: Figures? { if case .figures(let f) = self { f } else { nil } }
        var states: [State] { if case .states(let s) = self { s.states ?? [] } else { [] } }
        var templates: [Template] { if case .templates(let t) = self { t } else { [] } }
    }

    enum AnyConstants: Decodable {
        case list([Double]), count(Int)
        init(from decoder: Decoder) throws {
            if let list = try? [Double](from: decoder) { self = .list(list) } else { self = .count(try Int(from: decoder)) }
        }
        var list: [Double] { if case .list(let l) = self { l } else { [] } }
    }

    static let shared: SP80022Reference = loadFixture("sp800_22_reference")

    /// The first 10⁶ binary digits of e, from the fixture `sp800_22_e.bin`.
    static let eDigits: BitSequence = {
        guard let url = Bundle.module.url(forResource: "sp800_22_e", withExtension: "bin", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { fatalError("missing fixture Fixtures/sp800_22_e.bin; run Fixtures/make_sp800_22_reference.py") }
        return BitSequence(bytes: data)
    }()
}

/// The single P-value of an outcome's `part`.
func pValue(_ outcome: SP80022Outcome, _ part: SP80022Part = .whole) -> Double? {
    outcome.results.first { $0.part == part }?.pValue
}

/// The publication's figure to the digits it prints: |actual − printed| ≤ half a unit in its last place.
func expectPrinted(
    _ actual: Double?, _ printed: Double, decimals: Int = 6, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let halfUnit = 0.5 * pow(10, -Double(decimals)) + 1e-12
    guard let actual else {
        Issue.record("\(what): no P-value", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(actual - printed) <= halfUnit, "\(what): \(actual) is not the printed \(printed)", sourceLocation: sourceLocation)
}

@Suite("NIST SP 800-22 rev. 1a: known answers")
struct SP80022KnownAnswerTests {
    let e = SP80022Reference.eDigits
    let reference = SP80022Reference.shared

    @Test func theDigitsOfEAreTheFixture() {
        #expect(e.count == 1_000_000)
        #expect(e.window(at: 0, length: 32) == 0b1010_1101_1111_1000_0101_0100_0101_1000)
        #expect(e.onesCount == 500_029)
    }

    /// Appendix B's row for e (and sections 2.x.8), with the reference program's constants: every
    /// printed figure to its sixth decimal, except the two errata stated here.
    @Test func theAppendixTableForE() throws {
        var parameters = SP80022Parameters()
        parameters.constants = .referenceProgram
        let run = { (test: SP80022Test) in try SP80022.run(test, on: self.e, parameters: parameters) }
        expectPrinted(pValue(try run(.frequency)), 0.953749, "frequency")
        expectPrinted(pValue(try run(.blockFrequency)), 0.211072, "block frequency, M = 128")
        expectPrinted(pValue(try run(.runs)), 0.561917, "runs")
        expectPrinted(pValue(try run(.longestRun)), 0.718945, "longest run, M = 10,000")
        expectPrinted(pValue(try run(.rank)), 0.306156, "rank")
        expectPrinted(pValue(try run(.spectral)), 0.847187, "spectral")
        expectPrinted(pValue(try run(.nonOverlappingTemplate), .template(bits: 1, length: 9)), 0.078790, "template 000000001")
        expectPrinted(pValue(try run(.overlappingTemplate)), 0.110434, "overlapping template, m = 9")
        expectPrinted(pValue(try run(.universal)), 0.282568, "universal, L = 7, Q = 1280")
        expectPrinted(pValue(try run(.linearComplexity)), 0.826335, "linear complexity, M = 500")
        let serial = try run(.serial)
        expectPrinted(pValue(serial, .firstDifference), 0.766182, "serial ∇ψ², m = 16")
        expectPrinted(pValue(serial, .secondDifference), 0.462921, "serial ∇²ψ², m = 16")
        expectPrinted(pValue(try run(.approximateEntropy)), 0.700073, "approximate entropy, m = 10")
        expectPrinted(pValue(try run(.randomExcursionsVariant), .state(-1)), 0.826009, "random excursions variant, x = −1")
        // Erratum 1: the publication prints 0.669887 and 0.724266. Its reference program (sts 2.1.2,
        // run on data.e) prints 0.669886 and 0.724265, as do mpmath's normal CDF and GSL's here.
        let sums = try run(.cumulativeSums)
        expectPrinted(pValue(sums, .forward), 0.669886, "cumulative sums forward (printed 0.669887)")
        expectPrinted(pValue(sums, .reverse), 0.724265, "cumulative sums reverse (printed 0.724266)")
        // Erratum 2: section 2.14.8 prints, for x = +1 … +4, 0.778616, 0.365752, 0.790853, 0.792378;
        // the reference program on data.e gives 0.786868, 0.440912, 0.797854, 0.778186 (as here). The
        // negative states' printed figures (0.573306, 0.197996, 0.164011, 0.007779) are reproduced.
        let excursions = try run(.randomExcursions)
        let program: [Int: Double] = [
            -4: 0.573306, -3: 0.197996, -2: 0.164011, -1: 0.007779, 1: 0.786868, 2: 0.440912, 3: 0.797854, 4: 0.778186,
        ]
        for (state, figure) in program { expectPrinted(pValue(excursions, .state(state)), figure, "random excursions x = \(state)") }
    }

    /// With exact constants, the three tests whose constants differ also give, from the same counts, the
    /// reference program's P-value: the publication's printed figure for e, and bit for bit the P-value of
    /// a run with the reference program's constants. No other test, and no run with those constants, does.
    @Test func exactConstantsCarryTheReferenceProgramsPValueBesideTheirOwn() throws {
        var referenceParameters = SP80022Parameters()
        referenceParameters.constants = .referenceProgram
        let printed: [SP80022Test: Double] = [.longestRun: 0.718945, .overlappingTemplate: 0.110434, .linearComplexity: 0.826335]
        var other = BitSequence(capacity: e.count)  // a second sequence whose counts differ
        for (index, word) in e.words.enumerated() { other.append(index % 7 == 3 ? ~word : word, bitCount: 64) }
        for bits in [e, other] {
            for test in SP80022Test.allCases {
                let exact = try SP80022.run(test, on: bits).results
                let reference = try SP80022.run(test, on: bits, parameters: referenceParameters).results
                #expect(reference.allSatisfy { $0.referenceProgramPValue == nil && $0.referenceProgramLog10PValue == nil })
                guard printed[test] != nil else {
                    #expect(exact.allSatisfy { $0.referenceProgramPValue == nil }, "\(test)")
                    continue
                }
                #expect(exact.count == 1 && reference.count == 1)
                #expect(exact[0].referenceProgramPValue == reference[0].pValue, "\(test)")
                #expect(exact[0].referenceProgramLog10PValue == reference[0].log10PValue, "\(test)")
                #expect(exact[0].pValue != reference[0].pValue, "\(test): the constants differ, so do the P-values")
            }
        }
        for (test, figure) in printed {
            expectPrinted(try SP80022.run(test, on: e).results[0].referenceProgramPValue, figure, "\(test) beside the exact P-value")
        }
    }

    /// The same tests with exact class probabilities: every P-value equals the fixture's independent
    /// NumPy/SciPy computation, including all 148 templates and every excursion state.
    @Test func theETableWithExactConstantsMatchesTheIndependentComputation() throws {
        let outcomes = try SP80022.runAll(on: e)
        func figure(_ key: String) -> SP80022Reference.Figures { reference.e[key]!.figures! }
        let single: [(SP80022Test, String)] = [
            (.frequency, "frequency"), (.blockFrequency, "block frequency M=128"), (.runs, "runs"), (.rank, "rank"),
            (.spectral, "spectral"), (.universal, "universal L=7 Q=1280"), (.approximateEntropy, "approximate entropy m=10"),
            (.longestRun, "longest run (exact)"), (.overlappingTemplate, "overlapping template m=9 (exact)"),
            (.linearComplexity, "linear complexity M=500 (exact)"),
        ]
        for (test, key) in single { expectClose(pValue(outcomes[test]!), figure(key).p!, "\(test)") }
        expectClose(pValue(outcomes[.serial]!, .firstDifference), figure("serial m=16").p1!, "serial ∇ψ²")
        expectClose(pValue(outcomes[.serial]!, .secondDifference), figure("serial m=16").p2!, "serial ∇²ψ²")
        expectClose(pValue(outcomes[.cumulativeSums]!, .forward), figure("cusum forward").p!, tolerance: 1e-7, "cusum forward")
        expectClose(pValue(outcomes[.cumulativeSums]!, .reverse), figure("cusum reverse").p!, tolerance: 1e-7, "cusum reverse")
        for state in reference.e["random excursions"]!.states {
            expectClose(pValue(outcomes[.randomExcursions]!, .state(state.state)), state.p, "random excursions x = \(state.state)")
        }
        for state in reference.e["random excursions variant"]!.states {
            expectClose(pValue(outcomes[.randomExcursionsVariant]!, .state(state.state)), state.p, "variant x = \(state.state)")
        }
        let templates = reference.e["non-overlapping template m=9"]!.templates
        #expect(templates.count == 148 && outcomes[.nonOverlappingTemplate]!.results.count == 148)
        for template in templates {
            let part = SP80022Part.template(bits: UInt64(template.template, radix: 2)!, length: 9)
            expectClose(pValue(outcomes[.nonOverlappingTemplate]!, part), template.p, "template \(template.template)")
        }
    }
}
