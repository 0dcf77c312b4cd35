import Crypto
import Foundation
import HTTP
import Synchronization

extension Emulator {
    /// Routes one request: 404/405, then the bearer token, then any injected fault, then the handler.
    /// Logs one line per request.
    func handle(_ http: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        var routeKey = "-"
        var faultID: String?
        let response: HTTPResponse
        switch router.resolve(method: http.method, path: http.path) {
        case .notFound:
            response = APIError.notFound("NOT_FOUND", "no route for \(http.method) \(http.path)").response
        case .methodNotAllowed(let allowed):
            routeKey = "\(http.method) (not allowed)"
            var answer = APIError(
                status: 405, code: "METHOD_NOT_ALLOWED",
                message: "\(http.method) is not allowed here; allowed: \(allowed.joined(separator: ", "))"
            ).response
            answer.headers.append(("Allow", allowed.joined(separator: ", ")))
            response = answer
        case .matched(let route, let parameters):
            routeKey = route.key
            let request = EmulatorRequest(http: http, route: route, parameters: parameters)
            if http.body.count > route.maxBodyBytes {
                // The HTTP layer takes the largest limit of all routes; this is the route's own.
                response = Self.payloadTooLarge
            } else if !isAuthorized(http, for: route.access) {
                var answer = APIError.unauthorized.response
                answer.headers.append(("WWW-Authenticate", "Bearer"))
                response = answer
            } else if let fault = faults.take(route: route.key) {
                faultID = fault.id
                if fault.afterHandler == true {
                    let answer = await run(route, request)
                    response = await inject(fault) ?? answer
                } else if let injected = await inject(fault) {
                    response = injected
                } else {
                    response = await run(route, request)
                }
            } else {
                response = await run(route, request)
            }
        }
        let elapsed = ContinuousClock.now - started
        var fields = [
            "method": http.method, "path": http.path, "route": routeKey,
            "status": response.isDropConnection ? "dropped" : String(response.status),
            "durationMs": String(
                format: "%.3f",
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15),
        ]
        if let faultID { fields["fault"] = faultID }
        logger.info("request", fields)
        return response
    }

    /// The same answer the HTTP layer gives a body over its limit.
    static let payloadTooLarge = HTTPResponse(
        status: 413, headers: [("Content-Type", "text/plain")], text: "payload too large")

    private func run(_ route: Route, _ request: EmulatorRequest) async -> HTTPResponse {
        do {
            return try await route.handler(self, request)
        } catch {
            return error.response
        }
    }

    private func isAuthorized(_ http: HTTPRequest, for access: RouteAccess) -> Bool {
        let expected: String
        switch access {
        case .open: return true
        case .apiKey: expected = configuration.apiKey
        case .admin: expected = configuration.adminKey
        }
        guard let header = http.headers["authorization"] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return ConstantTime.equals(Array(token.utf8), Array(expected.utf8))
    }

    /// Waits the fault's delay, then returns its answer (a drop or an error), or nil to answer normally.
    private func inject(_ fault: EmulatorFault) async -> HTTPResponse? {
        if let delay = fault.delayMs, delay > 0 {
            await pause(milliseconds: delay)
        }
        if fault.drop == true { return .dropConnection }
        guard let status = fault.status else { return nil }
        return APIError(
            status: status, code: fault.code ?? APIError.defaultCode(forStatus: status),
            message: "injected fault \(fault.id ?? "")", retryAfterSeconds: fault.retryAfterSeconds
        ).response
    }

    /// Sleeps in short slices so that shutdown (or a closed request's cancellation) ends the wait early.
    private func pause(milliseconds: Int) async {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while !stopping.load(ordering: .relaxed) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            do {
                try await Task.sleep(for: min(left, .milliseconds(50)))
            } catch {
                return
            }
        }
    }
}
