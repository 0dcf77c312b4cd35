import XCTest

@testable import InquiryService

final class InquiryServiceMigrationsTests: XCTestCase {
    func testTheDeviceMemoryAndIdentitySaveTablesShipAsMigrations() throws {
        let migrations = try InquiryService.migrations()
        XCTAssertEqual(migrations.map(\.name), ["inquiry_devices", "identity_saves"])
    }
}
