import Foundation

extension SP80022 {
    /// The aperiodic templates of `length` bits in increasing order: those B for which no proper shift
    /// of B overlaps B itself (148 of 9 bits, as in the reference program's `template9` file).
    public static func aperiodicTemplates(length m: Int) -> [UInt64] {
        precondition((2...20).contains(m), "templates of 2 to 20 bits")
        return (0..<(UInt64(1) << UInt64(m))).filter { template in
            (1..<m).allSatisfy { shift in
                // The first m − shift bits against the last m − shift bits.
                (template >> UInt64(shift)) != (template & ((1 << UInt64(m - shift)) - 1))
            }
        }
    }

    /// 2.7, the non-overlapping template matching test, for every aperiodic template of m bits: in each
    /// of N blocks of M = ⌊n/N⌋ bits, Wⱼ counts the template's occurrences, the window moving past an
    /// occurrence; χ² = Σ (Wⱼ − μ)²/σ² with μ = (M − m + 1)/2^m, σ² = M (2^−m − (2m − 1) 2^−2m);
    /// P = Q(N/2, χ²/2). One pass over the bits counts every template at once. Needs μ ≥ 20 so each
    /// block's count is near its normal approximation (n ≥ 81,984 for m = 9, N = 8).
    public static func nonOverlappingTemplate(
        _ bits: BitSequence, templateLength m: Int, blocks: Int, checkingInputSize: Bool = true
    ) throws -> SP80022Outcome {
        guard (2...20).contains(m), blocks >= 1 else {
            throw StatisticsError.invalidArgument(
                "the non-overlapping template test needs m in 2 ... 20 and N ≥ 1, got m = \(m), N = \(blocks)")
        }
        if let short = needs(blocks * (20 * (1 << m) + m - 1), bits, checkingInputSize, structural: blocks * m) { return short }
        let blockLength = bits.count / blocks
        let templates = aperiodicTemplates(length: m)
        let mean = Double(blockLength - m + 1) / Double(1 << m)
        let variance = Double(blockLength) * (1 / pow(2, Double(m)) - Double(2 * m - 1) / pow(2, Double(2 * m)))
        // An aperiodic template cannot overlap itself, so its occurrences never overlap: the count with
        // the window moving past each occurrence is the count of windows equal to it.
        var statistic = [Double](repeating: 0, count: 1 << m)
        var count = [Int](repeating: 0, count: 1 << m)
        for block in 0..<blocks {
            count.withUnsafeMutableBufferPointer { count in
                count.update(repeating: 0)
                bits.forEachWindow(from: block * blockLength, count: blockLength - m + 1, length: m) { count[$0] += 1 }
            }
            for template in templates {
                let deviation = Double(count[Int(template)]) - mean
                statistic[Int(template)] += deviation * deviation / variance
            }
        }
        return .computed(
            try templates.map { template in
                let chi = statistic[Int(template)]
                return SP80022Result(
                    test: .nonOverlappingTemplate, part: .template(bits: template, length: m), statistic: chi,
                    tail: try chiSquareTails(chi, degreesOfFreedom: Double(blocks)))
            })
    }

    /// 2.8, the overlapping template matching test: the template of m ones counted with overlaps in each
    /// of N = ⌊n/M⌋ blocks of M bits; the counts 0, 1, 2, 3, 4, ≥ 5 compared by χ² with 5 degrees of
    /// freedom. Needs every class expected at least 5 times.
    public static func overlappingTemplate(
        _ bits: BitSequence, templateLength m: Int, blockLength: Int, constants: SP80022Constants,
        checkingInputSize: Bool = true
    ) throws -> SP80022Outcome {
        guard (2...30).contains(m), blockLength > m else {
            throw StatisticsError.invalidArgument(
                "the overlapping template test needs m in 2 ... 30 and M > m, got m = \(m), M = \(blockLength)")
        }
        let exact = OverlappingTemplateClasses.exact(templateLength: m, blockLength: blockLength)
        let referenceProgram = OverlappingTemplateClasses.referenceProgram(templateLength: m, blockLength: blockLength)
        let probabilities = constants == .exact ? exact : referenceProgram
        let neededBlocks = Int((5 / probabilities.min()!).rounded(.up))
        if let short = needs(neededBlocks * blockLength, bits, checkingInputSize, structural: blockLength) { return short }
        var counts = [Int](repeating: 0, count: 6)
        for block in 0..<(bits.count / blockLength) {
            counts[min(bits.onesRunStarts(from: block * blockLength, length: blockLength, runLength: m), 5)] += 1
        }
        return .computed([
            try classesResult(
                .overlappingTemplate, counts: counts, exact: exact, referenceProgram: referenceProgram, constants: constants,
                degreesOfFreedom: 5)
        ])
    }
}
