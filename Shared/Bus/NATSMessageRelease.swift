import CNats
import Synchronization

/// Destroys delivered messages a few at a time. libnats frees every message given to `natsMsg_Destroy` on a
/// thread of its own, which it wakes for each one when that thread is idle: a wake-up for every request and reply
/// a process receives. Destroyed in batches, it wakes about once per batch. A small message may wait for its batch
/// (at most `batchSize - 1` of them, each smaller than `smallLimit` bytes, so at most 112 KiB held while a process
/// is idle); a larger one goes at once, with those waiting.
final class NATSMessageRelease: Sendable {
    static let shared = NATSMessageRelease { natsMsg_Destroy($0) }

    static let batchSize = 8
    static let smallLimit = 16 * 1024

    private let held = Mutex<[CPointer]>([])
    private let destroyOne: @Sendable (OpaquePointer) -> Void

    /// `destroy` is `natsMsg_Destroy` but in tests.
    init(destroy: @escaping @Sendable (OpaquePointer) -> Void) { destroyOne = destroy }

    /// Hands over `message`, whose bytes the caller no longer reads.
    func destroy(_ message: OpaquePointer) {
        let small = Int(natsMsg_GetDataLength(message)) < Self.smallLimit
        let batch: [CPointer] = held.withLock { held in
            held.append(CPointer(message))
            guard !small || held.count >= Self.batchSize else { return [] }
            var batch: [CPointer] = []
            batch.reserveCapacity(Self.batchSize)
            swap(&batch, &held)
            return batch
        }
        for message in batch { destroyOne(message.raw) }
    }
}
