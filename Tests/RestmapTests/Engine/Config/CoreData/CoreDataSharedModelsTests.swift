import Foundation
import RestmapTestSupport
import XCTest
@testable import RestmapEngine

/// Real models from public projects (Xcode 4 to 15 formats), kept outside the repository in
/// `../shared/testdata/coredata-models` (see its SOURCES.md). Skipped when absent.
final class CoreDataSharedModelsTests: XCTestCase {
    private static let root = RestmapBinary.packageRoot
        .appendingPathComponent("../shared/testdata/coredata-models").standardizedFileURL

    private func root() throws -> URL {
        guard FileManager.default.fileExists(atPath: Self.root.path) else {
            throw XCTSkip("shared Core Data models not found at \(Self.root.path)")
        }
        return Self.root
    }

    private func load(_ relativePath: String) throws -> CoreDataModel {
        try CoreDataModel.load(path: try root().appendingPathComponent(relativePath).path)
    }

    /// Every loadable thing under the directory: bundles, version directories, and XML files
    /// (`contents` or `*.xml`), with the entities each must yield. Formats that are genuinely
    /// unsupported would be listed with the message they must fail with; none of the saved
    /// models is such a format.
    private static let expectedEntities: [String: [String]] = [
        "MomXML/Model.xcdatamodeld": ["Client", "Commande", "Produit"],
        "MomXML/Model.xcdatamodeld/Model.xcdatamodel": ["Client", "Commande", "Produit"],
        "MomXML/Model.xcdatamodeld/Model.xcdatamodel/contents": ["Client", "Commande", "Produit"],
        "MomXML/model.xml": ["Client", "Commande", "Produit"],
        "RestKit/VersionedModel.xcdatamodeld": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel.xcdatamodel": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel.xcdatamodel/contents": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 2.xcdatamodel": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 2.xcdatamodel/contents": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 3.xcdatamodel": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 3.xcdatamodel/contents": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 4.xcdatamodel": ["Article", "Tag"],
        "RestKit/VersionedModel.xcdatamodeld/VersionedModel 4.xcdatamodel/contents": ["Article", "Tag"],
        "Sync/239.xcdatamodeld": ["Car", "Passenger", "Racecar", "Sedan"],
        "Sync/239.xcdatamodeld/239.xcdatamodel": ["Car", "Passenger", "Racecar", "Sedan"],
        "Sync/239.xcdatamodeld/239.xcdatamodel/contents": ["Car", "Passenger", "Racecar", "Sedan"],
    ]

    func testEveryModelUnderTheSharedDirectoryLoads() throws {
        let root = try root()
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        var candidates: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasSuffix(".xcdatamodeld") || name.hasSuffix(".xcdatamodel") || name == "contents"
                || name.hasSuffix(".xml")
            {
                candidates.append(relative)
            }
        }
        XCTAssertGreaterThanOrEqual(candidates.count, Self.expectedEntities.count)
        for relative in candidates.sorted() {
            let path = root.appendingPathComponent(relative).path
            do {
                let model = try CoreDataModel.load(path: path)
                XCTAssertFalse(model.entities.isEmpty, "\(relative) has no entities")
                XCTAssertEqual(model.warnings, [], "\(relative) loads without warnings")
                if let expected = Self.expectedEntities[relative] {
                    XCTAssertEqual(model.entities.map(\.name), expected, relative)
                }
            } catch {
                XCTFail("\(relative) failed to load: \(error)")
            }
        }
    }

    func testPropertyMapperModelLoadsEveryAttributeType() throws {
        let model = try load("Sync/PropertyMapperModel.xcdatamodeld")
        XCTAssertTrue(model.file.hasSuffix("PropertyMapperModel.xcdatamodeld/Model.xcdatamodel/contents"))
        let types = Dictionary(uniqueKeysWithValues: model.attributes(of: "Attribute").map { ($0.name, $0.type) })
        XCTAssertEqual(types["binaryData"], .binary)
        XCTAssertEqual(types["boolean"], .boolean)
        XCTAssertEqual(types["decimal"], .decimal)
        XCTAssertEqual(types["doubleValue"], .double)
        XCTAssertEqual(types["floatValue"], .float)
        XCTAssertEqual(types["integer16"], .integer16)
        XCTAssertEqual(types["integer32"], .integer32)
        XCTAssertEqual(types["integer64"], .integer64)
        XCTAssertEqual(types["string"], .string)
        XCTAssertEqual(types["transformable"], .transformable)
        XCTAssertEqual(types["uri"], .url)
        XCTAssertEqual(types["uuid"], .uuid)
        XCTAssertNil(model.entity(named: "Compatibility")?.representedClassName)
        XCTAssertEqual(model.attribute(named: "current", in: "Compatibility")?.userInfo["sync.remoteKey"], "customCurrent")
    }

    func testRestKitBundleReadsCurrentVersionFour() throws {
        let model = try load("RestKit/VersionedModel.xcdatamodeld")
        XCTAssertTrue(model.file.hasSuffix("VersionedModel 4.xcdatamodel/contents"), model.file)
        XCTAssertEqual(model.attributes(of: "Article").map(\.name), ["authorName", "body", "title"],
            "version 3 added createdAt, version 4 removed it")
        XCTAssertEqual(model.attributes(of: "Tag").map(\.name), ["name"])
    }

    func testSyncInheritanceGivesSubEntitiesTheirParentsRelationships() throws {
        let model = try load("Sync/239.xcdatamodeld")
        XCTAssertEqual(model.relationships(of: "Sedan").map(\.name), ["passengers"])
        XCTAssertEqual(model.relationship(named: "passengers", in: "Racecar")?.isToMany, true)
        XCTAssertEqual(model.attributes(of: "Racecar").map(\.name), ["maxSpeed", "remoteID"])
        XCTAssertEqual(model.superentities(of: "Sedan"), ["Car"])
        XCTAssertEqual(model.relationship(named: "car", in: "Passenger")?.isToMany, false)
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Passenger"), [], "remoteID is not a RestKit name")
    }

    func testMomXMLXcode15CompositesAndStressFile() throws {
        let model = try load("MomXML/Model.xcdatamodeld")
        let attribute1 = try XCTUnwrap(model.attribute(named: "attribute1", in: "Produit"))
        XCTAssertEqual(attribute1.type, .transformable)
        XCTAssertEqual(attribute1.compositeName, "Composite")
        XCTAssertEqual(model.composites.map(\.name), ["Composite", "Composite1"])
        XCTAssertEqual(model.composite(named: "Composite")?.attributes.map(\.name), ["one", "two", "three"])
        XCTAssertEqual(model.composite(named: "Composite")?.attributes.last?.compositeName, "Composite1")
        XCTAssertEqual(model.attribute(named: "attribute", in: "Produit")?.customClassName, "CustomClass")
        XCTAssertEqual(model.entity(named: "Client")?.userInfo["key1"], "value")
        XCTAssertEqual(model.inferredIdentificationAttributes(for: "Client"), ["id"])

        let stress = try load("MomXML/model.xml")
        XCTAssertEqual(stress.entity(named: "Client")?.uniquenessConstraints, [["id"]])
        XCTAssertEqual(stress.attribute(named: "commandeCount", in: "Client")?.isDerived, true)
        XCTAssertEqual(stress.relationships(of: "Produit").map(\.name), ["produit_commande"], "fetched properties are not relationships")
    }
}
