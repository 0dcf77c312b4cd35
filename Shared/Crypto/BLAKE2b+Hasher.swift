import CSodium

extension BLAKE2b {
    /// BLAKE2b over input given in pieces (`crypto_generichash_init`, `_update`, `_final`): the digest of a value
    /// too large to hold whole, such as a request serialized piece by piece. Unkeyed; one digest per hasher.
    public final class Hasher {
        private let state: UnsafeMutableRawPointer
        private let length: Int
        private var finished = false

        /// A hasher giving `length` bytes (16...64).
        public init(length: Int = 32) throws {
            Sodium.ensureInitialized()
            guard length >= crypto_generichash_bytes_min(), length <= crypto_generichash_bytes_max() else {
                throw CryptoError.invalidLength
            }
            // libsodium declares its state 64-byte aligned.
            state = UnsafeMutableRawPointer.allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
            self.length = length
            guard crypto_generichash_init(opaquePointer, nil, 0, length) == 0 else {
                state.deallocate()
                throw CryptoError.operationFailed
            }
        }

        deinit { state.deallocate() }

        /// Adds `bytes` to the input.
        public func update(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            guard !finished else { throw CryptoError.operationFailed }
            guard crypto_generichash_update(opaquePointer, bytes.baseAddress, UInt64(bytes.count)) == 0 else {
                throw CryptoError.operationFailed
            }
        }

        /// Adds `bytes` to the input.
        public func update(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBufferPointer { try update($0) }
        }

        /// The digest of everything added. A hasher gives one digest: later calls throw.
        public func finalize() throws -> [UInt8] {
            guard !finished else { throw CryptoError.operationFailed }
            finished = true
            var out = [UInt8](repeating: 0, count: length)
            guard crypto_generichash_final(opaquePointer, &out, length) == 0 else { throw CryptoError.operationFailed }
            return out
        }

        /// Swift does not import the over-aligned state type: libsodium's functions take it as an opaque pointer.
        private var opaquePointer: OpaquePointer { OpaquePointer(state) }
    }
}
