import Bus
import FolioAPI
import FolioModel
import StoreKit
import XCTest

/// The checks every store's contract tests make on its ``StoreContract``: references resolve, the contract
/// lists exactly the schemas its model and actions reach, and values pass or fail both the schema and the
/// store's own reader.
public struct StoreContractChecks {
    public let contract: StoreContract

    /// The checks of `reducer`'s contract; throws when the reducer declares none.
    public init<Reducer: StoreReducer>(_ reducer: Reducer.Type, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        contract = try XCTUnwrap(Reducer.contract, "\(Reducer.self) declares no contract", file: file, line: line)
    }

    /// Every `$ref` of the contract's schemas that names no schema of the contract, as `holder → name`.
    public var danglingReferences: [String] {
        contract.schemas.keys.sorted().flatMap { holder in
            Self.references(in: contract.schemas[holder]?.json ?? .null).sorted()
                .filter { contract.schemas[$0] == nil }.map { "\(holder) → \($0)" }
        }
    }

    /// The names of the schemas the model and the actions reach through `$ref`s, themselves included.
    public var reachableNames: Set<String> {
        var reached: Set<String> = []
        var pending = [contract.modelName, contract.actionName]
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let schema = contract.schemas[name] else { continue }
            pending += Self.references(in: schema.json)
        }
        return reached
    }

    /// Asserts that the model and action schemas have these names, every `$ref` names a schema of the
    /// contract, and the contract lists no schema that the model and actions do not reach.
    public func assertSelfContained(
        model: String, action: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(danglingReferences, [], file: file, line: line)
        XCTAssertEqual(reachableNames, Set(contract.schemas.keys), file: file, line: line)
        XCTAssertEqual(contract.modelName, model, file: file, line: line)
        XCTAssertEqual(contract.actionName, action, file: file, line: line)
    }

    /// The case names (`type`) a tagged schema lists: the `const` of `type` in each of its `oneOf` alternatives.
    public func caseTypes(of name: String) -> Set<String> {
        let alternatives = contract.schemas[name]?.json["oneOf"]?.arrayValue ?? []
        return Set(alternatives.compactMap { $0["properties"]?["type"]?["const"]?.stringValue })
    }

    /// Parses `text`, failing the test when it is not JSON.
    public static func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            XCTFail("not JSON: \(text)", file: file, line: line)
            return .null
        }
    }

    /// The `type` of each `{type, value?}` value.
    public static func types(_ values: [JSONValue]) -> Set<String> {
        Set(values.compactMap { $0["type"]?.stringValue })
    }

    /// Asserts that `action` is read by `decode` and conforms to the action schema, and so does what the
    /// decoded action writes back (`encode`).
    public func assertAccepted<Action>(
        _ action: JSONValue, decode: (JSONValue) throws -> Action, encode: (Action) -> JSONValue,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(contract.actionViolations(action), [], "\(action)", file: file, line: line)
        do {
            let decoded = try decode(action)
            XCTAssertEqual(
                contract.actionViolations(encode(decoded)), [], "\(action) written back", file: file, line: line)
        } catch {
            XCTFail("\(action) is refused: \(error)", file: file, line: line)
        }
    }

    /// Asserts that both the action schema and `decode` refuse `action`.
    public func assertRefused<Action>(
        _ action: JSONValue, decode: (JSONValue) throws -> Action, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertNotEqual(contract.actionViolations(action), [], "the schema takes \(action)", file: file, line: line)
        XCTAssertThrowsError(try decode(action), "the store takes \(action)", file: file, line: line)
    }

    /// Asserts that `model` conforms to the model schema.
    public func assertModel(_ model: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(contract.modelViolations(model), [], "\(model)", file: file, line: line)
    }

    /// The schema names the `$ref`s anywhere in `schema` point at (``OpenRPC/references(in:)``).
    private static func references(in schema: JSONValue) -> [String] {
        OpenRPC.references(in: schema).map { $0.replacingOccurrences(of: "#/components/schemas/", with: "") }
    }
}
