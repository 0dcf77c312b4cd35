import Crypto
import Foundation

extension ImageReader {
    /// Where the `async` reads run: never Swift's cooperative pool, whose threads must not block while an
    /// image decodes. At most one read per core at once, and at most 256 MiB of encoded images between
    /// them (a larger one runs alone).
    public static let workers = BlockingWorkPool(
        label: "ImageReader", width: ProcessInfo.processInfo.activeProcessorCount, budget: 256 << 20)

    /// ``read(_:)`` run on ``workers``, off the cooperative pool (a distinct name, so an async caller cannot pick the blocking form by accident). Too many bytes are refused without waiting for a
    /// worker.
    public func readOnWorkers(_ bytes: [UInt8]) async throws(ImageReadError) -> ImageMeta {
        guard Int64(bytes.count) <= maxBytes else { throw .tooLarge(limitBytes: maxBytes) }
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<ImageMeta, ImageReadError>, Never>) in
            Self.workers.submit(cost: bytes.count) {
                continuation.resume(returning: Result { () throws(ImageReadError) in try self.read(bytes) })
            }
        }
        return try result.get()
    }
}
