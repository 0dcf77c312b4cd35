import Bus

/// An error of the Gateway's own making: a bad configuration or a malformed answer from a service.
public struct GatewayError: Error, Sendable, Equatable, CustomStringConvertible, RPCErrorConvertible {
    private enum Base: Equatable, Sendable {
        case invalidConfiguration(variable: String, detail: String)
        case malformedReply(method: String, detail: String)
    }

    private let base: Base

    /// A configuration value is out of range (the variable names the environment variable).
    public static func invalidConfiguration(_ variable: String, _ detail: String) -> GatewayError {
        GatewayError(base: .invalidConfiguration(variable: variable, detail: detail))
    }

    /// A service answered a method with a result of the wrong shape.
    public static func malformedReply(_ method: String, _ detail: String) -> GatewayError {
        GatewayError(base: .malformedReply(method: method, detail: detail))
    }

    public var description: String {
        switch base {
        case .invalidConfiguration(let variable, let detail): "\(variable) is not valid: \(detail)"
        case .malformedReply(let method, let detail): "malformed reply to \(method): \(detail)"
        }
    }

    public var rpcError: JSONRPCError { .internalError(description) }
}
