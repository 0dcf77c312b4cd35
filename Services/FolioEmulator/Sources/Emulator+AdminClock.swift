import FolioModel
import HTTP

extension Emulator {
    /// `GET /admin/clock`.
    func readClock(_ request: EmulatorRequest) -> HTTPResponse {
        .json(clockBody)
    }

    /// `POST /admin/clock` with `{"advanceSeconds": n}` or `{"set": "<RFC 3339>"}`; 409 in live mode.
    func moveClock(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        let body = try request.jsonBody()
        let advance = body["advanceSeconds"]
        let set = body["set"]
        guard (advance == nil) != (set == nil) else {
            throw .invalidRequest("send exactly one of advanceSeconds or set")
        }
        guard clock.isAdjustable else {
            throw APIError(
                status: 409, code: "CLOCK_NOT_ADJUSTABLE", message: "the clock follows the wall clock in live mode")
        }
        if let advance {
            guard let seconds = advance.doubleValue, seconds >= 0, seconds.isFinite else {
                throw .invalidRequest("advanceSeconds must be a non-negative number")
            }
            do {
                try clock.advance(seconds: seconds)
            } catch {
                throw .invalidRequest("\(error)")
            }
        } else {
            guard let text = set?.stringValue, let date = RFC3339.parse(text) else {
                throw .invalidRequest("set must be an RFC 3339 time such as 2025-01-01T00:00:00Z")
            }
            do {
                try clock.set(date)
            } catch {
                throw .invalidRequest("\(error)")
            }
        }
        return .json(clockBody)
    }

    private var clockBody: JSONValue {
        [
            "now": .string(RFC3339.format(clock.now())), "mode": .string(configuration.mode.rawValue),
            "fixed": .bool(clock.isFixed), "running": .bool(!clock.isFixed),
        ]
    }
}
