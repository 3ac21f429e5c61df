/// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3): the toolkit's one hash of bytes,
/// for subjects' random streams, log sessions and the checksums of shard files. Not cryptographic.
public enum FNV1a {
    /// The hash of `bytes`.
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
