import XCTest
import RestmapEngine
@testable import RestmapReports

/// Names, shapes and snippets of `restmap init` and `validate --suggest`.
final class SuggestTests: XCTestCase {
    private func json(_ text: String) throws -> Value {
        try JSONReader.value(from: Array(text.utf8), file: "sample.json")
    }

    func testNamesFollowObjectiveCConventions() {
        XCTAssertEqual(NameStyle.attributeName("created_at"), "createdAt")
        XCTAssertEqual(NameStyle.attributeName("avatar-url"), "avatarUrl")
        XCTAssertEqual(NameStyle.attributeName("ID"), "id")
        XCTAssertEqual(NameStyle.attributeName("htmlURL"), "htmlUrl")
        XCTAssertEqual(NameStyle.entityName("employees"), "Employee")
        XCTAssertEqual(NameStyle.entityName("line_items"), "LineItem")
        XCTAssertEqual(NameStyle.entityName("categories"), "Category")
        XCTAssertEqual(NameStyle.entityName("addresses"), "Address")
        XCTAssertEqual(NameStyle.entityName("status"), "Statu", "plain English rules: a trailing s goes")
        XCTAssertEqual(NameStyle.entityName("class"), "Class", "but not a double one")
        XCTAssertEqual(StarterConfig.entityName(forPath: "/users/:userID/posts"), "Post")
        XCTAssertEqual(StarterConfig.entityName(forPath: "/gists/123.json"), "Gist")
    }

    func testPrimaryKeysAreInferredAsRestKitInfersThem() {
        // RKIdentificationAttributesInferredFromEntity: <entity>ID, <entity_snake>_id, then
        // identifier, id, ID, URL, url.
        var user = EntitySketch(name: "GistUser")
        user.attributes = [
            AttributeSketch(key: "id", name: "id", type: "integer"),
            AttributeSketch(key: "gist_user_id", name: "gistUserId", type: "integer"),
        ]
        XCTAssertEqual(user.primaryKey?.key, "gist_user_id", "the entity's own id key comes first")
        var page = EntitySketch(name: "Page")
        page.attributes = [AttributeSketch(key: "url", name: "url", type: "string")]
        XCTAssertEqual(page.primaryKey?.name, "url")
        XCTAssertNil(EntitySketch(name: "Note").primaryKey)
    }

    func testShapesBecomeEntitiesRelationshipsAndTypes() throws {
        var sketcher = ShapeSketcher()
        sketcher.learn(try json("""
            [{"id": 1, "price": 2, "when": "2024-01-02", "live": true, "owner": {"id": 7}, "items": [{"sku": "a"}]},
             {"id": 2, "price": 2.5, "when": null, "live": false, "note": null}]
            """), as: "Order")
        let order = try XCTUnwrap(sketcher.entity(named: "Order"))
        XCTAssertEqual(order.attributes.map(\.key), ["id", "price", "when", "live", "note"])
        XCTAssertEqual(order.attributes.map(\.type), ["integer", "decimal", "date", "boolean", nil],
                       "integers seen with decimals are decimals; null says nothing")
        XCTAssertEqual(order.relationships.map(\.target), ["Owner", "Item"])
        XCTAssertEqual(order.relationships.map(\.toMany), [false, true])
        XCTAssertNotNil(sketcher.entity(named: "Item"))
    }

    func testOnlyTextTheDateTypeReadsIsGuessedADate() {
        XCTAssertTrue(ShapeSketcher.looksLikeDate("2013-02-12"))
        XCTAssertTrue(ShapeSketcher.looksLikeDate("2013-02-12T22:58:52Z"))
        XCTAssertTrue(ShapeSketcher.looksLikeDate("2013-02-12 22:58:52.123+01:00"))
        XCTAssertFalse(ShapeSketcher.looksLikeDate("2013-02-30"), "no February 30: `date` would refuse it")
        XCTAssertFalse(ShapeSketcher.looksLikeDate("2013-13-01T00:00:00Z"), "no month 13")
        XCTAssertFalse(ShapeSketcher.looksLikeDate("2013-02-12 and more"), "trailing text is not a date")
        XCTAssertFalse(ShapeSketcher.looksLikeDate("20130212"), "digits alone are a number to an API")
        XCTAssertFalse(ShapeSketcher.looksLikeDate("555-12-1234"))
    }

    func testAKeyThatHoldsAnObjectAnywhereIsARelationship() throws {
        var sketcher = ShapeSketcher()
        sketcher.learn(try json(#"[{"owner": null, "hits": 12345678901234567890}, {"owner": {"id": 1}, "hits": 3}]"#), as: "Gist")
        let gist = try XCTUnwrap(sketcher.entity(named: "Gist"))
        XCTAssertEqual(gist.attributes.map(\.key), ["hits"], "a null owner before the object one is not an attribute")
        XCTAssertEqual(gist.relationships.map(\.key), ["owner"])
        XCTAssertEqual(gist.attributes.first?.type, "decimal", "an integer beyond 64 bits cannot be an integer attribute")
    }

    func testStarterConfigFindsTheCollectionInAnEnvelope() throws {
        var starter = StarterConfig()
        starter.add(try json(#"{"count": 1, "employees": [{"id": 3, "name": "x"}]}"#), requestPath: "/staff")
        let sections = starter.sections()
        guard case .array(let paths)? = sections["path_mappings"], case .object(let path)? = paths.first else {
            return XCTFail("a path mapping per sample")
        }
        XCTAssertEqual(path["uri"], .string("/staff"))
        XCTAssertEqual(path["key_path"], .string("employees"))
        XCTAssertEqual(sections["primary_key_mappings"], .object(ValueObject([("Staff", .array([.string("id")]))])))
    }

    func testSuggestionsNameTheEntityAndOnlyWhatIsNew() throws {
        let unread = [
            EngineFixtures.unreadKey(entity: "Employee", key: "created_at", value: .string("2024-01-02T03:04:05Z")),
            EngineFixtures.unreadKey(entity: "Employee", key: "dept", value: try json(#"{"id": 4, "name": "IT"}"#)),
            EngineFixtures.unreadKey(entity: nil, key: "next_page", value: .string("/p2")),
        ]
        let text = try DriftSuggestions().render(unread, knownEntities: ["Employee", "Dept"])
        XCTAssertTrue(text.hasPrefix("<!-- Employee: created_at, dept never read -->\n<key>entity_attribute_mappings</key>"), text)
        XCTAssertTrue(text.contains("<key>created_at</key>\n\t\t<string>createdAt</string>"))
        XCTAssertTrue(text.contains("<key>target</key>\n\t\t\t<string>Dept</string>"), "the relationship points at the entity the key names")
        XCTAssertFalse(text.contains("<key>Dept</key>\n\t<dict>\n\t\t<key>id</key>"), "an entity the config has is not redefined")
        XCTAssertTrue(text.contains("'next_page': outside every mapped object"))
    }

    /// No payload key changes the structure of a suggestion: a key that closes the comment
    /// naming it and opens a config section of its own stays text, and the suggestion,
    /// pasted into a config, adds only the sections it means to.
    func testAPayloadKeyCannotBreakOutOfTheSuggestionsComment() throws {
        let hostile = "x--><key>pwned_section</key><string>1</string><!--"
        let unread = [
            EngineFixtures.unreadKey(entity: "Employee", key: hostile, value: .number("1")),
            EngineFixtures.unreadKey(entity: nil, key: "a--", value: .number("1")),
        ]
        let text = try DriftSuggestions().render(unread, knownEntities: ["Employee"])
        for comment in text.split(separator: "\n") where comment.hasPrefix("<!--") {
            let inside = comment.dropFirst(4).dropLast(3)
            XCTAssertTrue(comment.hasSuffix("-->"), String(comment))
            XCTAssertFalse(inside.contains("--"), "a comment holds '--': \(comment)")
        }
        let config = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + text + "</dict></plist>"
        guard let keys = try EngineFixtures.plistTopLevelKeys(config, file: "pasted.plist") else { return XCTFail("not a dictionary") }
        XCTAssertFalse(keys.contains("pwned_section"), "\(keys)")
        XCTAssertEqual(Set(keys), ["entity_attribute_mappings", "entity_attribute_types"])
    }

    /// Keys no key path can read as they are (dots, a leading `@`, placeholders, the empty
    /// key, control characters) are left out with a note, and keys whose names would merge
    /// get distinct names: the starter config maps the sample and passes `check`.
    func testInitLeavesOutKeysNoKeyPathReadsAndKeepsNamesApart() throws {
        let sample = #"[{"id": 1, "a.b": 1, "a..b": 2, "@count": 3, "@parent": 4, "": 5, "x\u0000y": 6, "a_b": 7, "aB": 8, "(name)": 9, "ok": {"z": 1}}]"#
        let run = InitRun(maxDepth: 100)
        try run.add(EngineFixtures.input(sample, name: "items.json", requestPath: "/items"))
        let config = try run.config()
        XCTAssertTrue(config.contains(#"<!-- left out, since no key path can read them as they are"#), config)
        for key in ["'a.b'", "'a..b'", "'@count'", "'@parent'", "''", #"'x\x00y'"#, "'(name)'"] {
            XCTAssertTrue(config.contains("Item: \(key)"), "\(key) is not noted:\n\(config)")
        }
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "starter.plist")
        XCTAssertEqual(log.diagnostics.map(\.description), [], "the starter config does not pass check")
        let item = try XCTUnwrap(definitions.entities.first { $0.name == "Item" })
        XCTAssertEqual(item.attributes.map(\.destination).sorted(), ["aB", "aB2", "id"])
    }
}
