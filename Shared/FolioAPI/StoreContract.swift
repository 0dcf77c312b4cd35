import Bus
import FolioModel
import WireModel

/// What a store shows and takes on the wire: the schema of its UI model and of its actions, with every schema
/// they reference, as the OpenRPC document publishes them (`#/components/schemas/<name>`).
public struct StoreContract: Sendable {
    /// The schema name of the UI model (`AuthUiModel`).
    public let modelName: String
    /// The schema name of the actions `store.dispatch` takes (`AuthAction`).
    public let actionName: String
    /// Every schema the model and the actions reference, themselves included, by name.
    public let schemas: [String: JSONSchema]

    /// `types`: every wire type the model and the actions reference (a missing one is a dangling `$ref`, which
    /// the contract's tests find).
    public init(model: any WireDescribed.Type, action: any WireDescribed.Type, types: [any WireDescribed.Type]) {
        modelName = model.wireName
        actionName = action.wireName
        var schemas: [String: JSONSchema] = [:]
        for type in [model, action] + types { schemas[type.wireName] = type.wireSchema }
        self.schemas = schemas
    }

    /// How `model` breaks the model's schema; empty when it conforms.
    public func modelViolations(_ model: JSONValue, definitions: [String: JSONSchema] = [:]) -> [String] {
        violations(of: model, against: modelName, definitions: definitions)
    }

    /// How `action` breaks the actions' schema; empty when it conforms.
    public func actionViolations(_ action: JSONValue, definitions: [String: JSONSchema] = [:]) -> [String] {
        violations(of: action, against: actionName, definitions: definitions)
    }

    /// `definitions`: schemas shared beyond this store (the OpenRPC document's own components).
    private func violations(of value: JSONValue, against name: String, definitions: [String: JSONSchema])
        -> [String]
    {
        let validator = JSONSchemaValidator(definitions: definitions.merging(schemas) { _, own in own })
        return validator.violations(of: value, against: .ref(name))
    }
}
