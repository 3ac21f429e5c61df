import CFFTW
import Foundation
import Synchronization

/// The spectral test's transform: the moduli |X₀|, …, |X_{n/2−1}| of the real discrete Fourier transform
/// of Xᵢ = 2εᵢ − 1, by FFTW, in O(n log n) for every n (FFTW falls back to Rader's and Bluestein's
/// algorithms for large prime factors).
///
/// FFTW's planner is not thread-safe and its plans are reusable, so each length is planned once, under a
/// lock, with `FFTW_ESTIMATE` (no timing runs, so the same plan on every run of one machine; FFTW picks
/// its SIMD routines by processor, so another processor may round a modulus differently in its last
/// bits). Only the execution of a plan on fresh arrays is thread-safe in FFTW's manual, so allocating,
/// freeing and planning all happen under the lock.
enum SpectralTransform {
    /// The FFTW version linked into the binary, as FFTW states it ("fftw-3.3.10-sse2-avx").
    static let version = String(cString: cfftw_version())

    /// A plan kept for the life of the process (a few per battery: its sequence lengths).
    private struct Plan: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The arrays of one transform, from `fftw_alloc_*` (SIMD-aligned), reused so that a battery does not
    /// map and fault in fresh pages for every sequence.
    private struct Arrays: @unchecked Sendable {
        let input: UnsafeMutablePointer<Double>
        let output: UnsafeMutablePointer<fftw_complex>
    }

    /// The plans by length and the spare arrays by length, under one lock (FFTW's planner, allocator and
    /// plan destruction are not thread-safe).
    private struct Kept {
        var plans: [Int: Plan] = [:]
        var spareArrays: [Int: [Arrays]] = [:]
    }

    private static let kept = Mutex(Kept())
    /// Lengths planned at most; a process testing more lengths plans the rest for one use each.
    private static let keptPlans = 16
    /// Spare arrays kept per length (one per sequence tested side by side is enough).
    private static let keptArrays = 8

    /// Xᵢ = 2εᵢ − 1 for the 8 bits of each byte, most significant first.
    private static let signs: [Double] = (0..<2048).map { ($0 >> 3) & (0x80 >> ($0 & 7)) == 0 ? -1 : 1 }

    /// The number of j in 0 ..< ⌊n/2⌋ with |Xⱼ| < `threshold`, n = `bits.count`.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` when FFTW cannot plan or allocate.
    static func moduliBelow(_ threshold: Double, of bits: BitSequence) throws -> Int {
        let n = bits.count
        guard n >= 2 else { throw failure("transform \(n) points") }
        let arrays = try takeArrays(length: n)
        defer { returnArrays(arrays, length: n) }
        let (plan, planKept) = try plan(length: n, arrays: arrays)
        defer { if !planKept { kept.withLock { _ in fftw_destroy_plan(plan.pointer) } } }
        let input = arrays.input
        var index = 0
        signs.withUnsafeBufferPointer { signs in
            bits.forEachByte(
                { byte in
                    (input + index).update(from: signs.baseAddress! + 8 * byte, count: 8)
                    index += 8
                },
                thenBit: { bit in
                    input[index] = bit == 0 ? -1 : 1
                    index += 1
                })
        }
        fftw_execute_dft_r2c(plan.pointer, input, arrays.output)
        // |X|² against T², and the square root only within a few ulps of T², where rounding could decide.
        let squared = threshold * threshold, (low, high) = (squared * (1 - 1e-14), squared * (1 + 1e-14))
        var below = 0
        for j in 0..<(n / 2) {
            let (re, im) = arrays.output[j]
            let modulus = re * re + im * im
            if modulus < low || (modulus <= high && modulus.squareRoot() < threshold) { below += 1 }
        }
        return below
    }

    private static func takeArrays(length n: Int) throws -> Arrays {
        try kept.withLock { kept in
            if let arrays = kept.spareArrays[n]?.popLast() { return arrays }
            guard let input = fftw_alloc_real(n) else { throw failure("allocate \(n) points") }
            guard let output = fftw_alloc_complex(n / 2 + 1) else {
                fftw_free(input)
                throw failure("allocate \(n / 2 + 1) coefficients")
            }
            return Arrays(input: input, output: output)
        }
    }

    private static func returnArrays(_ arrays: Arrays, length n: Int) {
        kept.withLock { kept in
            if kept.spareArrays[n, default: []].count < keptArrays, kept.spareArrays.count <= keptPlans {
                kept.spareArrays[n, default: []].append(arrays)
            } else {
                fftw_free(arrays.input)
                fftw_free(arrays.output)
            }
        }
    }

    /// The plan for length n, and whether it is kept (else the caller destroys it). Planned on arrays from
    /// `fftw_alloc_*`, whose alignment every later array from it shares, as new-array execution requires.
    private static func plan(length n: Int, arrays: Arrays) throws -> (Plan, kept: Bool) {
        try kept.withLock { kept in
            if let plan = kept.plans[n] { return (plan, true) }
            guard let pointer = fftw_plan_dft_r2c_1d(Int32(n), arrays.input, arrays.output, UInt32(FFTW_ESTIMATE)) else {
                throw failure("plan a transform of \(n) points")
            }
            guard kept.plans.count < keptPlans else { return (Plan(pointer: pointer), false) }
            kept.plans[n] = Plan(pointer: pointer)
            return (Plan(pointer: pointer), true)
        }
    }

    private static func failure(_ what: String) -> StatisticsError {
        .invalidArgument("FFTW could not \(what) for the spectral test")
    }
}

extension SP80022 {
    /// The version of FFTW linked into this binary, as FFTW states it (such as `"fftw-3.3.10-sse2-avx"`),
    /// which computes the spectral test's transform.
    public static var fftwVersion: String { SpectralTransform.version }
}
