import FairnessToolkit
import Foundation

/// A generator for the randomness battery's negative controls: its name, how many bits one draw gives,
/// and a function from a seed to its draws.
struct ControlGenerator: Sendable {
    let name: String
    let bitsPerDraw: Int
    let make: @Sendable (UInt64) throws -> () -> UInt64

    /// 32-bit LCG of Numerical Recipes (a = 1664525, c = 1013904223, mod 2³²), the whole state as the draw.
    static let lcg32 = ControlGenerator(name: "32-bit LCG (Numerical Recipes)", bitsPerDraw: 32) { seed in
        var state = UInt32(truncatingIfNeeded: seed)
        return {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt64(state)
        }
    }

    /// V8's `Math.random()` before 2016 (MWC1616: two 16-bit multiply-with-carry generators, the first
    /// giving the top half), as the 32-bit value it divided by 2³².
    static let mwc1616 = ControlGenerator(name: "MWC1616 (V8 Math.random before 2016)", bitsPerDraw: 32) { seed in
        var r0 = UInt32(truncatingIfNeeded: seed) | 1, r1 = UInt32(truncatingIfNeeded: seed >> 32) | 1
        return {
            r0 = 18030 &* (r0 & 0xFFFF) &+ (r0 >> 16)
            r1 = 36969 &* (r1 & 0xFFFF) &+ (r1 >> 16)
            return UInt64((r0 << 16) &+ (r1 & 0xFFFF))
        }
    }

    /// `java.util.Random`: the 48-bit LCG (a = 0x5DEECE66D, c = 11), `nextInt()` = the state's top 32 bits.
    static let javaRandom = ControlGenerator(name: "java.util.Random nextInt()", bitsPerDraw: 32) { seed in
        var state = (seed ^ 0x5_DEEC_E66D) & ((1 << 48) - 1)
        return {
            state = (state &* 0x5_DEEC_E66D &+ 0xB) & ((1 << 48) - 1)
            return state >> 16
        }
    }

    static func gsl(_ name: String) -> ControlGenerator {
        let bits = (try? GSLGenerator(name: name, seed: 1).bitsPerDraw) ?? 32
        return ControlGenerator(name: "GSL \(name)", bitsPerDraw: bits) { seed in
            let generator = try GSLGenerator(name: name, seed: UInt(truncatingIfNeeded: seed))
            return { generator.rawDraw() }
        }
    }

    static let xoshiro = ControlGenerator(name: "xoshiro256**", bitsPerDraw: 64) { seed in
        var generator = Xoshiro256StarStar(seed: seed, stream: 0, block: 0)
        return { generator.next() }
    }

    /// Philox4x64-10 in counter mode, key (seed, 0), the four words of each block in turn.
    static let philox = ControlGenerator(name: "Philox4x64-10", bitsPerDraw: 64) { seed in
        var counter: UInt64 = 0, buffer: [UInt64] = []
        return {
            if buffer.isEmpty {
                let block = Philox4x64.block(counter: (counter, 0, 0, 0), key: (seed, 0))
                buffer = [block.3, block.2, block.1, block.0]
                counter += 1
            }
            return buffer.removeLast()
        }
    }

    /// xoshiro256**'s bits made 1 with probability 0.5005 (each bit drawn on its own): a bias no single
    /// sequence of 10⁶ bits shows (z = 1), which the whole input does (z = 0.001 √n).
    static let biased = ControlGenerator(name: "bits with P(1) = 0.5005", bitsPerDraw: 64) { seed in
        var generator = Xoshiro256StarStar(seed: seed, stream: 0, block: 0)
        let threshold = UInt64(0.5005 * 0x1p53)
        return {
            var word: UInt64 = 0
            for _ in 0..<64 { word = word << 1 | (generator.next() >> 11 < threshold ? 1 : 0) }
            return word
        }
    }

    /// xoshiro256** with one 64-bit draw in every 10⁶ stuck at zero (a reseed gone wrong, a buffer not
    /// filled): a run of 64 zeros or more.
    static let stuckWord = ControlGenerator(name: "xoshiro256** with a word stuck at 0 every 10^6 draws", bitsPerDraw: 64) { seed in
        var generator = Xoshiro256StarStar(seed: seed, stream: 0, block: 0)
        var index: UInt64 = 0
        return {
            defer { index += 1 }
            let draw = generator.next()
            return index % 1_000_000 == 0 ? 0 : draw
        }
    }

    /// xoshiro256**'s bytes with every 1,000th byte a copy of the one before (a buffer copied twice).
    static let repeatedBytes = ControlGenerator(name: "xoshiro256** bytes, every 1000th repeated", bitsPerDraw: 64) { seed in
        var generator = Xoshiro256StarStar(seed: seed, stream: 0, block: 0)
        var position: UInt64 = 0, previous: UInt64 = 0
        return {
            let draw = generator.next()
            var word: UInt64 = 0
            for shift in stride(from: 56, through: 0, by: -8) {
                var byte = (draw >> UInt64(shift)) & 0xFF
                if position > 0 && position % 1000 == 0 { byte = previous }
                (previous, position) = (byte, position + 1)
                word = word << 8 | byte
            }
            return word
        }
    }

    static let system = ControlGenerator(name: "operating system CSPRNG (SystemRandomNumberGenerator)", bitsPerDraw: 64) { _ in
        var generator = SystemRandomNumberGenerator()
        return { generator.next() }
    }
}
