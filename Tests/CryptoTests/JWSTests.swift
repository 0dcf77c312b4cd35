import Crypto
import XCTest

final class JWSTests: XCTestCase {
    // RFC 8037 appendix A.1 / A.4.
    private let rfcD = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
    private let rfcX = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    private let rfcHeader = #"{"alg":"EdDSA"}"#
    private let rfcPayload = "Example of Ed25519 signing"
    private let rfcCompact =
        "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"

    private func rfcKey() throws -> Ed25519.PrivateKey {
        try Ed25519.PrivateKey(seed: Base64URL.decode(rfcD))
    }

    /// Builds a compact JWS by hand so tests can sign headers that `JWS.sign` refuses.
    private func handSigned(header: String, payload: String, key: Ed25519.PrivateKey) throws -> String {
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        return input + "." + Base64URL.encode(try key.sign(Array(input.utf8)))
    }

    func testRFC8037SigningProducesTheExactCompactString() throws {
        let key = try rfcKey()
        XCTAssertEqual(Base64URL.encode(key.publicKey.bytes), rfcX)
        let compact = try JWS.sign(
            payload: Array(rfcPayload.utf8), protectedHeader: rfcHeader, key: key)
        XCTAssertEqual(compact, rfcCompact)
    }

    func testRFC8037VerifyReturnsHeaderAndPayload() throws {
        let publicKey = try Ed25519.PublicKey(bytes: Base64URL.decode(rfcX))
        let result = try JWS.verify(rfcCompact, publicKey: publicKey)
        XCTAssertEqual(result.payload, Array(rfcPayload.utf8))
        XCTAssertEqual(result.protectedHeader, Array(rfcHeader.utf8))
    }

    func testTamperedPayloadFailsWithSignatureInvalid() throws {
        let publicKey = try rfcKey().publicKey
        let segments = rfcCompact.split(separator: ".").map(String.init)
        let forgedPayload = Base64URL.encode(Array("Example of Ed25519 signinG".utf8))
        let forged = [segments[0], forgedPayload, segments[2]].joined(separator: ".")
        assertThrows(try JWS.verify(forged, publicKey: publicKey), .signatureInvalid)
    }

    func testTamperedSignatureOrWrongKeyFailsWithSignatureInvalid() throws {
        let publicKey = try rfcKey().publicKey
        let segments = rfcCompact.split(separator: ".").map(String.init)
        let signature = try Base64URL.decode(segments[2])
        let forged = [segments[0], segments[1], Base64URL.encode(flippingBit(signature, at: 10))]
            .joined(separator: ".")
        assertThrows(try JWS.verify(forged, publicKey: publicKey), .signatureInvalid)
        let shortSignature = [segments[0], segments[1], Base64URL.encode(Array(signature.prefix(32)))]
            .joined(separator: ".")
        assertThrows(try JWS.verify(shortSignature, publicKey: publicKey), .signatureInvalid)
        assertThrows(
            try JWS.verify(rfcCompact, publicKey: Ed25519.PrivateKey.generate().publicKey),
            .signatureInvalid)
    }

    func testAlgOtherThanEdDSAFailsEvenWithAValidSignature() throws {
        let key = try rfcKey()
        for header in [
            #"{"alg":"HS256"}"#, #"{"alg":"none"}"#, #"{"alg":"eddsa"}"#, #"{"alg":"Ed25519"}"#,
        ] {
            let compact = try handSigned(header: header, payload: rfcPayload, key: key)
            assertThrows(try JWS.verify(compact, publicKey: key.publicKey), .unsupportedAlgorithm)
        }
        let unsigned = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + ".e30."
        assertThrows(try JWS.verify(unsigned, publicKey: key.publicKey), .unsupportedAlgorithm)
    }

    func testHeaderThatIsNotAJSONObjectWithStringAlgIsMalformed() throws {
        let key = try rfcKey()
        for header in ["not json", "[]", "{}", #"{"alg":7}"#, #""EdDSA""#] {
            let compact = try handSigned(header: header, payload: rfcPayload, key: key)
            assertThrows(try JWS.verify(compact, publicKey: key.publicKey), .malformedJWSHeader)
        }
    }

    func testCriticalHeaderExtensionsAreRejected() throws {
        let key = try rfcKey()
        let compact = try handSigned(
            header: #"{"alg":"EdDSA","crit":["b64"],"b64":false}"#, payload: "x", key: key)
        assertThrows(try JWS.verify(compact, publicKey: key.publicKey), .unsupportedCriticalHeader)
    }

    func testWrongSegmentCountIsMalformedJWS() throws {
        let publicKey = try rfcKey().publicKey
        let segments = rfcCompact.split(separator: ".").map(String.init)
        for compact in [
            "", segments[0], segments[0] + "." + segments[1], rfcCompact + ".",
            rfcCompact + "." + segments[2],
        ] {
            assertThrows(try JWS.verify(compact, publicKey: publicKey), .malformedJWS)
        }
    }

    func testBadBase64URLInAnySegmentIsMalformedBase64URL() throws {
        let publicKey = try rfcKey().publicKey
        let segments = rfcCompact.split(separator: ".").map(String.init)
        for index in 0..<3 {
            var broken = segments
            broken[index] = "+" + broken[index].dropFirst()
            assertThrows(
                try JWS.verify(broken.joined(separator: "."), publicKey: publicKey), .malformedBase64URL)
            broken[index] = segments[index] + "="
            assertThrows(
                try JWS.verify(broken.joined(separator: "."), publicKey: publicKey), .malformedBase64URL)
        }
    }

    func testSignRefusesHeadersThatVerifyWouldReject() throws {
        let key = try rfcKey()
        assertThrows(
            try JWS.sign(payload: [], protectedHeader: #"{"alg":"RS256"}"#, key: key),
            .unsupportedAlgorithm)
        assertThrows(try JWS.sign(payload: [], protectedHeader: "{", key: key), .malformedJWSHeader)
    }

    func testSignVerifyRoundTripWithKidAndBinaryPayload() throws {
        let key = Ed25519.PrivateKey.generate()
        let payload: [UInt8] = [0, 255, 46, 10, 13]
        let compact = try JWS.sign(
            payload: payload, protectedHeader: #"{"alg":"EdDSA","kid":"k-2024"}"#, key: key)
        XCTAssertEqual(try JWS.verify(compact, publicKey: key.publicKey).payload, payload)
        XCTAssertEqual(try JWS.unverifiedKeyID(of: compact), "k-2024")
        XCTAssertEqual(
            try JWS.unverifiedHeader(of: compact), Array(#"{"alg":"EdDSA","kid":"k-2024"}"#.utf8))
    }

    func testUnverifiedKeyIDIsNilWithoutKidAndRejectsNonStringKid() throws {
        let key = try rfcKey()
        XCTAssertNil(try JWS.unverifiedKeyID(of: rfcCompact))
        let compact = try handSigned(header: #"{"alg":"EdDSA","kid":5}"#, payload: "x", key: key)
        assertThrows(try JWS.unverifiedKeyID(of: compact), .malformedJWSHeader)
        assertThrows(try JWS.unverifiedHeader(of: "a.b"), .malformedJWS)
    }
}
