import FairnessStatistics
import Foundation

extension RandomnessBattery {
    /// One run: the sequence being filled, the full sequences waiting for a batch, and the tallies so far.
    struct Session {
        let battery: RandomnessBattery
        let format: RandomInputFormat
        let cancellation: CancellationFlag
        var result: RandomnessBatteryResult
        private var current: BitSequence
        private var batch: [BitSequence] = []
        private var tallies: [Row: SP80022Tally] = [:]
        /// Bytes of a binary word not yet complete at the end of a chunk.
        private var partial: [UInt8] = []

        init(battery: RandomnessBattery, format: RandomInputFormat, cancellation: CancellationFlag) {
            self.battery = battery
            self.format = format
            self.cancellation = cancellation
            result = RandomnessBatteryResult(format: format)
            current = BitSequence(capacity: battery.sequenceLength)
        }

        private var full: Bool { battery.maximumSequences.map { result.sequences + batch.count >= $0 } ?? false }

        /// Appends the low `bitCount` bits of `value` (1 … 64), first bit most significant.
        mutating func append(_ value: UInt64, bitCount: Int) throws {
            result.bits += UInt64(bitCount)
            var remaining = bitCount
            while remaining > 0 {
                if full {
                    result.untestedBits += UInt64(remaining)
                    return
                }
                let take = min(battery.sequenceLength - current.count, remaining)
                let shifted = value >> UInt64(remaining - take)
                current.append(take == 64 ? shifted : shifted & ((1 << UInt64(take)) - 1), bitCount: take)
                remaining -= take
                if current.count == battery.sequenceLength {
                    batch.append(current)
                    current = BitSequence(capacity: battery.sequenceLength)
                    if batch.count >= battery.threads { try flush() }
                }
            }
        }

        /// Tests the waiting sequences side by side and adds their tallies in order.
        private mutating func flush() throws {
            guard !batch.isEmpty else { return }
            if cancellation.isCancelled { throw AuditError.interrupted }
            let battery = self.battery
            let results = try batch.concurrentMap(threads: battery.threads) { try battery.tallies(of: $0) }
            for rows in results {
                for (row, tally) in rows { tallies[row, default: .init()].merge(tally) }
            }
            result.sequences += batch.count
            batch.removeAll(keepingCapacity: true)
        }

        mutating func finish() throws -> RandomnessBatteryResult {
            try flush()
            result.trailingBytes = partial.count
            if result.sequences == 0 && current.count > 0 {
                // Shorter than one sequence: tested as one, each test saying what it lacks.
                for (row, tally) in try battery.tallies(of: current) { tallies[row] = tally }
                result.sequences = 1
                result.sequenceLength = current.count
            } else {
                result.untestedBits += UInt64(current.count)
                result.sequenceLength = battery.sequenceLength
            }
            result.rows = tallies.sorted { $0.key < $1.key }.map { (row: $0.key, tally: $0.value) }
            return result
        }

        /// Decodes a chunk of a binary input: bytes as they are, words in their byte order.
        mutating func take(binary chunk: UnsafeRawBufferPointer) throws {
            result.itemsRead += UInt64(chunk.count)
            let width: Int
            switch format {
            case .words32: width = 4
            case .words64: width = 8
            default: width = 8
            }
            let littleEndian: Bool
            switch format {
            case .words32(.little), .words64(.little): littleEndian = true
            default: littleEndian = false
            }
            var bytes = partial + Array(chunk)
            let whole = bytes.count - bytes.count % width
            for start in stride(from: 0, to: whole, by: width) {
                var word: UInt64 = 0
                for offset in 0..<width {
                    let byte = UInt64(bytes[littleEndian ? start + width - 1 - offset : start + offset])
                    word = word << 8 | byte
                }
                try append(word, bitCount: width * 8)
            }
            bytes.removeFirst(whole)
            if case .bytes = format {
                // Raw bytes need no whole word: the last few go in one at a time.
                for byte in bytes { try append(UInt64(byte), bitCount: 8) }
                bytes.removeAll()
            }
            partial = bytes
        }

        /// Decodes one text line: a double in [0, 1) or an integer in the format's range. Blank lines are
        /// skipped.
        mutating func take(line: UnsafeBufferPointer<UInt8>, number: Int) throws {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return }
            result.itemsRead += 1
            switch format {
            case .integers(let range):
                guard let value = Int64(text), range.contains(value) else {
                    throw LogError(
                        line: number, column: 1,
                        message: "'\(text.prefix(40))' is not an integer in \(range.lowerBound)...\(range.upperBound)")
                }
                let bits = RandomInputFormat.bitsPerInteger(range)
                let offset = UInt64(bitPattern: value &- range.lowerBound)
                guard offset >> UInt64(bits) == 0 else {
                    result.integersDropped += 1
                    return
                }
                try append(offset, bitCount: bits)
            default:
                guard let value = Double(text), value >= 0, value < 1 else {
                    throw LogError(line: number, column: 1, message: "'\(text.prefix(40))' is not a number in [0, 1)")
                }
                try append(UInt64(value * 0x1p32), bitCount: 32)
            }
        }
    }
}
