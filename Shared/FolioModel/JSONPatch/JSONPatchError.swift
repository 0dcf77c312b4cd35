/// Why a JSON Patch could not be read or applied; the document is then left as it was.
public struct JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation's position in the patch, when the error is one operation's.
    public let operation: Int?
    public let message: String

    public init(operation: Int?, _ message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String {
        operation.map { "operation \($0): \(message)" } ?? message
    }
}
