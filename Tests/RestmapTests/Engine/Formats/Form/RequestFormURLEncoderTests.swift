import XCTest
@testable import RestmapEngine

final class RequestFormURLEncoderTests: XCTestCase {
    func encode(_ json: String) throws -> String {
        try FormURLEncoder().encode(requestTestValue(json))
    }

    func testKeysAreSortedAndNestedInBrackets() throws {
        XCTAssertEqual(
            try encode(#"{"user": {"username": "alice", "password": "pw"}, "client": "ios"}"#),
            "client=ios&user[password]=pw&user[username]=alice")
    }

    func testSortingIsByCodePointAtEveryLevel() throws {
        XCTAssertEqual(
            try encode(#"{"b": {"z": 1, "B": 2, "a": 3}, "a": 0, "Z": 9, "é": 4}"#),
            "Z=9&a=0&b[B]=2&b[a]=3&b[z]=1&%C3%A9=4")
    }

    func testArraysRepeatTheKeyWithEmptyBrackets() throws {
        XCTAssertEqual(try encode(#"{"user": {"tags": ["a", "b"]}}"#), "user[tags][]=a&user[tags][]=b")
        XCTAssertEqual(try encode(#"{"m": [[1, 2], [3]]}"#), "m[][]=1&m[][]=2&m[][]=3")
        XCTAssertEqual(
            try encode(#"{"root": [{"b": "y", "a": "x"}, {"a": 1}]}"#),
            "root[][a]=x&root[][b]=y&root[][a]=1")
    }

    func testNullIsTheBareKey() throws {
        XCTAssertEqual(try encode(#"{"user": {"password": null, "username": "bob"}, "tags": [null]}"#), "tags[]&user[password]&user[username]=bob")
    }

    func testBooleansAreOneAndZeroAndNumbersKeepTheirText() throws {
        XCTAssertEqual(try encode(#"{"on": true, "off": false, "n": 1.50, "e": -2E+3}"#), "e=-2E%2B3&n=1.50&off=0&on=1")
    }

    func testEverythingButUnreservedCharactersIsPercentEncoded() throws {
        XCTAssertEqual(
            try encode(#"{"q": "a b+c&d=e/f?g#h:i;j,k'l(m)n*o!p$q@r[s]t%u\"v"}"#),
            "q=a%20b%2Bc%26d%3De%2Ff%3Fg%23h%3Ai%3Bj%2Ck%27l%28m%29n%2Ao%21p%24q%40r%5Bs%5Dt%25u%22v")
        XCTAssertEqual(try encode(#"{"safe": "AZaz09-._~"}"#), "safe=AZaz09-._~")
        XCTAssertEqual(try encode(#"{"line": "a\nb\tc"}"#), "line=a%0Ab%09c")
    }

    func testNonASCIIIsEncodedAsUTF8Bytes() throws {
        XCTAssertEqual(try encode(#"{"name": "Zoë 東京 🙂"}"#), "name=Zo%C3%AB%20%E6%9D%B1%E4%BA%AC%20%F0%9F%99%82")
    }

    func testKeysAreEncodedButTheNotationsBracketsAreNot() throws {
        XCTAssertEqual(
            try encode(#"{"first name": {"a[b]": "x", "c.d": "y"}}"#),
            "first%20name[a%5Bb%5D]=x&first%20name[c.d]=y")
    }

    func testEmptyContainersWriteNothing() throws {
        XCTAssertEqual(try encode(#"{"a": [], "b": {}, "c": ""}"#), "c=")
        XCTAssertEqual(try encode(#"{}"#), "")
    }

    func testAnArrayBodyCannotBeAForm() throws {
        XCTAssertThrowsError(try encode(#"[{"a": 1}]"#)) { error in
            XCTAssertEqual(error as? FormURLEncoder.TopLevelError, FormURLEncoder.TopLevelError(kind: "array"))
        }
    }
}
