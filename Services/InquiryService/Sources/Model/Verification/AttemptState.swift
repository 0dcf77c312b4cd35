import Bus
import FolioModel
import WireModel

/// The attempts of a verification step. Wire: `{phase, used, max, canRetry}`.
public struct AttemptState: WireValue, WireDescribed, Hashable {
    public var phase: AttemptPhase
    public var used: Int64
    public var max: Int64
    public var canRetry: Bool

    public init(phase: AttemptPhase, used: Int64, max: Int64, canRetry: Bool) {
        self.phase = phase
        self.used = used
        self.max = max
        self.canRetry = canRetry
    }

    public var json: JSONValue {
        ["phase": phase.json, "used": .int(used), "max": .int(max), "canRetry": .bool(canRetry)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "phase": AttemptPhase.ref, "used": JSONSchema.integer.described("Attempts used of max."),
                "max": .integer,
                "canRetry": JSONSchema.boolean.described("A failed attempt may be tried again."),
            ], required: ["phase", "used", "max", "canRetry"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["phase", "used", "max", "canRetry"])
        phase = try fields.value("phase")
        used = try fields.int64("used")
        max = try fields.int64("max")
        canRetry = try fields.bool("canRetry")
    }
}

public enum AttemptPhase: String, WireStringEnum, Hashable {
    case created = "CREATED", processing = "PROCESSING", passed = "PASSED", failed = "FAILED", error = "ERROR"
    case canceled = "CANCELED", expired = "EXPIRED"
}
