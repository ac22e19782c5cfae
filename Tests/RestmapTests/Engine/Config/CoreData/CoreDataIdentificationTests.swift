import XCTest
@testable import RestmapEngine

/// SPEC §1.2: which attributes identify an entity's objects when the config names none.
final class CoreDataIdentificationTests: XCTestCase {
    func testUserInfoOnTheParentIsUsedByItsChildren() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.sample)
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Resource"), ["remoteKey", "slug"])
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Article"), ["remoteKey", "slug"])
        // Photo has `photoID`, but the inherited userInfo entry comes first.
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Photo"), ["remoteKey", "slug"])
        guard case .userInfo(let entity, let location)? = model.identification(for: "Photo")?.source else {
            return XCTFail("expected the userInfo source")
        }
        XCTAssertEqual(entity, "Resource")
        let position = try XCTUnwrap(CoreDataFixture.position(
            of: #"<entry key="RKEntityIdentificationAttributes""#, in: CoreDataFixture.sample))
        XCTAssertEqual(location.line, position.line)
    }

    func testConventionalNamesWhenThereIsNoUserInfo() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.sample)
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Author"), ["authorID"], "<entityName>ID before id")
        XCTAssertEqual(model.identification(for: "Author")?.source, .convention)
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Note"), [], "no candidate: no identity")
        XCTAssertNil(model.identification(for: "Note"))
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Unknown"), [])
    }

    func testConventionalNamesAreTriedInSpecOrder() throws {
        var names = ["gistFileID", "gist_file_id", "identifier", "id", "ID", "URL", "url"]
        while !names.isEmpty {
            // Declare them in reverse so that file order cannot explain the choice.
            let attributes = names.reversed().map { #"<attribute name="\#($0)" attributeType="String"/>"# }
            let model = try CoreDataFixture.parse(CoreDataFixture.document(
                #"<entity name="GistFile">"# + attributes.joined() + "</entity>"))
            XCTAssertEqual(model.inferredIdentificationAttributes(for: "GistFile"), [names[0]])
            names.removeFirst()
        }
    }

    func testInheritedAttributesCountForTheConvention() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Car"><attribute name="url" attributeType="URI"/></entity>
            <entity name="SportsCar" parentEntity="Car"><attribute name="sportsCarID" attributeType="Integer 64"/></entity>
            <entity name="Sedan" parentEntity="Car"/>
            """))
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Sedan"), ["url"])
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "SportsCar"), ["sportsCarID"])
    }

    func testOwnUserInfoBeatsTheParentsAndCommaListsKeepTheirOrder() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Base">
                <attribute name="a" attributeType="String"/>
                <attribute name="b" attributeType="String"/>
                <userInfo><entry key="RKEntityIdentificationAttributes" value="a"/></userInfo>
            </entity>
            <entity name="Derived" parentEntity="Base">
                <userInfo><entry key="RKEntityIdentificationAttributes" value="b,a"/></userInfo>
            </entity>
            """))
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Base"), ["a"])
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Derived"), ["b", "a"])
        XCTAssertEqual(model.warnings, [])
    }

    func testUserInfoNamingUnknownAttributesWarnsAndFallsBack() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Monkey">
                <attribute name="monkeyID" attributeType="Integer 64"/>
                <attribute name="name" attributeType="String"/>
                <userInfo><entry key="RKEntityIdentificationAttributes" value="nonExistent"/></userInfo>
            </entity>
            <entity name="Ape">
                <attribute name="name" attributeType="String"/>
                <userInfo><entry key="RKEntityIdentificationAttributes" value="name, typo"/></userInfo>
            </entity>
            """))
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Monkey"), ["monkeyID"])
        XCTAssertEqual(model.identification(for: "Monkey")?.source, .convention)
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Ape"), ["name"])
        XCTAssertEqual(model.warnings.map(\.description), [
            "contents:6:15: warning: RKEntityIdentificationAttributes of entity 'Monkey' names 'nonExistent', not an attribute of the entity; inferring from attribute names instead",
            "contents:10:15: warning: RKEntityIdentificationAttributes of entity 'Ape' names 'typo', not an attribute of the entity; ignoring them",
        ])
    }

    func testRelationshipsAreNotIdentificationCandidates() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Link"><relationship name="id" maxCount="1" destinationEntity="Link"/></entity>
            """))
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Link"), [])
    }

    func testSnakeCaseFollowsRestKit() {
        XCTAssertEqual(CoreDataIdentification.snakeCased("GistFile"), "gist_file")
        XCTAssertEqual(CoreDataIdentification.snakeCased("Monkey"), "monkey")
        XCTAssertEqual(CoreDataIdentification.snakeCased("ArcticMonkeyURL"), "arctic_monkey_url")
        XCTAssertEqual(CoreDataIdentification.snakeCased("HTTPRequest"), "http_request")
        XCTAssertEqual(CoreDataIdentification.snakeCased("userProfile"), "user_profile")
        XCTAssertEqual(CoreDataIdentification.snakeCased("Model2"), "model", "RestKit drops digits")
        XCTAssertEqual(
            CoreDataIdentification.conventionalNames(for: "GistFile"),
            ["gistFileID", "gist_file_id", "identifier", "id", "ID", "URL", "url"])
    }
}
