extension SP80022 {
    /// One test of the suite on one sequence, at `parameters`.
    public static func run(_ test: SP80022Test, on bits: BitSequence, parameters: SP80022Parameters = .init()) throws -> SP80022Outcome {
        switch test {
        case .frequency: try frequency(bits, checkingInputSize: parameters.checksInputSizes)
        case .blockFrequency:
            try blockFrequency(bits, blockLength: parameters.blockFrequencyLength, checkingInputSize: parameters.checksInputSizes)
        case .runs: try runs(bits, checkingInputSize: parameters.checksInputSizes)
        case .longestRun: try longestRun(bits, constants: parameters.constants, checkingInputSize: parameters.checksInputSizes)
        case .rank: try rank(bits, checkingInputSize: parameters.checksInputSizes)
        case .spectral: try spectral(bits, checkingInputSize: parameters.checksInputSizes)
        case .nonOverlappingTemplate:
            try nonOverlappingTemplate(
                bits, templateLength: parameters.templateLength, blocks: parameters.templateBlocks,
                checkingInputSize: parameters.checksInputSizes)
        case .overlappingTemplate:
            try overlappingTemplate(
                bits, templateLength: parameters.overlappingTemplateLength, blockLength: parameters.overlappingBlockLength,
                constants: parameters.constants, checkingInputSize: parameters.checksInputSizes)
        case .universal: try universal(bits)
        case .linearComplexity:
            try linearComplexity(
                bits, blockLength: parameters.linearComplexityLength, constants: parameters.constants,
                checkingInputSize: parameters.checksInputSizes)
        case .serial: try serial(bits, patternLength: parameters.serialLength, checkingInputSize: parameters.checksInputSizes)
        case .approximateEntropy:
            try approximateEntropy(bits, patternLength: parameters.approximateEntropyLength, checkingInputSize: parameters.checksInputSizes)
        case .cumulativeSums: try cumulativeSums(bits, checkingInputSize: parameters.checksInputSizes)
        case .randomExcursions: try randomExcursions(bits)
        case .randomExcursionsVariant: try randomExcursionsVariant(bits)
        }
    }

    /// Every test of the suite on one sequence, in the publication's order.
    public static func runAll(on bits: BitSequence, parameters: SP80022Parameters = .init()) throws -> [SP80022Test: SP80022Outcome] {
        var outcomes: [SP80022Test: SP80022Outcome] = [:]
        for test in SP80022Test.allCases { outcomes[test] = try run(test, on: bits, parameters: parameters) }
        return outcomes
    }
}

extension SP80022 {
    /// The parts a test gives a P-value for at `parameters`, in report order.
    public static func parts(of test: SP80022Test, parameters: SP80022Parameters = .init()) -> [SP80022Part] {
        switch test {
        case .cumulativeSums: [.forward, .reverse]
        case .serial: [.firstDifference, .secondDifference]
        case .randomExcursions: [-4, -3, -2, -1, 1, 2, 3, 4].map { .state($0) }
        case .randomExcursionsVariant: (-9...9).filter { $0 != 0 }.map { .state($0) }
        case .nonOverlappingTemplate:
            aperiodicTemplates(length: parameters.templateLength).map { .template(bits: $0, length: parameters.templateLength) }
        default: [.whole]
        }
    }
}
