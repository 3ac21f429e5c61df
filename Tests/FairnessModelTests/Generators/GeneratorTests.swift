import Foundation
import Testing

@testable import FairnessModel

@Suite("Default generator")
struct GeneratorTests {
    struct Fixture: Decodable {
        struct Block: Decodable { let counter: [String]; let key: [String]; let output: [String] }
        let blocks: [Block]
    }

    @Test func philoxMatchesRandom123AndNumPy() throws {
        let url = try #require(Bundle.module.url(forResource: "philox_reference", withExtension: "json", subdirectory: "Fixtures"))
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        #expect(fixture.blocks.count == 5)
        for block in fixture.blocks {
            let c = block.counter.map { UInt64($0)! }, k = block.key.map { UInt64($0)! }
            let out = Philox4x64.block(counter: (c[0], c[1], c[2], c[3]), key: (k[0], k[1]))
            #expect([out.0, out.1, out.2, out.3] == block.output.map { UInt64($0)! })
        }
        // Random123's published vector for zero counter and key.
        let zero = Philox4x64.block(counter: (0, 0, 0, 0), key: (0, 0))
        #expect(zero.0 == 0x1655_4D9E_CA36_314C && zero.3 == 0x7E68_B68A_EC7B_A23B)
    }

    @Test func trialRandomWalksCountersInOrder() {
        var g = TrialRandom(seed: 20261121, trial: 7)
        let first = (0..<9).map { _ in g.next() }
        // Trial 7's first word is word 3 of the shared block (1, 0, 0, 1); then its own blocks (7, j, 0, 0).
        let shared = Philox4x64.block(counter: (1, 0, 0, 1), key: (20261121, 0))
        let b0 = Philox4x64.block(counter: (7, 0, 0, 0), key: (20261121, 0))
        let b1 = Philox4x64.block(counter: (7, 1, 0, 0), key: (20261121, 0))
        #expect(first == [shared.3, b0.0, b0.1, b0.2, b0.3, b1.0, b1.1, b1.2, b1.3])
        // Trials 4 ... 7 share that block, one word each.
        #expect((4...7).map { TrialRandom(seed: 20261121, trial: $0).firstWord } == [shared.0, shared.1, shared.2, shared.3])
        var other = TrialRandom(seed: 20261121, trial: 8)
        #expect(other.next() != first[0])
    }

    struct XoshiroFixture: Decodable {
        struct Stream: Decodable { let state: [String]; let output: [String] }
        struct Block: Decodable { let seed: String; let stream: String; let block: String; let state: [String]; let output: [String] }
        let states: [Stream]
        let blocks: [Block]
    }

    @Test func xoshiroMatchesRandomgenAndItsBlockStatesMatchNumPysPhilox() throws {
        let url = try #require(Bundle.module.url(forResource: "xoshiro_reference", withExtension: "json", subdirectory: "Fixtures"))
        let fixture = try JSONDecoder().decode(XoshiroFixture.self, from: Data(contentsOf: url))
        #expect(fixture.states.count == 3 && fixture.blocks.count == 5)
        func words(_ strings: [String]) -> [UInt64] { strings.map { UInt64($0)! } }
        for stream in fixture.states {
            let s = words(stream.state)
            var generator = Xoshiro256StarStar(state: (s[0], s[1], s[2], s[3]))
            #expect((0..<stream.output.count).map { _ in generator.next() } == words(stream.output))
        }
        for block in fixture.blocks {
            var generator = Xoshiro256StarStar(seed: UInt64(block.seed)!, stream: UInt64(block.stream)!, block: UInt64(block.block)!)
            let state = generator.state
            #expect([state.0, state.1, state.2, state.3] == words(block.state))
            #expect((0..<block.output.count).map { _ in generator.next() } == words(block.output))
        }
        // The reference implementation's well-known first words from state (1, 2, 3, 4).
        var small = Xoshiro256StarStar(state: (1, 2, 3, 4))
        #expect([small.next(), small.next(), small.next()] == [11520, 0, 1_509_978_240])
    }

    @Test func blocksOfARunDrawIndependentStreams() {
        // Different blocks, streams and seeds start from different states; the same three, the same state.
        let a = Xoshiro256StarStar(seed: 1, stream: 0, block: 0).state
        #expect(a != Xoshiro256StarStar(seed: 1, stream: 0, block: 1).state)
        #expect(a != Xoshiro256StarStar(seed: 1, stream: 1, block: 0).state)
        #expect(a != Xoshiro256StarStar(seed: 2, stream: 0, block: 0).state)
        // Block 0's state is neither trial 0's own block (counter (0, 0, 0, 0)) nor the shared first words of
        // trials 0 ... 3 (counter (0, 0, 0, 1)): the last counter word keeps the three kinds apart.
        #expect(a == Philox4x64.block(counter: (0, 0, 0, 2), key: (1, 0)))
        #expect(a != Philox4x64.block(counter: (0, 0, 0, 0), key: (1, 0)))
        #expect(a != TrialRandom.firstWords(seed: 1, stream: 0, group: 0))
    }
}
