import Crypto
import XCTest

final class TOTPTests: XCTestCase {
    private let sha1Seed = Array("12345678901234567890".utf8)
    private let sha256Seed = Array("12345678901234567890123456789012".utf8)
    private let sha512Seed = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

    // MARK: RFC 6238 appendix B

    func testRFC6238SHA1Vectors() throws {
        let totp = try TOTP(secret: sha1Seed, digits: 8, period: 30, algorithm: .sha1)
        XCTAssertEqual(totp.code(at: 59), "94287082")
        XCTAssertEqual(totp.code(at: 1_111_111_109), "07081804")
        XCTAssertEqual(totp.code(at: 1_111_111_111), "14050471")
        XCTAssertEqual(totp.code(at: 1_234_567_890), "89005924")
        XCTAssertEqual(totp.code(at: 2_000_000_000), "69279037")
    }

    func testRFC6238SHA1VectorAfter2038Needs64BitTime() throws {
        let totp = try TOTP(secret: sha1Seed, digits: 8)
        // 20000000000 s is in the year 2603, far past Int32.max (2038-01-19).
        XCTAssertGreaterThan(Int64(20_000_000_000), Int64(Int32.max))
        XCTAssertEqual(totp.code(at: 20_000_000_000), "65353130")
        XCTAssertTrue(totp.verify("65353130", at: 20_000_000_000))
    }

    func testRFC6238SHA256Vectors() throws {
        let totp = try TOTP(secret: sha256Seed, digits: 8, period: 30, algorithm: .sha256)
        let expected: [(Int64, String)] = [
            (59, "46119246"), (1_111_111_109, "68084774"), (1_111_111_111, "67062674"),
            (1_234_567_890, "91819424"), (2_000_000_000, "90698825"), (20_000_000_000, "77737706"),
        ]
        for (time, code) in expected {
            XCTAssertEqual(totp.code(at: time), code, "SHA256 at \(time)")
        }
    }

    func testRFC6238SHA512Vectors() throws {
        let totp = try TOTP(secret: sha512Seed, digits: 8, period: 30, algorithm: .sha512)
        let expected: [(Int64, String)] = [
            (59, "90693936"), (1_111_111_109, "25091201"), (1_111_111_111, "99943326"),
            (1_234_567_890, "93441116"), (2_000_000_000, "38618901"), (20_000_000_000, "47863826"),
        ]
        for (time, code) in expected {
            XCTAssertEqual(totp.code(at: time), code, "SHA512 at \(time)")
        }
    }

    // MARK: code

    func testSixDigitCodeIsTheLowDigitsAndStaysConstantWithinAStep() throws {
        let totp = try TOTP(secret: sha1Seed)
        // RFC 4226 appendix D: HOTP of counter 1 with this seed is 287082 (step 1 covers 30...59).
        XCTAssertEqual(totp.code(at: 30), "287082")
        XCTAssertEqual(totp.code(at: 59), "287082")
        XCTAssertEqual(totp.code(at: 0), "755224")
        XCTAssertEqual(totp.code(at: 29), "755224")
    }

    func testT0ShiftsTheSteps() throws {
        let shifted = try TOTP(secret: sha1Seed, digits: 8, t0: 1_000)
        let plain = try TOTP(secret: sha1Seed, digits: 8)
        XCTAssertEqual(shifted.code(at: 1_059), plain.code(at: 59))
        // Before t0 there is no step; the code is that of step 0 and verification fails.
        XCTAssertEqual(shifted.code(at: 0), shifted.code(at: 1_000))
        XCTAssertFalse(shifted.verify(shifted.code(at: 1_000), at: 999))
    }

    func testExtremeTimesDoNotTrap() throws {
        let totp = try TOTP(secret: sha1Seed, t0: Int64.min)
        XCTAssertEqual(totp.code(at: Int64.max).count, 6)
        XCTAssertTrue(totp.verify(totp.code(at: Int64.max), at: Int64.max, window: 3))
        let fromMax = try TOTP(secret: sha1Seed, t0: Int64.max)
        XCTAssertEqual(fromMax.code(at: Int64.min), fromMax.code(at: Int64.max))
    }

    func testInitRejectsBadParameters() {
        assertThrows(try TOTP(secret: sha1Seed, digits: 5), .invalidLength)
        assertThrows(try TOTP(secret: sha1Seed, digits: 9), .invalidLength)
        assertThrows(try TOTP(secret: sha1Seed, period: 0), .invalidLength)
        assertThrows(try TOTP(secret: sha1Seed, period: -30), .invalidLength)
        assertThrows(try TOTP(secret: [UInt8](repeating: 1, count: 15)), .invalidKeyLength)
        assertThrows(try TOTP(secret: []), .invalidKeyLength)
        XCTAssertNoThrow(try TOTP(secret: [UInt8](repeating: 1, count: 16), digits: 7, period: 60))
    }

    func testDescriptionHidesTheSecret() throws {
        let totp = try TOTP(secret: sha1Seed)
        XCTAssertFalse(totp.description.contains(TOTP.base32Encode(sha1Seed)))
        XCTAssertFalse(totp.description.contains("1234567890"))
        XCTAssertTrue(totp.description.contains("SHA1"))
    }

    // MARK: verify

    func testVerifyAcceptsCurrentAndAdjacentStepsOnly() throws {
        let totp = try TOTP(secret: sha1Seed, digits: 8)
        let now: Int64 = 1_111_111_111
        XCTAssertTrue(totp.verify(totp.code(at: now), at: now))
        XCTAssertTrue(totp.verify(totp.code(at: now - 30), at: now))
        XCTAssertTrue(totp.verify(totp.code(at: now + 30), at: now))
        XCTAssertFalse(totp.verify(totp.code(at: now - 60), at: now))
        XCTAssertFalse(totp.verify(totp.code(at: now + 60), at: now))
        XCTAssertTrue(totp.verify(totp.code(at: now - 60), at: now, window: 2))
        XCTAssertFalse(totp.verify(totp.code(at: now - 30), at: now, window: 0))
        XCTAssertTrue(totp.verify("14050471", at: now, window: 0))
    }

    func testMatchingCounterReportsTheStepForReplayChecks() throws {
        let totp = try TOTP(secret: sha1Seed, digits: 8)
        let now: Int64 = 1_111_111_111
        let step = UInt64(now / 30)
        XCTAssertEqual(totp.matchingCounter(for: totp.code(at: now), at: now), step)
        XCTAssertEqual(totp.matchingCounter(for: totp.code(at: now - 30), at: now), step - 1)
        XCTAssertEqual(totp.matchingCounter(for: totp.code(at: now + 30), at: now), step + 1)
        XCTAssertNil(totp.matchingCounter(for: totp.code(at: now + 90), at: now))
    }

    func testVerifyRejectsWrongLengthAndNonDigits() throws {
        let totp = try TOTP(secret: sha1Seed, digits: 8)
        let now: Int64 = 59
        XCTAssertTrue(totp.verify("94287082", at: now))
        for bad in [
            "", "9428708", "942870820", "4287082", " 94287082", "94287082 ", "9428708a", "+4287082",
            "-4287082", "９４２８７０８２", "94287082\u{0}",
        ] {
            XCTAssertFalse(totp.verify(bad, at: now), "accepted \(bad.debugDescription)")
        }
        let sixDigits = try TOTP(secret: sha1Seed)
        XCTAssertFalse(sixDigits.verify("94287082", at: now))
        XCTAssertTrue(sixDigits.verify("287082", at: now))
    }

    // MARK: secrets

    func testGeneratedSecretsAreTwentyRandomBytes() throws {
        let a = TOTP.generateSecret()
        let b = TOTP.generateSecret()
        XCTAssertEqual(a.count, 20)
        XCTAssertNotEqual(a, b)
        let totp = try TOTP(secret: a)
        XCTAssertTrue(totp.verify(totp.code(at: 1_700_000_000), at: 1_700_000_000))
    }

    func testBase32MatchesRFC4648Vectors() throws {
        let vectors = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
            ("foobar", "MZXW6YTBOI"),
        ]
        for (plain, encoded) in vectors {
            XCTAssertEqual(TOTP.base32Encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(try TOTP.base32Decode(encoded), Array(plain.utf8))
        }
        XCTAssertEqual(try TOTP.base32Decode("mzxw6ytboi"), Array("foobar".utf8))
        XCTAssertEqual(TOTP.base32Encode(sha1Seed), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    }

    func testBase32RoundTripsRandomSecretsOfEveryLength() throws {
        for length in 0...41 {
            let bytes = Random.bytes(length)
            XCTAssertEqual(try TOTP.base32Decode(TOTP.base32Encode(bytes)), bytes, "length \(length)")
        }
    }

    func testBase32DecodeRejectsBadInput() {
        for text in [
            "MZXW6YTBOI======", "MZXW6YTB OI", "MZXW-6YTB", "MZXW6YTB1", "MZXW6YTB8", "MZXW6YTBÖ",
            "M", "MZX", "MZXW6Y",  // impossible lengths (1, 3, 6 mod 8)
            "MZ", "MZXW6YTBOJ",  // non-zero unused trailing bits
        ] {
            assertThrows(try TOTP.base32Decode(text), .malformedBase32)
        }
    }

    // MARK: provisioning URI

    func testProvisioningURIShape() throws {
        let totp = try TOTP(secret: sha1Seed)
        XCTAssertEqual(
            totp.provisioningURI(issuer: "Folio Host", account: "alice@example.com"),
            "otpauth://totp/Folio%20Host:alice%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                + "&issuer=Folio%20Host&digits=6&period=30&algorithm=SHA1")

        let other = try TOTP(secret: sha256Seed, digits: 8, period: 60, algorithm: .sha256)
        let uri = other.provisioningURI(issuer: "A&B:C", account: "bob?x=é")
        XCTAssertTrue(uri.hasPrefix("otpauth://totp/A%26B%3AC:bob%3Fx%3D%C3%A9?secret="), uri)
        XCTAssertTrue(uri.hasSuffix("&issuer=A%26B%3AC&digits=8&period=60&algorithm=SHA256"), uri)
        let url = try XCTUnwrap(URL(string: uri))
        let items = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        XCTAssertEqual(items.first { $0.name == "issuer" }?.value, "A&B:C")
        let secret = try XCTUnwrap(items.first { $0.name == "secret" }?.value)
        XCTAssertEqual(try TOTP.base32Decode(secret), sha256Seed)
    }
}
