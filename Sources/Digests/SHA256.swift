import Foundation

#if canImport(CommonCrypto)
import CommonCrypto
#else
import CLibCrypto
#endif

/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) from the platform's own library — OpenSSL's libcrypto
/// on Linux, CommonCrypto on Apple platforms — for the seals of report sets (`SHA256SUMS`), the
/// fingerprints of inputs in a report's provenance and the MACs of shard tallies. Digests are 32 bytes.
public enum SHA256 {
    /// The length of a digest, in bytes.
    public static let byteCount = 32

    /// The digest of `data`.
    public static func hash(data: Data) -> [UInt8] {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hasher.finalize()
    }

    /// HMAC-SHA-256 of `message` under `key` (any length; a key longer than the 64-byte block is hashed first,
    /// as RFC 2104 says).
    public static func authenticationCode(for message: Data, key: Data) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: byteCount)
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                #if canImport(CommonCrypto)
                CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), key.baseAddress, key.count, message.baseAddress, message.count, &code)
                #else
                var length: UInt32 = 0
                // An empty buffer's base address may be nil; libcrypto wants a valid pointer either way.
                let empty: [UInt8] = [0]
                empty.withUnsafeBufferPointer { placeholder in
                    let keyPointer = key.baseAddress ?? UnsafeRawPointer(placeholder.baseAddress!)
                    let messagePointer = message.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? placeholder.baseAddress!
                    let result = HMAC(EVP_sha256(), keyPointer, Int32(key.count), messagePointer, message.count, &code, &length)
                    precondition(result != nil && length == UInt32(byteCount), "HMAC-SHA-256 failed in libcrypto")
                }
                #endif
            }
        }
        return code
    }

    /// A digest computed piece by piece (a file read in chunks, a stream), in memory that does not grow.
    public struct Hasher {
        private let state: State

        /// A hasher that has read nothing.
        public init() { state = State() }

        /// Reads `bytes` next.
        public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) { state.update(bytes) }

        /// Reads `data` next.
        public mutating func update(data: Data) { data.withUnsafeBytes { state.update($0) } }

        /// The digest of everything read (the same on every call; reading more after it is a programming
        /// error). A copy of a hasher shares its state.
        public func finalize() -> [UInt8] { state.finalize() }
    }

    /// The library's running state, freed with the hasher.
    private final class State {
        /// The digest, once computed.
        var digest: [UInt8]?

        #if canImport(CommonCrypto)
        var context = CC_SHA256_CTX()
        init() { CC_SHA256_Init(&context) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(digest == nil, "SHA-256: read after the digest was taken")
            guard var base = bytes.baseAddress else { return }
            var remaining = bytes.count
            // CC_LONG is 32 bits: large buffers go in pieces.
            while remaining > 0 {
                let piece = min(remaining, 1 << 30)
                CC_SHA256_Update(&context, base, CC_LONG(piece))
                base += piece
                remaining -= piece
            }
        }

        func finalize() -> [UInt8] {
            if let digest { return digest }
            var result = [UInt8](repeating: 0, count: SHA256.byteCount)
            CC_SHA256_Final(&result, &context)
            digest = result
            return result
        }
        #else
        let context: OpaquePointer

        init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                preconditionFailure("SHA-256 is not available from libcrypto")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(digest == nil, "SHA-256: read after the digest was taken")
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            precondition(EVP_DigestUpdate(context, base, bytes.count) == 1, "SHA-256 update failed in libcrypto")
        }

        func finalize() -> [UInt8] {
            if let digest { return digest }
            var result = [UInt8](repeating: 0, count: SHA256.byteCount)
            var length: UInt32 = 0
            let status = EVP_DigestFinal_ex(context, &result, &length)
            precondition(status == 1 && length == UInt32(SHA256.byteCount), "SHA-256 failed in libcrypto")
            digest = result
            return result
        }
        #endif
    }
}
