import Foundation
import XCTest
@testable import RestmapEngine

/// What `--model PATH` accepts, which version of a bundle it reads, and how it refuses bad input.
final class CoreDataModelLoadingTests: XCTestCase {
    private func version(_ entity: String) -> String {
        CoreDataFixture.document(#"<entity name="\#(entity)"/>"#)
    }

    /// A bundle `Sample.xcdatamodeld` with versions `Sample`, `Sample 2`, `Sample 10`, each
    /// holding one entity named after its version, and optionally a `.xccurrentversion`.
    private func bundle(current: String?) throws -> URL {
        let directory = try CoreDataFixture.temporaryDirectory(for: self)
        for (name, entity) in [("Sample", "V1"), ("Sample 2", "V2"), ("Sample 10", "V10")] {
            try CoreDataFixture.write(version(entity), to: "Sample.xcdatamodeld/\(name).xcdatamodel/contents", in: directory)
        }
        if let current {
            try CoreDataFixture.write(
                CoreDataFixture.currentVersionPlist(current), to: "Sample.xcdatamodeld/.xccurrentversion", in: directory)
        }
        return directory.appendingPathComponent("Sample.xcdatamodeld")
    }

    func testBundleUsesTheVersionNamedByXCCurrentVersion() throws {
        let path = try bundle(current: "Sample 2.xcdatamodel").path
        let model = try CoreDataModel.load(path: path)
        XCTAssertEqual(model.entities.map(\.name), ["V2"])
        XCTAssertEqual(model.file, path + "/Sample 2.xcdatamodel/contents")
        XCTAssertEqual(model.warnings, [])
        XCTAssertEqual(try CoreDataModel.load(path: path + "/").entities.map(\.name), ["V2"], "a trailing slash is fine")
    }

    func testXCCurrentVersionWithoutTheExtensionIsAccepted() throws {
        let path = try bundle(current: "Sample").path
        XCTAssertEqual(try CoreDataModel.load(path: path).entities.map(\.name), ["V1"])
    }

    func testAnExplicitVersionOverridesXCCurrentVersion() throws {
        let path = try bundle(current: "Sample 2.xcdatamodel").path
        XCTAssertEqual(try CoreDataModel.load(path: path, version: "Sample 10").entities.map(\.name), ["V10"])
        let error = CoreDataFixture.usageError { try CoreDataModel.load(path: path, version: "Sample 3") }
        XCTAssertEqual(error?.site, "RM1101 -")
    }

    func testXCCurrentVersionNamingAMissingVersionIsAnError() throws {
        let path = try bundle(current: "Sample 3.xcdatamodel").path
        let error = CoreDataFixture.usageError { try CoreDataModel.load(path: path) }
        XCTAssertEqual(error?.site, "RM1101 \(path)/.xccurrentversion")
    }

    func testWithoutXCCurrentVersionTheLastVersionInNaturalOrderIsUsedWithAWarning() throws {
        let path = try bundle(current: nil).path
        let model = try CoreDataModel.load(path: path)
        XCTAssertEqual(model.entities.map(\.name), ["V10"], "'Sample 10' comes after 'Sample 2'")
        XCTAssertEqual(model.warnings.map(\.site), ["RM1104 \(path)"])
    }

    func testASingleVersionBundleNeedsNoXCCurrentVersion() throws {
        let directory = try CoreDataFixture.temporaryDirectory(for: self)
        try CoreDataFixture.write(version("Only"), to: "One.xcdatamodeld/One.xcdatamodel/contents", in: directory)
        let model = try CoreDataModel.load(path: directory.appendingPathComponent("One.xcdatamodeld").path)
        XCTAssertEqual(model.entities.map(\.name), ["Only"])
        XCTAssertEqual(model.warnings, [])
    }

    func testVersionDirectoryAndContentsFileLoadDirectly() throws {
        let path = try bundle(current: nil).path + "/Sample 2.xcdatamodel"
        XCTAssertEqual(try CoreDataModel.load(path: path).entities.map(\.name), ["V2"])
        XCTAssertEqual(try CoreDataModel.load(path: path + "/contents").entities.map(\.name), ["V2"])
    }

    func testMissingPathIsAUsageError() {
        let error = CoreDataFixture.usageError { try CoreDataModel.load(path: "/nonexistent/Model.xcdatamodeld") }
        XCTAssertEqual(error?.site, "RM1101 -")
    }

    func testVersionDirectoryWithoutContentsIsAnError() throws {
        let directory = try CoreDataFixture.temporaryDirectory(for: self)
        let path = directory.appendingPathComponent("Empty.xcdatamodel").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let error = CoreDataFixture.usageError { try CoreDataModel.load(path: path) }
        XCTAssertEqual(error?.site, "RM1101 -")

        let bundle = directory.appendingPathComponent("Empty.xcdatamodeld").path
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let bundleError = CoreDataFixture.usageError { try CoreDataModel.load(path: bundle) }
        XCTAssertEqual(bundleError?.site, "RM1101 -")
    }

    func testXcode3ModelsAreRefusedWithAdvice() throws {
        let directory = try CoreDataFixture.temporaryDirectory(for: self)
        let model = directory.appendingPathComponent("Data Model.xcdatamodel")
        try CoreDataFixture.write("bplist00", to: "Data Model.xcdatamodel/elements", in: directory)
        try CoreDataFixture.write("bplist00", to: "Data Model.xcdatamodel/layout", in: directory)
        let error = CoreDataFixture.usageError { try CoreDataModel.load(path: model.path) }
        XCTAssertEqual(error?.site, "RM1103 -")
    }

    func testCompiledModelsAreRefusedWithAdvice() throws {
        let directory = try CoreDataFixture.temporaryDirectory(for: self)
        try CoreDataFixture.write("bplist00", to: "App.momd/App.mom", in: directory)
        try CoreDataFixture.write("bplist00", to: "Renamed/App.mom", in: directory)
        try CoreDataFixture.write("bplist00...", to: "compiled-contents", in: directory)
        for path in ["App.momd", "App.momd/App.mom"] {
            let full = directory.appendingPathComponent(path).path
            let error = CoreDataFixture.usageError { try CoreDataModel.load(path: full) }
            XCTAssertEqual(error?.site, "RM1102 -")
        }
        let renamed = directory.appendingPathComponent("Renamed").path
        XCTAssertEqual(CoreDataFixture.usageError { try CoreDataModel.load(path: renamed) }?.site, "RM1102 -")
        let binary = directory.appendingPathComponent("compiled-contents").path
        XCTAssertEqual(CoreDataFixture.usageError { try CoreDataModel.load(path: binary) }?.site, "RM1102 -")
    }

    func testNaturalVersionOrder() {
        let names = ["WordPress 100.xcdatamodel", "WordPress 62.xcdatamodel", "WordPress.xcdatamodel", "WordPress 9.xcdatamodel"]
        XCTAssertEqual(names.sorted(by: CoreDataModelLocator.naturallyPrecedes), [
            "WordPress.xcdatamodel", "WordPress 9.xcdatamodel", "WordPress 62.xcdatamodel", "WordPress 100.xcdatamodel",
        ])
    }
}

/// Models that cannot be used: each failure is a usage error pointing at the cause.
final class CoreDataModelErrorTests: XCTestCase {
    func testMalformedXMLReportsLibxml2sMessageWithLineAndColumn() {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A">
                    <attribute name="x" attributeType="String">
                </entity>
            </model>
            """
        let error = CoreDataFixture.usageError { try CoreDataFixture.parse(text, file: "Broken.xcdatamodel/contents") }
        XCTAssertEqual(error?.diagnostics.count, 1)
        let diagnostic = error?.diagnostics.first
        XCTAssertEqual(diagnostic?.location?.file, "Broken.xcdatamodel/contents")
        XCTAssertEqual(diagnostic?.site, "RM1105 Broken.xcdatamodel/contents:5:14")
    }

    func testEmptyAndNonModelDocumentsAreRefused() {
        XCTAssertEqual(CoreDataFixture.usageError { try CoreDataFixture.parse("") }?.site, "RM1105 contents")
        let plist = CoreDataFixture.currentVersionPlist("Model.xcdatamodel")
        XCTAssertEqual(CoreDataFixture.usageError { try CoreDataFixture.parse(plist) }?.site, "RM1105 contents:3:1")
    }

    func testExternalEntitiesAreNeitherFetchedNorExpanded() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE model [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <model><entity name="&secret;"/></model>
            """
        // Entity declarations are never recorded, so the reference is simply undefined.
        XCTAssertEqual(CoreDataFixture.usageError { try CoreDataFixture.parse(text) }?.site, "RM1105 contents:3:30")
    }

    func testParentCyclesAndUnknownParentsAreErrorsNotHangs() {
        let text = CoreDataFixture.document("""
            <entity name="A" parentEntity="B"/>
            <entity name="B" parentEntity="C"/>
            <entity name="C" parentEntity="A"/>
            <entity name="Leaf" parentEntity="A"/>
            <entity name="Self" parentEntity="Self"/>
            <entity name="Orphan" parentEntity="Missing"/>
            """)
        let error = CoreDataFixture.usageError { try CoreDataFixture.parse(text) }
        XCTAssertEqual(error?.diagnostics.map(\.site), ["RM1112 contents:3:1", "RM1112 contents:7:1", "RM1112 contents:8:1"])
    }

    func testNamelessAndDuplicateEntitiesAreErrors() {
        let text = CoreDataFixture.document("""
            <entity name="A"/>
            <entity/>
            <entity name="A"/>
            <entity name="B"><relationship name="r"/></entity>
            """)
        let error = CoreDataFixture.usageError { try CoreDataFixture.parse(text) }
        XCTAssertEqual(error?.diagnostics.map(\.site), ["RM1109 contents:4:1", "RM1107 contents:5:1", "RM1109 contents:6:18"])
        XCTAssertEqual(error?.diagnostics[1].related.first?.location.line, 3)
    }

    func testUnknownElementsAndXMLAttributesAreIgnored() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="A" futureFlag="YES">
                <attribute name="x" attributeType="String" somethingNew="1"/>
                <hologram name="x"/>
                <fetchedProperty name="f"><fetchRequest name="q" entity="A" predicateString="x == 1"/></fetchedProperty>
                <fetchIndex name="byX"><fetchIndexElement property="x" type="Binary" order="ascending"/></fetchIndex>
            </entity>
            <fetchRequest name="All" entity="A"/>
            <configuration name="Cloud"><memberEntity name="A"/></configuration>
            <elements><element name="A" positionX="0" positionY="0" width="128" height="44"/></elements>
            """))
        XCTAssertEqual(model.attributes(of: "A").map(\.name), ["x"])
        XCTAssertEqual(model.relationships(of: "A"), [])
        XCTAssertEqual(model.warnings, [])
    }
}
