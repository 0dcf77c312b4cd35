import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class SigningTests: EmulatorTestCase {
    func testJWKSPublishesTheKeyOfTheTestSeed() async throws {
        let harness = try await startEmulator()
        let jwks = try await harness.client.jwks()
        XCTAssertEqual(jwks.keys.count, 1)
        let expected = try Ed25519.PrivateKey(seed: EmulatorConfiguration.defaultTestSigningSeed)
            .publicKey
        XCTAssertEqual(
            try Hex.decode(EmulatorConfiguration.defaultTestSigningSeedHex),
            EmulatorConfiguration.defaultTestSigningSeed)
        let key = try XCTUnwrap(jwks.keys.first)
        XCTAssertEqual(key.kty, "OKP")
        XCTAssertEqual(key.crv, "Ed25519")
        XCTAssertEqual(try key.publicKey(), expected)
        XCTAssertEqual(key.kid, EmulatorSigner.keyID(for: expected))
        XCTAssertEqual(key.kid, harness.server.signer.currentKeyID)
    }

    func testSignedTokensVerifyWithThePublishedKeyIncludingAfterRotation() async throws {
        let harness = try await startEmulator()
        let signer = harness.server.signer
        let claims: JSONValue = ["sub": "acct_alice", "iss": "folio-emulator", "iat": 1_735_689_600]
        let first = try signer.sign(claims: claims)
        try await assertVerifies(first, claims: claims, with: harness.client.jwks())

        let rotatedKid = try await harness.admin.rotateKeys()
        let firstKid = try XCTUnwrap(JWS.unverifiedKeyID(of: first))
        XCTAssertNotEqual(rotatedKid, firstKid)
        XCTAssertEqual(signer.currentKeyID, rotatedKid)

        let second = try signer.sign(claims: claims)
        XCTAssertEqual(try JWS.unverifiedKeyID(of: second), rotatedKid)
        let jwks = try await harness.client.jwks()
        XCTAssertEqual(jwks.keys.compactMap(\.kid), [firstKid, rotatedKid])
        try assertVerifies(second, claims: claims, with: jwks)
        try assertVerifies(first, claims: claims, with: jwks)

        // A token does not verify with the other key.
        let oldKey = try XCTUnwrap(jwks.key(withID: firstKid)).publicKey()
        XCTAssertThrowsError(try JWS.verify(second, publicKey: oldKey)) { error in
            XCTAssertEqual(error as? CryptoError, .signatureInvalid)
        }

        // Test-mode rotation is reproducible.
        let fresh = try EmulatorSigner(seed: EmulatorConfiguration.defaultTestSigningSeed, mode: .test)
        XCTAssertEqual(try fresh.rotate(), rotatedKid)
    }

    func testHeaderCarriesAlgorithmKidAndType() throws {
        let signer = try EmulatorSigner(seed: [UInt8](repeating: 7, count: 32), mode: .live)
        let token = try signer.sign(payload: Array("hello".utf8), type: nil)
        let header = try JSONParser.parse(JWS.unverifiedHeader(of: token))
        XCTAssertEqual(header, ["alg": "EdDSA", "kid": .string(signer.currentKeyID)])
        XCTAssertThrowsError(try EmulatorSigner(seed: [1, 2, 3], mode: .test))
    }

    private func assertVerifies(
        _ token: String, claims: JSONValue, with jwks: JWKSet, line: UInt = #line
    ) throws {
        let kid = try XCTUnwrap(JWS.unverifiedKeyID(of: token), line: line)
        let jwk = try XCTUnwrap(jwks.key(withID: kid), "kid \(kid) not published", line: line)
        let verified = try JWS.verify(token, publicKey: jwk.publicKey())
        XCTAssertEqual(try JSONParser.parse(verified.payload), claims, line: line)
        XCTAssertEqual(try JSONParser.parse(verified.protectedHeader)["typ"], "JWT", line: line)
    }
}
