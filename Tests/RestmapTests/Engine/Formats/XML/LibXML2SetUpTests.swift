import Foundation
import RestmapTestSupport
import XCTest
@testable import RestmapEngine

/// libxml2 sits at a security boundary: every reader that uses it (XML payloads, XML plist
/// configs, Core Data models) is set up in one place, `LibXML2`, with the same options and
/// the same rules about what may be fetched.
final class LibXML2SetUpTests: XCTestCase {
    /// No reader sets parse options or entity resolution of its own.
    func testOnlyTheSharedSetUpSetsOptionsAndEntityRules() throws {
        let engine = RestmapBinary.packageRoot.appendingPathComponent("Sources/Engine")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" && file.lastPathComponent != "LibXML2.swift" {
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for setting in ["xmlCtxtUseOptions", "XML_PARSE_", ".resolveEntity", ".externalSubset"] where code.contains(setting) {
                offenders.append("\(file.lastPathComponent): \(setting)")
            }
        }
        XCTAssertEqual(offenders, [])
    }

    /// An external entity in a Core Data model is not fetched: the file it names never shows
    /// up in the model, whatever becomes of the reference.
    func testACoreDataModelFetchesNoExternalEntity() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-secret-\(UUID().uuidString)")
        try Data("TOP-SECRET-CONTENT".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let model = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE model [<!ENTITY leak SYSTEM "\(secret.absoluteString)">]>
            <model type="com.apple.IDECoreDataModeler.DataModel">
                <entity name="User&leak;" syncable="YES">
                    <attribute name="name" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """
        let parsed = try? CoreDataModel.parse(Array(model.utf8), file: "leak.xcdatamodel/contents")
        for entity in parsed?.entities ?? [] {
            XCTAssertFalse(entity.name.contains("TOP-SECRET"), entity.name)
        }
    }

    /// The config reader refuses entity declarations, and an external one in particular.
    func testAConfigWithAnExternalEntityIsRefused() throws {
        let config = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [<!ENTITY leak SYSTEM "file:///etc/passwd">]>
            <plist version="1.0"><dict><key>path_mappings</key><string>&leak;</string></dict></plist>
            """
        XCTAssertThrowsError(try XMLPlistReader().read(Array(config.utf8), file: "c.plist")) { error in
            XCTAssertTrue("\(error)".contains("entity"), "\(error)")
            XCTAssertFalse("\(error)".contains("root:"), "\(error)")
        }
    }
}
