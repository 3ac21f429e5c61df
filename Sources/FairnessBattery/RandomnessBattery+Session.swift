import FairnessReport
import FairnessRunner
import FairnessStatistics
import Foundation
import _FairnessAuditSupport

extension RandomnessBattery {
    /// One stream's sequence being filled and its summary.
    struct StreamCutter {
        var summary: StreamSummary
        /// The sequence being filled, when it is one to test.
        var current: BitSequence
        /// Bits of the sequence being filled (kept in `current` only when it is one to test).
        var filled = 0
        /// Whole sequences cut, tested or not.
        var cut = 0
        /// A derived stream's bits not yet cut (its draws' lowest bits gathered up to 64 at a time), and
        /// how many.
        var pending: UInt64 = 0, pendingCount = 0

        package init(_ stream: BitStream, length: Int) {
            summary = StreamSummary(stream: stream)
            current = BitSequence(capacity: length)
        }
    }

    /// One run: each stream's sequence being filled, the full sequences being tested (`OrderedPipeline`:
    /// on the run's other threads while this one reads on), the tallies so far and the draw tests.
    struct Session {
        let battery: RandomnessBattery
        let format: RandomInputFormat
        let cancellation: CancellationFlag
        var result: RandomnessBatteryResult
        private var cutters: [StreamCutter] = []
        /// The full sequences' tests, whose tallies are added in the order the sequences were cut.
        private let pipeline: OrderedPipeline<[Row: SP80022Tally]>
        private var tallies: [Row: SP80022Tally] = [:]
        /// The draw and whole-input tests' counts, fed by the pipeline's chains of jobs (one per part).
        private let counts = Counts()
        /// Values read and not yet handed to the chain, at most a block.
        private var records: [Counts.Record] = []
        /// Whether the streams and the draw tests are open (for doubles, once their resolution is known).
        var started = false
        /// Bytes of a binary word not yet complete at the end of a chunk.
        var partial: [UInt8] = []
        /// ASCII bits read but not yet a whole 32-bit word (`RandomInputFormat.asciiBits`), and how many.
        var asciiWord: UInt64 = 0, asciiBitCount = 0
        /// Where the next ASCII character is: its line and column, from 1.
        var asciiLine = 1, asciiColumn = 1
        /// The first doubles, held until their resolution is known.
        var probe: [Double] = []
        /// The lines of held doubles written as 1, refused unless the doubles are decimals.
        var heldOnes: [Int] = []
        var resolution = 0
        /// The most decimals the held doubles were written with; nil once one was written otherwise (an
        /// exponent, or more than 15 decimals). Doubles written with d decimals are whole numbers of 10⁻ᵈ.
        var decimals: Int? = 0
        /// Once settled: the doubles are tested as whole numbers 0 … 10ᵈ − 1 (d decimals), or nil.
        var decimalPlaces: Int?

        /// Bits the stream of every bit has received.
        var bitsOfEveryStream: UInt64 { cutters.first?.summary.bits ?? 0 }

        /// Whether every stream has ``RandomnessBattery/maximumSequences`` sequences, so reading can stop.
        var hasEnough: Bool {
            guard let maximum = battery.maximumSequences, !cutters.isEmpty else { return false }
            return cutters.allSatisfy { $0.summary.sequences >= maximum }
        }

        package init(battery: RandomnessBattery, format: RandomInputFormat, cancellation: CancellationFlag) {
            self.battery = battery
            self.format = format
            self.cancellation = cancellation
            pipeline = OrderedPipeline(threads: battery.threads, chains: Counts.drawChains.count)
            result = RandomnessBatteryResult(format: format)
            switch format {
            case .doubles: break
            case .integers(let range):
                // An integer of 16 bits or more has low bits that `x % n` would use; a narrower one is its
                // low bits.
                let bits = RandomInputFormat.bitsPerInteger(range)
                start(topBits: min(32, bits), hasLowBits: bits >= 16, lowBits: bits)
            case .bytes, .words32: start(topBits: 32, hasLowBits: true, lowBits: 32)
            case .asciiBits: start(topBits: 32, hasLowBits: false, lowBits: 32)
            case .words64: start(topBits: 32, hasLowBits: true, lowBits: 64)
            }
        }

        /// Opens the streams and the draw tests once the draws' width is known.
        mutating func start(topBits: Int, hasLowBits: Bool, lowBits: Int) {
            started = true
            cutters = [StreamCutter(.all, length: battery.sequenceLength)]
            if hasLowBits {
                cutters += [
                    StreamCutter(.lowestBits(1), length: battery.sequenceLength),
                    StreamCutter(.lowestBits(8), length: battery.sequenceLength),
                ]
            }
            if battery.testEvery > 1 {
                for index in cutters.indices { cutters[index].summary.sequencesSampledOut = 0 }
            }
            counts.start(topBits: topBits, hasLowBits: hasLowBits, lowBits: lowBits)
        }

        /// Appends the low `bitCount` bits of `value` (1 … 64), first bit most significant, to stream `index`
        /// (the stream of every bit also to the whole-input tests, whether or not a sequence takes them).
        mutating func append(_ value: UInt64, bitCount: Int, to index: Int = 0) throws {
            if index == 0 { record(Counts.Record(bits: value, low: 0, top: 0, bitCount: UInt8(bitCount), isDraw: false)) }
            try cut(value, bitCount: bitCount, into: index)
        }

        /// Hands the records to the chain of counts once they fill a block.
        private mutating func record(_ value: Counts.Record) {
            if records.capacity < Counts.blockSize { records.reserveCapacity(Counts.blockSize) }
            records.append(value)
            if records.count == Counts.blockSize { submitRecords() }
        }

        private mutating func submitRecords() {
            guard !records.isEmpty else { return }
            let block = records
            records = []
            for (chain, part) in counts.parts.enumerated() {
                pipeline.submitInOrder(chain: chain) {
                    part.add(block)
                    return [:]
                }
            }
        }

        /// Cuts the low `bitCount` bits of `value` into stream `index`'s sequences.
        private mutating func cut(_ value: UInt64, bitCount: Int, into index: Int) throws {
            cutters[index].summary.bits += UInt64(bitCount)
            var remaining = bitCount
            while remaining > 0 {
                if let maximum = battery.maximumSequences, cutters[index].summary.sequences >= maximum {
                    cutters[index].summary.untestedBits += UInt64(remaining)
                    return
                }
                let take = min(battery.sequenceLength - cutters[index].filled, remaining)
                // A sequence the declared sample leaves out is counted, not kept.
                let tested = cutters[index].cut % max(1, battery.testEvery) == 0
                if tested {
                    let shifted = value >> UInt64(remaining - take)
                    cutters[index].current.append(take == 64 ? shifted : shifted & ((1 << UInt64(take)) - 1), bitCount: take)
                }
                cutters[index].filled += take
                remaining -= take
                if cutters[index].filled == battery.sequenceLength {
                    if tested {
                        try submit(cutters[index].current, stream: index)
                        cutters[index].current = BitSequence(capacity: battery.sequenceLength)
                    } else {
                        cutters[index].summary.sequencesSampledOut! += 1
                    }
                    (cutters[index].filled, cutters[index].cut) = (0, cutters[index].cut + 1)
                }
            }
        }

        /// A draw: its bits to the stream of every bit, its lowest bits to theirs, and it to the draw tests.
        mutating func take(bits value: UInt64, bitCount: Int, top: UInt32, low: UInt64) throws {
            result.draws += 1
            record(Counts.Record(bits: value, low: low, top: top, bitCount: UInt8(bitCount), isDraw: true))
            try cut(value, bitCount: bitCount, into: 0)
            if cutters.count == 3 {
                try gather(low & 1, bitCount: 1, into: 1)
                try gather(low & 0xFF, bitCount: 8, into: 2)
            }
        }

        /// Gathers a derived stream's bits and cuts them 64 at a time, or as soon as they complete the
        /// sequence being filled, so that a sequence is cut at the same draw as bit by bit.
        private mutating func gather(_ value: UInt64, bitCount: Int, into index: Int) throws {
            cutters[index].pending = cutters[index].pending << UInt64(bitCount) | value
            cutters[index].pendingCount += bitCount
            if cutters[index].pendingCount == 64 || cutters[index].pendingCount >= battery.sequenceLength - cutters[index].filled {
                try cutPending(index)
            }
        }

        /// Cuts the bits stream `index` has gathered.
        private mutating func cutPending(_ index: Int) throws {
            let (value, count) = (cutters[index].pending, cutters[index].pendingCount)
            guard count > 0 else { return }
            (cutters[index].pending, cutters[index].pendingCount) = (0, 0)
            try cut(value, bitCount: count, into: index)
        }

        /// Submits a full sequence of stream `index` for its tests (counted as tested from here), and adds
        /// the tallies of the sequences finished so far, in the order they were cut.
        private mutating func submit(_ bits: BitSequence, stream index: Int) throws {
            if cancellation.isCancelled { throw AuditError.interrupted }
            let (battery, stream) = (self.battery, cutters[index].summary.stream)
            pipeline.submit { try battery.tallies(of: bits, stream: stream) }
            cutters[index].summary.sequences += 1
            add(try pipeline.takeFinished())
        }

        private mutating func add(_ finished: [[Row: SP80022Tally]]) {
            for rows in finished {
                for (row, tally) in rows { tallies[row, default: .init()].merge(tally) }
            }
        }

        /// Runs `body` — decoding and cutting what was read — and adds its time, less the jobs run in
        /// place and the waits for the chain meanwhile, to ``RandomnessBattery/StageSeconds/decodingAndCutting``.
        mutating func decoding(_ body: (inout Session) throws -> Void) rethrows {
            let started = DispatchTime.now().uptimeNanoseconds, inPlace = pipeline.inPlaceSeconds, waiting = pipeline.waitingSeconds
            defer {
                result.stageSeconds.decodingAndCutting +=
                    OrderedPipeline<Int>.seconds(since: started) - (pipeline.inPlaceSeconds - inPlace) - (pipeline.waitingSeconds - waiting)
            }
            try body(&self)
        }

        mutating func finish() throws -> RandomnessBatteryResult {
            let started = DispatchTime.now().uptimeNanoseconds, inPlace = pipeline.inPlaceSeconds, waiting = pipeline.waitingSeconds
            var shortStreamSeconds = 0.0
            if case .doubles = format { try settleResolution() }
            if case .bytes = format {
                for byte in partial { try append(UInt64(byte), bitCount: 8) }
            } else if case .asciiBits = format {
                if asciiBitCount > 0 { try append(asciiWord, bitCount: asciiBitCount) }
            } else {
                result.trailingBytes = partial.count
            }
            for index in cutters.indices { try cutPending(index) }
            // The draw and whole-input tests' P-values at the end of their chain, beside the last sequences.
            submitRecords()
            for (chain, part) in counts.parts.enumerated() {
                pipeline.submitInOrder(chain: chain) {
                    try part.finish()
                    return [:]
                }
            }
            add(try pipeline.finish())
            (result.wholeInputResults, result.drawResults) = (counts.wholeInputResults, counts.drawResults)
            for index in cutters.indices {
                var summary = cutters[index].summary
                let current = cutters[index].current
                if summary.sequences == 0 && current.count > 0 {
                    // Shorter than one sequence: tested as one, each test saying what it lacks.
                    let testing = DispatchTime.now().uptimeNanoseconds
                    for (row, tally) in try battery.tallies(of: current, stream: summary.stream) { tallies[row] = tally }
                    shortStreamSeconds += OrderedPipeline<Int>.seconds(since: testing)
                    (summary.sequences, summary.sequenceLength) = (1, current.count)
                } else {
                    summary.untestedBits += UInt64(cutters[index].filled)
                    summary.sequenceLength = battery.sequenceLength
                }
                result.streams.append(summary)
            }
            let sorted = tallies.sorted { $0.key < $1.key }.map { (row: $0.key, tally: $0.value) }
            result.rows = sorted.filter { $0.row.constants == battery.parameters.constants }
            result.referenceProgramRows = sorted.filter { $0.row.constants != battery.parameters.constants }
            (result.wholeSequenceLength, result.testEvery) = (battery.sequenceLength, max(1, battery.testEvery))
            (result.stageSeconds.counting, result.stageSeconds.longestCountingChain) =
                (pipeline.chainSeconds.reduce(0, +), pipeline.chainSeconds.max() ?? 0)
            result.stageSeconds.sequenceTests = pipeline.jobSeconds - result.stageSeconds.counting + shortStreamSeconds
            result.stageSeconds.finishing =
                OrderedPipeline<Int>.seconds(since: started) - (pipeline.inPlaceSeconds - inPlace) - (pipeline.waitingSeconds - waiting)
                - shortStreamSeconds
            return result
        }
    }
}
