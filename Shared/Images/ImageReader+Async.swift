import Crypto
import Foundation

extension ImageReader {
    /// Where the `async` reads run: never Swift's cooperative pool, whose threads must not block while an
    /// image decodes. At most one read per core at once, and at most 256 MiB of encoded images between
    /// them (a larger one runs alone).
    public static let workers = BlockingWorkPool(
        label: "Images.ImageReader", width: ProcessInfo.processInfo.activeProcessorCount, budget: 256 << 20)

    /// Async form of ``read(_:)``, run on ``workers``. Too many bytes are refused without waiting for a
    /// worker.
    public func read(_ bytes: [UInt8]) async throws(ImageReadError) -> ImageMeta {
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
