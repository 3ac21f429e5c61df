import FairnessReport
import FairnessStatistics
import Foundation

extension RandomnessBattery {
    /// What the draw tests and the whole-input tests count, fed block by block by jobs of a few chains
    /// (`OrderedPipeline.submitInOrder(chain:_:)`) beside the sequences' tests, so that the reading
    /// thread only decodes and cuts. Each chain has its part of the tests; one job at a time touches a
    /// part, in the order the blocks were read, and the reading thread reads the parts only once the
    /// pipeline has finished: the counts are those of one pass in order, on any number of threads.
    final class Counts: Sendable {
        /// Values read, in order, for the counts: `bitCount` (0 … 64; 0 for none) bits for the stream of
        /// every bit, and, for a draw, its top and low ends.
        struct Record {
            var bits: UInt64
            var low: UInt64
            var top: UInt32
            var bitCount: UInt8
            var isDraw: Bool
        }

        /// One chain's tests: the whole input's, or some of the draw tests.
        final class Part: @unchecked Sendable {
            var wholeInput: WholeInputTally?
            var draws: DrawTally?
            var drawResults: [DrawResult] = []
            var wholeInputResults: [WholeInputResult] = []

            package init(wholeInput: WholeInputTally?) { self.wholeInput = wholeInput }

            /// Counts a block of records, in order.
            func add(_ records: [Record]) {
                // Taken out of the object and unwrapped for the loop, so that a record costs no access
                // check, optional or copy.
                if var wholeInput = self.wholeInput {
                    self.wholeInput = nil
                    for record in records where record.bitCount > 0 { wholeInput.add(record.bits, bitCount: Int(record.bitCount)) }
                    self.wholeInput = wholeInput
                }
                if var draws = self.draws {
                    self.draws = nil
                    for record in records where record.isDraw { draws.add(top: record.top, low: record.low) }
                    self.draws = draws
                }
            }

            func finish() throws {
                wholeInputResults = try wholeInput?.results() ?? []
                drawResults = try draws?.results() ?? []
            }
        }

        /// The chains' tests, costliest apart: the whole input; the serial pairs; the serial triples;
        /// the birthday spacings of pairs (a sort of 2¹⁷ points a year); the collisions of pairs (the
        /// exact law of 2¹⁹ points in 2³² urns); the other draw tests.
        static let drawChains: [Set<DrawCheck>?] = [
            [], [.serialPairs], [.serialTriples], [.birthdaySpacingsOfPairs], [.pairCollisions], nil,
        ]

        /// Records a block holds before it is counted (1.5 MB).
        static let blockSize = 1 << 16

        let parts: [Part]

        package init() {
            parts = Self.drawChains.indices.map { Part(wholeInput: $0 == 0 ? WholeInputTally() : nil) }
        }

        /// Opens the draw tests, each in its chain's part, once the draws' width is known.
        func start(topBits: Int, hasLowBits: Bool, lowBits: Int) {
            let assigned = Self.drawChains.compactMap { $0 }.reduce(into: Set<DrawCheck>()) { $0.formUnion($1) }
            for (part, checks) in zip(parts, Self.drawChains) where checks != [] {
                part.draws = DrawTally(topBits: topBits, hasLowBits: hasLowBits, lowBits: lowBits) { check in
                    checks.map { $0.contains(check) } ?? !assigned.contains(check)
                }
            }
        }

        /// The whole input's results, once every chain has finished.
        var wholeInputResults: [WholeInputResult] { parts.flatMap(\.wholeInputResults) }
        /// The draw tests' results in ``DrawTally/order``, once every chain has finished.
        var drawResults: [DrawResult] {
            parts.flatMap(\.drawResults).sorted { DrawTally.order.firstIndex(of: $0.check)! < DrawTally.order.firstIndex(of: $1.check)! }
        }
    }
}
