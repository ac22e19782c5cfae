import Foundation
import XCTest
@testable import RestmapEngine

/// A small model exercising what restmap reads from Core Data models: inheritance with the
/// child written before its parent, identification userInfo on an abstract parent, every
/// conventional identification name, to-one/to-many/ordered relationships with inverses,
/// an unknown attribute type and a composite. Written by hand for these tests.
enum CoreDataFixture {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22225" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Article" representedClassName="Article" parentEntity="Resource" syncable="YES">
                <attribute name="body" attributeType="String"/>
                <attribute name="publishedAt" optional="YES" attributeType="Date" defaultDateTimeInterval="-725882400"/>
                <attribute name="wordCount" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="articles" inverseEntity="Author"/>
                <relationship name="tags" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="articles" inverseEntity="Tag"/>
            </entity>
            <entity name="Author" representedClassName=".Author" syncable="YES">
                <attribute name="authorID" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="id" optional="YES" attributeType="String"/>
                <relationship name="articles" toMany="YES" deletionRule="Cascade" destinationEntity="Article" inverseName="author" inverseEntity="Article"/>
            </entity>
            <entity name="Note" representedClassName="" syncable="YES">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Photo" parentEntity="Resource" syncable="YES">
                <attribute name="photoID" optional="YES" attributeType="Integer 64" defaultValueString="0"/>
                <attribute name="place" optional="YES" attributeType="Composite" composite="GeoPoint"/>
            </entity>
            <entity name="Resource" isAbstract="YES" syncable="YES">
                <attribute name="createdAt" optional="YES" attributeType="Date"/>
                <attribute name="remoteKey" attributeType="String"/>
                <attribute name="slug" attributeType="String"/>
                <userInfo>
                    <entry key="RKEntityIdentificationAttributes" value="remoteKey, slug"/>
                </userInfo>
            </entity>
            <entity name="Tag" syncable="YES">
                <attribute name="colour" optional="YES" attributeType="Colour"/>
                <attribute name="name" attributeType="String"/>
                <relationship name="articles" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Article" inverseName="tags" inverseEntity="Article"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <composite name="GeoPoint">
                <attribute name="latitude" attributeType="Double" defaultValueString="0.0"/>
                <attribute name="longitude" attributeType="Double" defaultValueString="0.0"/>
            </composite>
        </model>
        """

    /// A whole `contents` document around `body` (entities and composites).
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        \(body)
        </model>
        """
    }

    /// Parses `text` as a `contents` file named `file`.
    static func parse(_ text: String, file: String = "contents") throws -> CoreDataModel {
        try CoreDataModel.parse(Array(text.utf8), file: file)
    }

    /// The error a load or parse throws; fails the test when it does not throw one.
    static func usageError(
        file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> CoreDataModel
    ) -> RestmapError? {
        do {
            _ = try body()
            XCTFail("expected a usage error", file: file, line: line)
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2, "a bad model is a usage error", file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    /// 1-based line and column (in characters) of the first occurrence of `marker` in `text`.
    static func position(of marker: String, in text: String) -> (line: Int, column: Int)? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: marker) {
                return (number + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// A fresh temporary directory, removed when the test ends.
    static func temporaryDirectory(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("restmap-coredata-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes `text` to `relativePath` under `directory`, creating folders on the way.
    @discardableResult
    static func write(_ text: String, to relativePath: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The `.xccurrentversion` plist Xcode writes.
    static func currentVersionPlist(_ name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>\(name)</string>
        </dict>
        </plist>
        """
    }
}

final class CoreDataModelTests: XCTestCase {
    private func sample() throws -> CoreDataModel {
        try CoreDataFixture.parse(CoreDataFixture.sample, file: "Sample.xcdatamodel/contents")
    }

    func testEntitiesKeepFileOrderAndTheirOwnFlags() throws {
        let model = try sample()
        XCTAssertEqual(model.entities.map(\.name), ["Article", "Author", "Note", "Photo", "Resource", "Tag"])
        XCTAssertEqual(model.entity(named: "Author")?.representedClassName, ".Author")
        XCTAssertNil(model.entity(named: "Note")?.representedClassName, "an empty class name means NSManagedObject")
        XCTAssertEqual(model.entity(named: "Article")?.parentEntity, "Resource")
        XCTAssertEqual(model.entity(named: "Resource")?.isAbstract, true)
        XCTAssertEqual(model.entity(named: "Article")?.isAbstract, false)
        XCTAssertEqual(model.entity(named: "Tag")?.uniquenessConstraints, [["name"]])
        XCTAssertNil(model.entity(named: "Missing"))
    }

    func testAttributesCarryTypeOptionalityDefaultsAndLocation() throws {
        let model = try sample()
        let article = try XCTUnwrap(model.entity(named: "Article"))
        XCTAssertEqual(article.attributes.map(\.name), ["body", "publishedAt", "wordCount"])
        XCTAssertEqual(article.attributes.map(\.type), [.string, .date, .integer32])

        let body = try XCTUnwrap(article.attribute(named: "body"))
        XCTAssertFalse(body.isOptional, "a missing optional flag means required")
        let wordCount = try XCTUnwrap(article.attribute(named: "wordCount"))
        XCTAssertTrue(wordCount.isOptional)
        XCTAssertEqual(wordCount.typeName, "Integer 32")
        XCTAssertEqual(wordCount.defaultValue, "0")
        XCTAssertEqual(article.attribute(named: "publishedAt")?.defaultDateTimeInterval, "-725882400")

        let expected = try XCTUnwrap(CoreDataFixture.position(
            of: #"<attribute name="wordCount""#, in: CoreDataFixture.sample))
        XCTAssertEqual(
            wordCount.location,
            SourceLocation(file: "Sample.xcdatamodel/contents", line: expected.line, column: expected.column))
        XCTAssertEqual(wordCount.location.description, "Sample.xcdatamodel/contents:6:9")
    }

    func testLocationsPointAtTheStartTagEvenWhenItSpansLinesOrFollowsWideCharacters() throws {
        let text = CoreDataFixture.document("""
            <entity name="Café"><attribute name="é" attributeType="String"/><attribute
                name="second" attributeType="String"/></entity>
            """)
        let model = try CoreDataFixture.parse(text)
        let attributes = try XCTUnwrap(model.entity(named: "Café")).attributes
        XCTAssertEqual(attributes.map(\.location.line), [3, 3])
        XCTAssertEqual(attributes.map(\.location.column), [21, 65], "columns count characters, not bytes")
    }

    func testRelationshipsReadToManyOrderedOptionalAndInverse() throws {
        let model = try sample()
        let author = try XCTUnwrap(model.relationship(named: "author", in: "Article"))
        XCTAssertEqual(author.destinationEntity, "Author")
        XCTAssertFalse(author.isToMany, "maxCount=1 without toMany is to-one")
        XCTAssertTrue(author.isOptional)
        XCTAssertEqual(author.inverseName, "articles")
        XCTAssertEqual(author.inverseEntity, "Author")

        let tags = try XCTUnwrap(model.relationship(named: "tags", in: "Article"))
        XCTAssertTrue(tags.isToMany)
        XCTAssertTrue(tags.isOrdered)

        let articles = try XCTUnwrap(model.relationship(named: "articles", in: "Author"))
        XCTAssertTrue(articles.isToMany)
        XCTAssertFalse(articles.isOrdered)
        XCTAssertFalse(articles.isOptional, "a missing optional flag means required")
        XCTAssertEqual(articles.inverseName, "author")
    }

    func testInheritedPropertiesComeFirstAndChildrenBeforeParentsResolve() throws {
        let model = try sample()
        XCTAssertEqual(
            model.attributes(of: "Article").map(\.name),
            ["createdAt", "remoteKey", "slug", "body", "publishedAt", "wordCount"])
        XCTAssertEqual(model.attribute(named: "createdAt", in: "Article")?.type, .date)
        XCTAssertEqual(model.relationships(of: "Article").map(\.name), ["author", "tags"])
        XCTAssertEqual(model.superentities(of: "Article"), ["Resource"])
        XCTAssertTrue(model.entity("Photo", isKindOf: "Resource"))
        XCTAssertFalse(model.entity("Resource", isKindOf: "Photo"))
        XCTAssertNil(model.attribute(named: "body", in: "Resource"), "parents do not see their children's properties")
        XCTAssertEqual(model.attributes(of: "Nope"), [])
    }

    func testMultiLevelInheritanceAndChildOverridesWithAWarning() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Leaf" parentEntity="Middle">
                <attribute name="name" attributeType="Integer 32"/>
                <attribute name="leafOnly" attributeType="String"/>
            </entity>
            <entity name="Middle" parentEntity="Root">
                <attribute name="middleOnly" attributeType="String"/>
            </entity>
            <entity name="Root">
                <attribute name="name" attributeType="String"/>
                <attribute name="rootOnly" attributeType="String"/>
            </entity>
            """))
        XCTAssertEqual(model.superentities(of: "Leaf"), ["Middle", "Root"])
        XCTAssertEqual(model.attributes(of: "Leaf").map(\.name), ["name", "rootOnly", "middleOnly", "leafOnly"])
        XCTAssertEqual(model.attribute(named: "name", in: "Leaf")?.type, .integer32, "the child's declaration wins")
        XCTAssertEqual(model.attribute(named: "name", in: "Middle")?.type, .string)
        XCTAssertEqual(model.warnings.map(\.code), [.modelDuplicateProperty])
        XCTAssertEqual(model.warnings.first?.location?.line, 4)
    }

    func testUnknownAttributeTypeIsAWarningAndPassesThrough() throws {
        let model = try sample()
        let colour = try XCTUnwrap(model.attribute(named: "colour", in: "Tag"))
        XCTAssertEqual(colour.type, .transformable)
        XCTAssertEqual(colour.typeName, "Colour")
        let position = try XCTUnwrap(CoreDataFixture.position(of: #"<attribute name="colour""#, in: CoreDataFixture.sample))
        XCTAssertEqual(model.warnings.map(\.site), ["RM1110 Sample.xcdatamodel/contents:\(position.line):\(position.column)"])
    }

    func testOlderAndUnusualTypeNamesAreRead() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Old">
                <attribute name="blob" attributeType="Binary Data"/>
                <attribute name="data" attributeType="Binary"/>
                <attribute name="link" attributeType="URI"/>
                <attribute name="key" attributeType="UUID"/>
                <attribute name="objectID" attributeType="Object ID"/>
                <attribute name="scratch" transient="YES" attributeType="Undefined"/>
                <attribute name="count" derived="YES" derivationExpression="items.@count" attributeType="Integer 16"/>
                <attribute name="price" attributeType="Decimal"/>
                <attribute name="ratio" attributeType="Float"/>
                <attribute name="flag" attributeType="Boolean" defaultValueString="YES"/>
                <attribute name="list" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
            </entity>
            """))
        let attributes = model.attributes(of: "Old")
        XCTAssertEqual(attributes.map(\.type), [
            .binary, .binary, .url, .uuid, .transformable, .transformable, .integer16, .decimal, .float, .boolean,
            .transformable,
        ])
        XCTAssertTrue(model.warnings.isEmpty, "\(model.warnings)")
        XCTAssertEqual(attributes[5].isTransient, true)
        XCTAssertEqual(attributes[6].isDerived, true)
        XCTAssertEqual(attributes[10].customClassName, "[String]")
        XCTAssertEqual(attributes[10].valueTransformerName, "NSSecureUnarchiveFromData")
    }

    func testCompositeAttributesAreTransformableAndNameTheirComposite() throws {
        let model = try sample()
        let place = try XCTUnwrap(model.attribute(named: "place", in: "Photo"))
        XCTAssertEqual(place.type, .transformable)
        XCTAssertEqual(place.typeName, "Composite")
        XCTAssertEqual(place.compositeName, "GeoPoint")
        XCTAssertEqual(model.composite(named: "GeoPoint")?.attributes.map(\.name), ["latitude", "longitude"])
        XCTAssertEqual(model.composite(named: "GeoPoint")?.attributes.map(\.type), [.double, .double])

        let dangling = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Photo"><attribute name="place" attributeType="Composite" composite="Nowhere"/></entity>
            """))
        XCTAssertEqual(dangling.warnings.map(\.code), [.modelDanglingReference])
    }

    func testUserInfoIsKeptInOrder() throws {
        let model = try sample()
        let info = try XCTUnwrap(model.entity(named: "Resource")).userInfo
        XCTAssertEqual(info.entries.map(\.key), ["RKEntityIdentificationAttributes"])
        XCTAssertEqual(info["RKEntityIdentificationAttributes"], "remoteKey, slug")
        XCTAssertNil(info["other"])
    }

    func testDanglingReferencesAreWarnings() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a" inverseEntity="B"/>
                <relationship name="ghost" optional="YES" maxCount="1" destinationEntity="Ghost"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="nothing"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <entity name="B"/>
            """))
        XCTAssertEqual(model.warnings.map(\.code), [.modelDanglingReference, .modelDanglingReference, .modelDanglingReference])
        // One code for the three checks; the sentences tell them apart.
        XCTAssertEqual(model.warnings.map(\.message), [
            "relationship 'b' of entity 'A' has inverse 'a', which is not a relationship of entity 'B'",
            "relationship 'ghost' of entity 'A' has destinationEntity 'Ghost', which is not an entity of the model",
            "uniqueness constraint of entity 'A' names 'nothing', which is not a property of the entity",
        ])
    }

    func testInverseDeclaredOnTheDestinationsParentIsFound() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Blog">
                <relationship name="posts" optional="YES" toMany="YES" destinationEntity="Post" inverseName="blog" inverseEntity="BasePost"/>
            </entity>
            <entity name="BasePost" isAbstract="YES">
                <relationship name="blog" optional="YES" maxCount="1" destinationEntity="Blog" inverseName="posts" inverseEntity="Blog"/>
            </entity>
            <entity name="Post" parentEntity="BasePost"/>
            """))
        XCTAssertEqual(model.warnings, [])
        XCTAssertEqual(model.relationship(named: "blog", in: "Post")?.destinationEntity, "Blog")
    }
}
