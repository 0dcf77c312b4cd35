import Crypto
import XCTest

final class HMACTests: XCTestCase {
    /// RFC 2202 §3, test cases 1-7.
    func testHMACSHA1MatchesRFC2202() throws {
        let cases: [(key: [UInt8], data: [UInt8], tag: String)] = [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b617318655057264e28bc0b6fb378c8ef146be00"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"
            ),
            (
                [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                "125d7342b9ac11cd91a39af48aa17b4f63f175d3"
            ),
            (
                try hex("0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xcd, count: 50),
                "4c9007f4026250c6bc8414f9bf50c86c2d7235da"
            ),
            (
                [UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
                "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"
            ),
            (
                [UInt8](repeating: 0xaa, count: 80),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "aa4ae5e15272d00e95705637ce8a3b55ed402112"
            ),
            (
                [UInt8](repeating: 0xaa, count: 80),
                Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8),
                "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"
            ),
        ]
        for (index, testCase) in cases.enumerated() {
            XCTAssertEqual(
                HMAC.sha1(key: testCase.key, message: testCase.data), try hex(testCase.tag),
                "RFC 2202 test case \(index + 1)")
        }
    }

    /// RFC 4231 §4.2: key of 20 bytes.
    func testHMACSHA2MatchesRFC4231TestCase1() throws {
        let key = [UInt8](repeating: 0x0b, count: 20)
        let data = Array("Hi There".utf8)
        XCTAssertEqual(
            HMAC.sha256(key: key, message: data),
            try hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        XCTAssertEqual(
            HMAC.sha512(key: key, message: data),
            try hex(
                "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                    + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"))
    }

    /// RFC 4231 §4.3: a key shorter than 32 bytes, which libsodium's crypto_auth_hmacsha* rejects.
    func testHMACSHA2MatchesRFC4231TestCase2() throws {
        let key = Array("Jefe".utf8)
        let data = Array("what do ya want for nothing?".utf8)
        XCTAssertEqual(
            HMAC.sha256(key: key, message: data),
            try hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
        XCTAssertEqual(
            HMAC.sha512(key: key, message: data),
            try hex(
                "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                    + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"))
    }

    /// RFC 4231 §4.7: a 131-byte key, longer than either block, is hashed first.
    func testHMACSHA2MatchesRFC4231TestCase6() throws {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let data = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        XCTAssertEqual(
            HMAC.sha256(key: key, message: data),
            try hex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"))
        XCTAssertEqual(
            HMAC.sha512(key: key, message: data),
            try hex(
                "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                    + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"))
    }

    func testEmptyKeyAndMessage() throws {
        XCTAssertEqual(HMAC.sha1(key: [], message: []), try hex("fbdb1d1b18aa6c08324b7d64b71fb76370690e1d"))
        XCTAssertEqual(
            HMAC.sha256(key: [], message: []),
            try hex("b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"))
        XCTAssertEqual(
            HMAC.sha512(key: [], message: []),
            try hex(
                "b936cee86c9f87aa5d3c6f2e84cb5a4239a5fe50480a6ec66b70ab5b1f4ac673"
                    + "0c6c515421b327ec1d69402e53dfb49ad7381eb067b338fd7b0cb22247225d47"))
        // RFC 2104 zero-pads short keys, so trailing zero bytes in a key do not change the tag.
        XCTAssertEqual(HMAC.sha256(key: [], message: [1]), HMAC.sha256(key: [0, 0], message: [1]))
        XCTAssertNotEqual(HMAC.sha256(key: [], message: [1]), HMAC.sha256(key: [1], message: [1]))
    }
}
