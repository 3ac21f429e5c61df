import Digests
import Foundation
import Testing

/// SHA-256 and HMAC-SHA-256 against the published test vectors (FIPS 180-4's examples, RFC 4231).
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func fipsExamples() {
        #expect(Self.hex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(SHA256.hash(data: Data("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.hash(data: long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A million 'a's read in uneven pieces gives the digest of reading them at once.
    @Test func piecesGiveTheWholeDigest() {
        var hasher = SHA256.Hasher()
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        var offset = 0
        var piece = 1
        while offset < million.count {
            let end = min(million.count, offset + piece)
            hasher.update(data: million[offset..<end])
            offset = end
            piece = piece * 3 + 1
        }
        #expect(Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func rfc4231() {
        let one = SHA256.authenticationCode(for: Data("Hi There".utf8), key: Data(repeating: 0x0b, count: 20))
        #expect(Self.hex(one) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let two = SHA256.authenticationCode(for: Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8))
        #expect(Self.hex(two) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than the block is hashed first (test case 6).
        let six = SHA256.authenticationCode(
            for: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8), key: Data(repeating: 0xaa, count: 131))
        #expect(Self.hex(six) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(SHA256.authenticationCode(for: Data(), key: Data()).count == 32)
    }
}
