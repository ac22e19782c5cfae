import Foundation
import RestmapTestSupport
import XCTest

/// RestmapEngine is one module with its layers as folders, so the compiler no longer keeps a
/// lower layer from using a higher one. This test does: a file may name only types declared
/// in its own layer or the layers below it (Support < Formats < Config < Mapping < Writing <
/// Validation < Runs), so that values and formats never depend on the config, the config
/// never on mapping, and so on up to the runs.
final class EngineLayeringTests: XCTestCase {
    static let layers = ["Support", "Formats", "Config", "Mapping", "Writing", "Validation", "Runs"]
    static let engine = RestmapBinary.packageRoot.appendingPathComponent("Sources/Engine")

    /// The Swift files of each layer's folder.
    static func files(of layer: String) throws -> [URL] {
        let folder = engine.appendingPathComponent(layer)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// The names of the types a file declares at its top level (nested types are reached
    /// through them).
    static func declaredTypes(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?m)^(?:(?:public|final|indirect|private|fileprivate)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    /// The code of a file without its comments and string literals, as words.
    static func words(in text: String) -> Set<String> {
        var code = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = line
            if let comment = line.range(of: "//") { kept = line[..<comment.lowerBound] }
            code += kept.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression) + "\n"
        }
        return Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    func testNoLayerNamesATypeOfAHigherLayer() throws {
        var declaredBy: [String: Int] = [:]  // type name → the lowest layer declaring it
        for (index, layer) in Self.layers.enumerated() {
            let files = try Self.files(of: layer)
            XCTAssertFalse(files.isEmpty, "Sources/Engine/\(layer) has no Swift files")
            for file in files {
                for name in Self.declaredTypes(in: try String(contentsOf: file, encoding: .utf8)) where declaredBy[name] == nil {
                    declaredBy[name] = index
                }
            }
        }
        var violations: [String] = []
        for (index, layer) in Self.layers.enumerated() {
            for file in try Self.files(of: layer) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let own = Self.declaredTypes(in: text)
                for word in Self.words(in: text) where !own.contains(word) {
                    guard let owner = declaredBy[word], owner > index else { continue }
                    violations.append("\(layer)/\(file.lastPathComponent) names \(word), declared in \(Self.layers[owner])")
                }
            }
        }
        XCTAssertEqual(violations.sorted(), [], "a layer may use only its own layer and the ones below it")
    }

    /// Every folder of the engine is one of the layers (a new folder must be placed).
    func testEveryEngineFolderIsALayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.engine.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(folders), Set(Self.layers))
    }
}
