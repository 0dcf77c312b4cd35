import FolioModel
import WireModel

/// Decides how a verified identity is saved in the vault (identity-records.md "The mapper interface"). A hosted
/// runtime cannot take a Swift object from the operator, so the mapper is chosen per organization in the
/// InquiryService's configuration (docs/operations.md "Identity record mappers").
public protocol IdentityRecordMapper: Sendable {
    /// The body to save for `identity`; `existing` is the body of the record saved before for the same physical
    /// document. Build it from the arguments only: a save that resumes after an interruption calls `map` again
    /// and must get the same JSON.
    func map(identity: VerifiedIdentity, existing: RecordContent?) async throws(IdentityMappingError) -> RecordContent
}

/// A mapper that cannot build a record: the inquiry ends with RecordMapping and this message.
public struct IdentityMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The mapper of the page's example: one `identity` record (version 1) per physical document, every
/// verification of it appended to `identities`; an existing record it does not recognize is refused.
public struct SavedIdentityMapper: IdentityRecordMapper {
    public static let schema = "identity"
    public static let version: UInt32 = 1

    public init() {}

    public func map(identity: VerifiedIdentity, existing: RecordContent?) throws(IdentityMappingError) -> RecordContent
    {
        var earlier: [JSONValue] = []
        if let existing {
            guard existing.schema == Self.schema, existing.version == Self.version else {
                throw IdentityMappingError("a \(existing.schema) record is no saved identity")
            }
            guard let document = try? JSONParser.parse(Array(existing.payload.utf8)),
                case .array(let identities)? = document["identities"]
            else {
                throw IdentityMappingError("the saved identity record does not hold a list of identities")
            }
            for (index, saved) in identities.enumerated() {
                do {
                    _ = try VerifiedIdentity(json: saved, path: "identities[\(index)]")
                } catch {
                    throw IdentityMappingError("the saved identity record holds an unreadable identity: \(error)")
                }
            }
            earlier = identities
        }
        let document: JSONValue = ["identities": .array(earlier + [identity.json])]
        return RecordContent(
            schema: Self.schema, version: Self.version, payload: String(decoding: document.serialized(), as: UTF8.self))
    }
}
