import Crypto
import XCTest

final class Ed25519Tests: XCTestCase {
    private struct Vector {
        let seed: String
        let publicKey: String
        let message: String
        let signature: String
    }

    // RFC 8032 §7.1, TEST 1–3.
    private let rfc8032Vectors = [
        Vector(
            seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            message: "",
            signature:
                "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        ),
        Vector(
            seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            message: "72",
            signature:
                "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
        ),
        Vector(
            seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            message: "af82",
            signature:
                "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"
        ),
    ]

    func testRFC8032VectorsDerivePublicKeySignExactlyAndVerify() throws {
        for (number, vector) in zip(1..., rfc8032Vectors) {
            let key = try Ed25519.PrivateKey(seed: hex(vector.seed))
            let message = try hex(vector.message)
            let expectedSignature = try hex(vector.signature)

            XCTAssertEqual(key.publicKey.bytes, try hex(vector.publicKey), "TEST \(number) public key")
            XCTAssertEqual(key.seed, try hex(vector.seed), "TEST \(number) seed round trip")
            XCTAssertEqual(try key.sign(message), expectedSignature, "TEST \(number) signature")
            XCTAssertTrue(
                key.publicKey.isValidSignature(expectedSignature, for: message), "TEST \(number) verify")
        }
    }

    func testRFC8032VectorsFailAfterFlippingOneBitInSignatureOrMessage() throws {
        for (number, vector) in zip(1..., rfc8032Vectors) {
            let publicKey = try Ed25519.PublicKey(bytes: hex(vector.publicKey))
            let message = try hex(vector.message)
            let signature = try hex(vector.signature)

            XCTAssertFalse(
                publicKey.isValidSignature(flippingBit(signature, at: 0), for: message),
                "TEST \(number) R bit")
            XCTAssertFalse(
                publicKey.isValidSignature(flippingBit(signature, at: 40), for: message),
                "TEST \(number) S bit")
            if !message.isEmpty {
                XCTAssertFalse(
                    publicKey.isValidSignature(signature, for: flippingBit(message, at: 0)),
                    "TEST \(number) msg bit")
            }
        }
    }

    func testSignatureOfWrongLengthIsInvalid() throws {
        let key = Ed25519.PrivateKey.generate()
        let signature = try key.sign([1, 2, 3])
        XCTAssertFalse(key.publicKey.isValidSignature(Array(signature.dropLast()), for: [1, 2, 3]))
        XCTAssertFalse(key.publicKey.isValidSignature(signature + [0], for: [1, 2, 3]))
        XCTAssertFalse(key.publicKey.isValidSignature([], for: [1, 2, 3]))
    }

    func testGeneratedKeySignsVerifiesAndRestoresFromSeed() throws {
        let key = Ed25519.PrivateKey.generate()
        let message = Array("hello".utf8)
        let signature = try key.sign(message)
        XCTAssertTrue(key.publicKey.isValidSignature(signature, for: message))

        let restored = try Ed25519.PrivateKey(seed: key.seed)
        XCTAssertEqual(restored.publicKey, key.publicKey)
        XCTAssertEqual(try restored.sign(message), signature, "Ed25519 is deterministic")
        XCTAssertNotEqual(Ed25519.PrivateKey.generate().publicKey, key.publicKey)
    }

    func testAnotherKeyDoesNotVerify() throws {
        let message = Array("hello".utf8)
        let signature = try Ed25519.PrivateKey.generate().sign(message)
        XCTAssertFalse(
            Ed25519.PrivateKey.generate().publicKey.isValidSignature(signature, for: message))
    }

    func testSeedOfWrongLengthIsRejected() {
        assertThrows(try Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 31)), .invalidSeed)
        assertThrows(try Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 64)), .invalidSeed)
    }

    func testPublicKeyOfWrongLengthOrSmallOrderIsRejected() {
        assertThrows(try Ed25519.PublicKey(bytes: [UInt8](repeating: 1, count: 31)), .invalidPublicKey)
        // All zeros encodes y = 0, a point of order 4.
        assertThrows(try Ed25519.PublicKey(bytes: [UInt8](repeating: 0, count: 32)), .invalidPublicKey)
        // y = 1 is the identity.
        assertThrows(
            try Ed25519.PublicKey(bytes: [1] + [UInt8](repeating: 0, count: 31)), .invalidPublicKey)
    }

    func testPrivateKeyDescriptionDoesNotContainTheSeed() throws {
        let seedHex = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
        let key = try Ed25519.PrivateKey(seed: hex(seedHex))
        XCTAssertFalse(String(describing: key).contains(seedHex))
        XCTAssertTrue(String(describing: key).contains(Hex.encode(key.publicKey.bytes)))
    }
}
