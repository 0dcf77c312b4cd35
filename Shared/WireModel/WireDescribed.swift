import Bus
import FolioModel

/// A wire type that states its wire shape as a JSON Schema, published in the OpenRPC document under
/// `#/components/schemas/<wireName>`. The schema sits beside the type's `json` and `init(json:path:)`, and the
/// reducer tests hold every model they reach to it (``StoreContract``), so the two cannot drift apart.
public protocol WireDescribed {
    /// The name the schema is published under; the type's name unless a type says otherwise.
    static var wireName: String { get }
    /// The wire shape: what `json` writes and `init(json:path:)` reads.
    static var wireSchema: JSONSchema { get }
}

extension WireDescribed {
    public static var wireName: String { String(describing: Self.self) }

    /// A `$ref` to the published schema.
    public static var ref: JSONSchema { .ref(wireName) }
}

extension WirePlainEnum {
    public static var wireSchema: JSONSchema {
        .oneOf(allCases.map { .taggedCase($0.wireType) })
    }
}

extension WireStringEnum {
    public static var wireSchema: JSONSchema { .enumeration(allCases.map(\.rawValue)) }
}
