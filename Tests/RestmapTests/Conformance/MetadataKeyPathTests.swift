import XCTest
@testable import RestmapEngine

/// `@metadata` key paths under RestKit 0.27's names.
final class MetadataKeyPathTests: XCTestCase {
    func userConfig(uri: String, keyPath: String? = nil, attributes: String) -> String {
        let keyPathEntry = keyPath.map { #""key_path": "\#($0)", "# } ?? ""
        return """
            {"entity_attribute_mappings": {"User": {\(attributes)}},
             "path_mappings": [{"uri": "\(uri)", \(keyPathEntry)"matchers": [{"entity_name": "User"}]}]}
            """
    }

    /// Follows RKResponseMapperOperationTest.m
    /// `testThatResponseMapperMakesResponseMappingArgumentsAvailableToMetadataWithNilKeyPath`:
    /// `/api/:version/users` against `/api/v1/users` gives `name` "v1".
    func testPathArgumentsOfAnEntryWithoutKeyPath() throws {
        let config = userConfig(uri: "/api/:version/users", attributes: #""@metadata.network.arguments.version": "name""#)
        let outcome = try Conformance.map(
            config: config, inputs: [("http://restkit.org/api/v1/users", #"{"name": "Blake"}"#)])
        XCTAssertEqual(outcome.output, #"{"User":[{"_entity":"User","_id":"User#1","name":"v1"}]}"# + "\n")
        XCTAssertEqual(try Conformance.warnings(config), [])
    }

    /// Follows RKResponseMapperOperationTest.m
    /// `testThatResponseMapperMakesResponseMappingArgumentsAvailableToMetadataWithNonNilKeyPath`:
    /// with key path `users` the arguments sit under it, `@metadata.network.arguments.users.version`.
    func testPathArgumentsOfAnEntryWithKeyPathSitUnderIt() throws {
        let config = userConfig(
            uri: "/api/:version/users", keyPath: "users", attributes: #""@metadata.network.arguments.users.version": "name""#)
        let outcome = try Conformance.map(config: config, inputs: [("/api/v1/users", #"{"users": {"name": "Blake"}}"#)])
        XCTAssertEqual(outcome.output, #"{"User":[{"_entity":"User","_id":"User#1","name":"v1"}]}"# + "\n")
        XCTAssertEqual(try Conformance.warnings(config), [])

        // The name without the key path reads nothing in RestKit: check says where it is.
        let wrong = userConfig(
            uri: "/api/:version/users", keyPath: "users", attributes: #""@metadata.network.arguments.version": "name""#)
        let warnings = try Conformance.warnings(wrong)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings[0].contains("are under @metadata.network.arguments.users.version"), warnings[0])
    }

    /// Follows RKObjectMappingNextGenTest.m `testMappingURLFromMetadata` and
    /// `testMappingHeadersFromMetadata`: the request URL and a request header.
    func testRequestURLMethodAndHeaders() throws {
        let config = userConfig(
            uri: "/",
            attributes: """
                "name": "name", "@metadata.HTTP.request.URL": "website",
                "@metadata.HTTP.request.headers.Content-Type": "emailAddress",
                "@metadata.HTTP.request.method": "method", "@metadata.HTTP.response.URL": "responseURL",
                "@metadata.HTTP.response.headers.ETag": "etag"
                """)
        var options = recordsOptions()
        options.exchange = HTTPExchange(
            method: "POST", requestHeaders: [("Content-Type", "text/html; charset=UTF-8")], responseHeaders: [("ETag", "\"x1\"")])
        let outcome = try Conformance.map(
            config: config, inputs: [("http://restkit.org/", #"{"name": "Blake Watters"}"#)], options: options)
        XCTAssertEqual(
            outcome.output,
            #"{"User":[{"_entity":"User","_id":"User#1","name":"Blake Watters","website":"http://restkit.org/","emailAddress":"text/html; charset=UTF-8","method":"POST","responseURL":"http://restkit.org/","etag":"\"x1\""}]}"#
                + "\n")
        XCTAssertEqual(try Conformance.warnings(config), [])
    }

    /// Follows RKObjectMappingNextGenTest.m `testMappingCollectionIndexFromMapperOperation`:
    /// four users at the root get positions 0 to 3.
    func testCollectionIndexInATopLevelCollection() throws {
        let config = userConfig(uri: "/users", attributes: #""name": "name", "@metadata.mapping.collectionIndex": "position""#)
        let payload = #"[{"name": "Blake Watters"}, {"name": "Jeff Arena"}, {"name": "Dan Gellert"}, {"name": "Zachary Einzig"}]"#
        var options = recordsOptions()
        options.shape = .tree
        let outcome = try Conformance.map(config: config, inputs: [("/users", payload)], options: options)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"User","name":"Blake Watters","position":0},{"_entity":"User","name":"Jeff Arena","position":1},{"_entity":"User","name":"Dan Gellert","position":2},{"_entity":"User","name":"Zachary Einzig","position":3}]"#
                + "\n")
    }

    /// Follows RKObjectMappingNextGenTest.m `testMappingCollectionIndexFromRelationship`
    /// (Jeff, first of `friends`, gets 0) and RKMappingOperationTest.m
    /// `testThatOneToOneRelationshipOfHasManyDoesNotHaveIncorrectCollectionIndexMetadataKey`
    /// (inside a to-one relationship the index is nil, not the parent's).
    func testCollectionIndexInsideRelationships() throws {
        let config = """
            {"entity_attribute_mappings": {"User": {"name": "name", "@metadata.mapping.collectionIndex": "luckyNumber"}},
             "relationship_mappings": {"User": {"friends": {"target": "User", "key_path": "friends"},
                                                "friend": {"target": "User", "key_path": "friend"}}},
             "path_mappings": [{"uri": "/users", "matchers": [{"entity_name": "User"}]}]}
            """
        let payload = #"[{"name": "Zach"}, {"name": "Blake", "friend": {"name": "jeff"}, "friends": [{"name": "Jeff Arena"}]}]"#
        var options = recordsOptions()
        options.shape = .tree
        let outcome = try Conformance.map(config: config, inputs: [("/users", payload)], options: options)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"User","name":"Zach","luckyNumber":0},{"_entity":"User","name":"Blake","luckyNumber":1,"friends":[{"_entity":"User","name":"Jeff Arena","luckyNumber":0}],"friend":{"_entity":"User","name":"jeff","luckyNumber":null}}]"#
                + "\n")
        // A single object at the path has no index (RestKit sets none).
        let single = try Conformance.map(config: config, inputs: [("/users", #"{"name": "Solo"}"#)], options: options)
        XCTAssertEqual(single.output, #"[{"_entity":"User","name":"Solo"}]"# + "\n")
    }

    /// `validate` reads the exchange from manifest entries; an entry without it uses the
    /// command's options.
    func testManifestGivesMethodAndHeaders() throws {
        var manifest = ValidationManifest()
        manifest.isReadable = { _ in true }
        let samples = try manifest.parse(
            Array(#"[{"file": "a.json", "path": "/a", "method": "post", "headers": {"X-Trace": "t1"}, "response_headers": {"ETag": "e"}}, {"file": "b.json"}]"#.utf8),
            file: "manifest.json", log: DiagnosticLog())
        let defaults = HTTPExchange(method: "PUT", requestHeaders: [("X-Trace", "default")])
        let first = samples[0].exchange(defaults: defaults)
        XCTAssertEqual(first.method, "POST")
        XCTAssertEqual(first.url, "/a")
        XCTAssertEqual(first.requestHeaders.map { "\($0.name): \($0.value)" }, ["X-Trace: t1"])
        XCTAssertEqual(first.responseHeaders.map { "\($0.name): \($0.value)" }, ["ETag: e"])
        let second = samples[1].exchange(defaults: defaults)
        XCTAssertEqual(second.method, "PUT")
        XCTAssertEqual(second.requestHeaders.map { "\($0.name): \($0.value)" }, ["X-Trace: default"])
        XCTAssertThrowsError(
            try manifest.parse(Array(#"[{"file": "a.json", "headers": ["X-Trace: t1"]}]"#.utf8), file: "m.json", log: DiagnosticLog()))
    }

    func testHeaderArgumentsParse() {
        XCTAssertEqual(HTTPExchange.header("Content-Type:  text/html; charset=UTF-8 ")?.value, "text/html; charset=UTF-8")
        XCTAssertEqual(HTTPExchange.header("X-A:")?.name, "X-A")
        XCTAssertNil(HTTPExchange.header("no colon"))
        XCTAssertNil(HTTPExchange.header(": value"))
    }

    /// Metadata RestKit 0.27 does not provide is a located check warning; what it provides
    /// passes (the passing cases are in the tests above).
    func testUnknownMetadataIsACheckWarning() throws {
        for keyPath in ["@metadata.HTTP.response.statusCode", "@metadata.mapping.parentObject", "@metadata.custom"] {
            let warnings = try Conformance.warnings(userConfig(uri: "/users", attributes: #""\#(keyPath)": "value""#))
            XCTAssertEqual(warnings.count, 1, "\(keyPath): \(warnings)")
            XCTAssertTrue(warnings[0].hasPrefix("config.json:1:"), warnings[0])
            XCTAssertTrue(warnings[0].contains("it reads nothing"), warnings[0])
        }
        XCTAssertEqual(
            try Conformance.warnings(userConfig(uri: "/users", attributes: #""@metadata.mapping.rootKeyPath": "value""#)), [])
    }
}
