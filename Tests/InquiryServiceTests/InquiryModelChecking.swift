import FolioModel
import StoreKit
import XCTest

@testable import InquiryService

/// The model of `state` as a client sees it, held to the InquiryStore's contract: a model that breaks the
/// InquiryUiModel schema fails the test that built it, as every step of a ReducerTester does.
func checkedModel(of state: InquiryReducer.State, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    let model = InquiryReducer().model(of: state)
    assertMatchesModelSchema(model, file: file, line: line)
    return model
}

/// Fails for every way `model` breaks the InquiryUiModel schema of ``InquiryReducer/contract``.
func assertMatchesModelSchema(_ model: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
    guard let contract = InquiryReducer.contract else {
        return XCTFail("InquiryReducer declares no contract", file: file, line: line)
    }
    for violation in contract.modelViolations(model) {
        XCTFail("the model breaks \(contract.modelName)'s schema: \(violation)", file: file, line: line)
    }
}
