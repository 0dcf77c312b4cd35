import Crypto
import Foundation
import XCTest

final class JWKTests: XCTestCase {
    // RFC 8037 appendix A.1 / A.2.
    private let rfcD = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
    private let rfcX = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"

    func testRFC8037PublicJWKIsDerivedFromThePrivateKey() throws {
        let key = try Ed25519.PrivateKey(seed: Base64URL.decode(rfcD))
        let jwk = JWK(publicKey: key.publicKey)
        XCTAssertEqual(jwk.kty, "OKP")
        XCTAssertEqual(jwk.crv, "Ed25519")
        XCTAssertEqual(jwk.x, rfcX)
        XCTAssertNil(jwk.kid)
        XCTAssertEqual(try jwk.publicKey(), key.publicKey)
    }

    func testJWKJSONRoundTripOmitsMissingKid() throws {
        let publicKey = Ed25519.PrivateKey.generate().publicKey
        let withoutKid = try JSONEncoder().encode(JWK(publicKey: publicKey))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: withoutKid) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["kty", "crv", "x"])

        let jwk = JWK(publicKey: publicKey, kid: "k1")
        let decoded = try JSONDecoder().decode(JWK.self, from: JSONEncoder().encode(jwk))
        XCTAssertEqual(decoded, jwk)
        XCTAssertEqual(try decoded.publicKey(), publicKey)
    }

    func testJWKSetDecodesForeignFieldsAndFindsKeyByID() throws {
        let json = """
            {"keys":[
              {"kty":"OKP","crv":"Ed25519","x":"\(rfcX)","kid":"a","use":"sig","alg":"EdDSA"},
              {"kty":"OKP","crv":"Ed25519","x":"\(Base64URL.encode(Ed25519.PrivateKey.generate().publicKey.bytes))","kid":"b"}
            ]}
            """
        let set = try JSONDecoder().decode(JWKSet.self, from: Data(json.utf8))
        XCTAssertEqual(set.keys.count, 2)
        XCTAssertEqual(try set.key(withID: "a")?.publicKey().bytes, try Base64URL.decode(rfcX))
        XCTAssertEqual(set.key(withID: "b")?.kid, "b")
        XCTAssertNil(set.key(withID: "c"))
    }

    func testJWKOfOtherTypeOrBadXIsRejected() throws {
        var jwk = JWK(publicKey: Ed25519.PrivateKey.generate().publicKey)
        jwk.crv = "X25519"
        assertThrows(try jwk.publicKey(), .unsupportedKeyType)
        jwk.crv = "Ed25519"
        jwk.kty = "EC"
        assertThrows(try jwk.publicKey(), .unsupportedKeyType)
        jwk.kty = "OKP"
        jwk.x = "not/base64"
        assertThrows(try jwk.publicKey(), .malformedBase64URL)
        jwk.x = Base64URL.encode([1, 2, 3])
        assertThrows(try jwk.publicKey(), .invalidPublicKey)
    }
}
