// FoundationEssentials where it exists: the full Foundation would load ICU into every run
// (megabytes of resident memory) for nothing restmap needs.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the `contents` file that a `--model` path stands for. Xcode saves models as
/// directories: a `.xcdatamodeld` bundle holds one `.xcdatamodel` directory per version and,
/// usually, a `.xccurrentversion` plist naming the current one.
///
/// Version choice: an explicit version wins; else `.xccurrentversion` (an error when it names
/// a version that is not there); else the only version; else the last version in natural
/// order (`Model 10` after `Model 9`), with a warning, since Xcode would have written
/// `.xccurrentversion` had the user picked one. Compiled models and the binary Xcode 3
/// format are refused with advice instead of being misread.
enum CoreDataModelLocator {
    static let compiledAdvice =
        "compiled Core Data models are not supported; pass the .xcdatamodeld source (or a .xcdatamodel directory, or its contents file)"

    /// The `contents` path and any warnings about how it was chosen.
    static func locate(_ path: String, version: String?) throws -> (contents: String, warnings: [Diagnostic]) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let fileManager = FileManager.default
        let lowercasedExtension = Self.pathExtension(of: path).lowercased()
        if ["momd", "mom", "omo"].contains(lowercasedExtension) {
            throw RestmapError.usage(.modelCompiled, "'\(path)' is a compiled Core Data model (.\(lowercasedExtension)); \(compiledAdvice)")
        }
        guard let kind = FileKind.of(path) else {
            throw RestmapError.usage(.modelNotFound, "Core Data model '\(path)' not found")
        }
        guard kind == .directory else { return (path, []) }

        let entries = (try? fileManager.contentsOfDirectory(atPath: path)) ?? []
        if isRegularFile(path + "/contents") { return (path + "/contents", []) }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") && directoryExists(path + "/" + $0) }
        if !versions.isEmpty || lowercasedExtension == "xcdatamodeld" {
            return try chooseVersion(in: path, versions: versions, requested: version)
        }
        if entries.contains("elements") {
            throw RestmapError.usage(
                .modelUnsupportedFormat, "'\(path)' is in the Xcode 3 model format (a binary 'elements' file, no 'contents'), which is not supported; open and re-save the model in a current Xcode")
        }
        if entries.contains("VersionInfo.plist") || entries.contains(where: { $0.hasSuffix(".mom") }) {
            throw RestmapError.usage(.modelCompiled, "'\(path)' looks like a compiled Core Data model (.momd); \(compiledAdvice)")
        }
        if lowercasedExtension == "xcdatamodel" {
            throw RestmapError.usage(.modelNotFound, "Core Data model directory '\(path)' has no 'contents' file")
        }
        throw RestmapError.usage(
            .modelNotFound, "'\(path)' is not a Core Data model: expected a .xcdatamodeld or .xcdatamodel directory, or a model's contents file")
    }

    private static func chooseVersion(
        in bundle: String, versions: [String], requested: String?
    ) throws -> (contents: String, warnings: [Diagnostic]) {
        let sorted = versions.sorted(by: naturallyPrecedes)
        let available = sorted.isEmpty ? "none" : sorted.map { "'\($0)'" }.joined(separator: ", ")
        func named(_ name: String) -> String? {
            versions.first { $0 == name || $0 == name + ".xcdatamodel" }
        }
        func open(_ version: String, _ warnings: [Diagnostic]) throws -> (contents: String, warnings: [Diagnostic]) {
            let located = try locate(bundle + "/" + version, version: nil)
            return (located.contents, warnings + located.warnings)
        }

        if let requested {
            guard let found = named(requested) else {
                throw RestmapError.usage(
                    .modelNotFound, "model version '\(requested)' is not in '\(bundle)' (versions: \(available))")
            }
            return try open(found, [])
        }
        let marker = bundle + "/.xccurrentversion"
        if FileManager.default.fileExists(atPath: marker) {
            let current = try currentVersionName(at: marker)
            guard let found = named(current) else {
                throw RestmapError.usage(
                    .modelNotFound, "'.xccurrentversion' names model version '\(current)', which is not in the bundle (versions: \(available))",
                    at: .file(marker))
            }
            return try open(found, [])
        }
        guard let last = sorted.last else {
            throw RestmapError.usage(.modelNotFound, "Core Data model bundle '\(bundle)' contains no .xcdatamodel version")
        }
        if sorted.count == 1 { return try open(last, []) }
        let warning = Diagnostic.warning(
            .modelVersionGuessed, "'\(bundle)' has no .xccurrentversion; using '\(last)', the last of its \(sorted.count) versions by name",
            at: .file(bundle))
        return try open(last, [warning])
    }

    /// Reads `_XCCurrentVersionName` from the XML (or binary) plist Xcode writes.
    private static func currentVersionName(at path: String) throws -> String {
        struct CurrentVersion: Decodable {
            var name: String
            enum CodingKeys: String, CodingKey { case name = "_XCCurrentVersionName" }
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try PropertyListDecoder().decode(CurrentVersion.self, from: data).name
        } catch {
            throw RestmapError.usage(
                .modelMalformed, "cannot read the current model version: expected a property list with a string '_XCCurrentVersionName'",
                at: .file(path))
        }
    }

    /// Natural order: runs of digits compare as numbers, so `Model 10` follows `Model 9`;
    /// the `.xcdatamodel` extension is ignored, so `Model` precedes `Model 2`.
    static func naturallyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        func chunks(_ text: String) -> [(isNumber: Bool, text: Substring)] {
            let base = text.hasSuffix(".xcdatamodel") ? text.dropLast(".xcdatamodel".count) : Substring(text)
            var result: [(Bool, Substring)] = []
            var start = base.startIndex
            while start < base.endIndex {
                let isNumber = base[start].isASCII && base[start].isNumber
                let end = base[start...].firstIndex { ($0.isASCII && $0.isNumber) != isNumber } ?? base.endIndex
                result.append((isNumber, base[start..<end]))
                start = end
            }
            return result
        }
        let left = chunks(lhs)
        let right = chunks(rhs)
        for (a, b) in zip(left, right) where a.text != b.text {
            if a.isNumber && b.isNumber {
                let x = a.text.drop { $0 == "0" }
                let y = b.text.drop { $0 == "0" }
                if x.count != y.count { return x.count < y.count }
                if x != y { return x < y }
                continue
            }
            return a.text.unicodeScalars.lexicographicallyPrecedes(b.text.unicodeScalars)
        }
        if left.count != right.count { return left.count < right.count }
        return lhs < rhs
    }

    private static func isRegularFile(_ path: String) -> Bool {
        FileKind.of(path) == .file
    }

    private static func directoryExists(_ path: String) -> Bool {
        FileKind.of(path) == .directory
    }

    /// The extension of the last path component (`Model.xcdatamodeld` → `xcdatamodeld`).
    static func pathExtension(of path: String) -> String {
        var component = Substring(path)
        while component.hasSuffix("/") { component = component.dropLast() }
        if let slash = component.lastIndex(of: "/") { component = component[component.index(after: slash)...] }
        guard let dot = component.lastIndex(of: "."), dot != component.startIndex else { return "" }
        return String(component[component.index(after: dot)...])
    }
}
