import FolioModel
import HTTP

extension Emulator {
    /// `POST /admin/faults`: validates and queues a fault; 201 with the stored fault.
    func addFault(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        var fault = try request.decodeBody(EmulatorFault.self)
        fault.id = nil
        fault.remaining = nil
        guard let route = router.route(forKey: fault.route) else {
            throw APIError(
                status: 422, code: "UNKNOWN_ROUTE",
                message: "\(fault.route) is not a route; use METHOD and template, e.g. GET /v1/organizations")
        }
        guard route.access != .admin else {
            throw APIError(status: 422, code: "UNKNOWN_ROUTE", message: "admin routes cannot be faulted")
        }
        guard (1...100_000).contains(fault.count) else {
            throw .invalidRequest("count must be from 1 to 100000")
        }
        if let delay = fault.delayMs, !(0...600_000).contains(delay) {
            throw .invalidRequest("delayMs must be from 0 to 600000")
        }
        if let status = fault.status, !(400...599).contains(status) {
            throw .invalidRequest("status must be from 400 to 599")
        }
        if fault.drop == true, fault.status != nil {
            throw .invalidRequest("a fault either drops the connection or answers a status, not both")
        }
        guard fault.drop == true || fault.status != nil || (fault.delayMs ?? 0) > 0 else {
            throw .invalidRequest("a fault needs delayMs, status or drop")
        }
        if let code = fault.code,
            code.isEmpty || !code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || $0 == "_" })
        {
            throw .invalidRequest("code must be SCREAMING_SNAKE_CASE")
        }
        if let seconds = fault.retryAfterSeconds, seconds < 0 {
            throw .invalidRequest("retryAfterSeconds must not be negative")
        }
        return .json(try Self.faultBody(faults.add(fault)), status: 201)
    }

    /// `GET /admin/faults`: the pending faults, oldest first.
    func listFaults(_ request: EmulatorRequest) -> HTTPResponse {
        let items = faults.pending.compactMap { try? Self.faultBody($0) }
        return .json(["items": .array(items)])
    }

    /// `DELETE /admin/faults`: removes every pending fault.
    func clearFaults(_ request: EmulatorRequest) -> HTTPResponse {
        .json(["cleared": .int(Int64(faults.clear()))])
    }

    private static func faultBody(_ fault: EmulatorFault) throws(APIError) -> JSONValue {
        do {
            return try JSONValue(encoding: fault)
        } catch {
            throw .internalError("cannot encode the fault: \(error)")
        }
    }
}
