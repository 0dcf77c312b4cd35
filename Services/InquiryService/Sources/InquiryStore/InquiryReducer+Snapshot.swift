import FolioModel
import StoreKit

extension InquiryReducer.State: SnapshotRepresentable {
    /// The state in the shape its synthesized `Decodable` reads: wire values by their wire shape (which is how
    /// they encode), optionals left out when nil. Built directly, because a snapshot is written after every
    /// change and the stage is the largest part of it.
    public var snapshot: JSONValue {
        let encoder = JSONValueEncoder()
        var members: JSONObject = [
            "sdkLocale": .string(sdkLocale), "deviceTimeZone": .string(deviceTimeZone), "lifecycle": lifecycle.json,
            "loading": .bool(loading), "observing": .bool(observing),
            "readingAsObserver": .bool(readingAsObserver), "nextRequestID": .int(Int64(nextRequestID)),
            "fieldErrors": .object(fieldErrors.mapValues(JSONValue.string)),
            "kept": .object(kept.mapValues { $0.json }),
        ]
        members["entry"] = entry?.json
        members["access"] = access.map {
            [
                "inquiryId": .string($0.inquiryId), "correlationId": .string($0.correlationId),
                "token": .string($0.token),
            ]
        }
        members["status"] = status?.json
        members["locale"] = locale.map(JSONValue.string)
        members["stage"] = stage?.json
        members["error"] = error?.json
        members["failure"] = failure.flatMap { try? encoder.encode($0) }
        members["pendingRequest"] = pendingRequest.map { .int(Int64($0)) }
        members["pendingFolio"] = pendingFolio.flatMap { try? encoder.encode($0) }
        members["retry"] = retry.flatMap { try? encoder.encode($0) }
        members["retryRequestID"] = retryRequestID.map { .int(Int64($0)) }
        members["openRequestBase"] = openRequestBase.map { .int(Int64($0)) }
        members["outcome"] = outcome?.json
        members["capture"] = capture.flatMap { try? encoder.encode($0) }
        members["identity"] = identity?.json
        members["pendingSave"] = pendingSave.flatMap { try? encoder.encode($0) }
        members["identitySaves"] = .array(identitySaves.sorted().map(JSONValue.string))
        members["holder"] = holder.flatMap { try? encoder.encode($0) }
        members["holderRead"] = holderRead ? .bool(true) : nil
        members["announcedIssuance"] = announcedIssuance.map(JSONValue.string)
        return .object(members)
    }
}
