import FolioModel
import Foundation
import HTTP

/// A client for the emulator's `/admin` API, for tests: faults, clock, key rotation.
public struct FolioEmulatorAdmin: Sendable {
    /// `http://host:port` of the emulator.
    public let baseURL: String
    private let adminKey: String
    private let httpClient: HTTPClient

    /// Creates an admin client.
    public init(baseURL: String, adminKey: String, httpClient: HTTPClient) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.adminKey = adminKey
        self.httpClient = httpClient
    }

    /// Queues a fault for the next `fault.count` calls of `fault.route`; returns it with its id.
    @discardableResult
    public func injectFault(_ fault: EmulatorFault) async throws(EmulatorError) -> EmulatorFault {
        let body: JSONValue
        do {
            body = try JSONValue(encoding: fault)
        } catch {
            throw .adminRequestFailed("cannot encode the fault: \(error)")
        }
        return try decode(await call("POST", "/admin/faults", body: body), as: EmulatorFault.self)
    }

    /// The pending faults.
    public func faults() async throws(EmulatorError) -> [EmulatorFault] {
        let body = try await call("GET", "/admin/faults")
        return try decode(body["items"] ?? .array([]), as: [EmulatorFault].self)
    }

    /// Removes every pending fault; returns how many there were.
    @discardableResult
    public func clearFaults() async throws(EmulatorError) -> Int {
        let body = try await call("DELETE", "/admin/faults")
        return Int(body["cleared"]?.intValue ?? 0)
    }

    /// The emulator's current time.
    public func now() async throws(EmulatorError) -> Date {
        try time(await call("GET", "/admin/clock"))
    }

    /// Moves the test clock forward; returns the new time.
    @discardableResult
    public func advanceClock(seconds: Double) async throws(EmulatorError) -> Date {
        try time(await call("POST", "/admin/clock", body: ["advanceSeconds": .double(seconds)]))
    }

    /// Sets the test clock; returns the new time.
    @discardableResult
    public func setClock(to date: Date) async throws(EmulatorError) -> Date {
        try time(await call("POST", "/admin/clock", body: ["set": .string(RFC3339.format(date))]))
    }

    /// Adds a signing key; returns its kid.
    @discardableResult
    public func rotateKeys() async throws(EmulatorError) -> String {
        let body = try await call("POST", "/admin/keys/rotate")
        guard let kid = body["kid"]?.stringValue else {
            throw .adminRequestFailed("no kid in \(body)")
        }
        return kid
    }

    private func time(_ body: JSONValue) throws(EmulatorError) -> Date {
        guard let text = body["now"]?.stringValue, let date = RFC3339.parse(text) else {
            throw .adminRequestFailed("no time in \(body)")
        }
        return date
    }

    func decode<T: Decodable>(_ value: JSONValue, as type: T.Type) throws(EmulatorError) -> T {
        do {
            return try value.decode(T.self)
        } catch {
            throw .adminRequestFailed("unexpected answer \(value): \(error)")
        }
    }

    func call(_ method: String, _ path: String, body: JSONValue? = nil)
        async throws(EmulatorError) -> JSONValue
    {
        var headers = ["Authorization": "Bearer \(adminKey)", "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let response: HTTPClientResponse
        do {
            response = try await httpClient.send(
                HTTPClientRequest(
                    method: method, url: baseURL + path, headers: headers, body: body?.serialized()))
        } catch {
            throw .adminRequestFailed("\(method) \(path): \(error)")
        }
        let text = String(decoding: response.body, as: UTF8.self)
        guard (200..<300).contains(response.status) else {
            throw .adminRequestFailed("\(method) \(path): \(response.status) \(text)")
        }
        do {
            return try JSONParser.parse(response.body)
        } catch {
            throw .adminRequestFailed("\(method) \(path): invalid JSON: \(text)")
        }
    }
}
