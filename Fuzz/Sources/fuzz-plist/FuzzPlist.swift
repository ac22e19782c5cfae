import FuzzSupport
import RestmapCore

// Configs: `ConfigDocumentReader` (XML plist through libxml2's SAX parser, binary plist, JSON
// config, told apart by their first bytes), then on whatever parses the loader, the linter,
// `describe`'s renderings, request-path matching, and binding to the sample Core Data model
// (Configs/Gists.xcdatamodeld) — what `check -c FILE --model ...` does.
//
// Invariants, beyond "no crash, no hang, only RestmapError":
// - a text config's every value and key is located inside the file: an XML plist's at the
//   `<` of its element (when offsets are unambiguous: UTF-8 input, or ASCII);
// - every diagnostic of a text config names a line that exists;
// - a path mapping's `uri` matches its own pattern text.

let sampleModel: CoreDataModel? = {
    // Fuzz/Sources/fuzz-plist/FuzzPlist.swift -> the repository root.
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    let root = parts.joined(separator: "/")
    return try? CoreDataModel.load(path: root + "/Configs/Gists.xcdatamodeld")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    expect(sampleModel != nil, "the harness could not load Configs/Gists.xcdatamodeld")
    let bytes = fuzzInput(data, size)
    let file = "fuzz.plist"
    let isBinary = BinaryPlistReader.looksBinary(bytes)
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }

    func checkLines(_ diagnostics: [Diagnostic], _ stage: String) {
        guard !isBinary else { return }
        for diagnostic in diagnostics {
            if let line = diagnostic.location?.line {
                expect(line >= 1 && line <= lineCount,
                       "\(stage) diagnostic at line \(line) of \(lineCount): \(diagnostic)")
            }
        }
    }

    let parsed = attempt("ConfigDocumentReader.parse") { try ConfigDocumentReader().parse(bytes, file: file) }
    guard case .success(let root) = parsed else {
        checkLines(parsed.diagnostics ?? [], "parse")
        return 0
    }
    if !isBinary { checkNodeLocations(root, in: bytes) }

    let log = DiagnosticLog()
    let loaded = attempt("ConfigLoader.load") { try ConfigLoader().load(root, file: file, log: log) }
    checkLines(log.diagnostics, "load")
    guard case .success(let definitions) = loaded else {
        checkLines(loaded.diagnostics ?? [], "load")
        return 0
    }
    ConfigLinter().lint(definitions, log: log)
    checkLines(log.diagnostics, "lint")

    _ = DefinitionsSummary().render(definitions)
    _ = DotGraph().render(definitions)
    for mapping in definitions.pathMappings {
        let pattern = mapping.uri.value
        expect(pattern.match(pattern.text) != nil || pattern.text.contains(where: { "?#%".contains($0) })
                   || pattern.text.contains("://"),
               "path mapping '\(pattern.text)' does not match its own pattern")
        _ = RequestPathMatching.entries(for: pattern.text, in: definitions)
    }

    if let sampleModel {
        var bound = definitions
        let bindingLog = DiagnosticLog()
        ModelBinding().apply(sampleModel, to: &bound, log: bindingLog)
        ConfigLinter().lint(bound, log: bindingLog)
    }
    return 0
}

/// An XML plist's elements are located at their `<`; a JSON config's values at their first
/// byte and its keys at their quote. Either way inside the file.
func checkNodeLocations(_ root: PlistNode, in bytes: [UInt8]) {
    let isXML = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<")
    // libxml2 reports offsets in its UTF-8 view of the document: they are the file's offsets
    // only when the file is UTF-8 (or ASCII, which every encoding it accepts here agrees on).
    let isASCII = bytes.allSatisfy { $0 < 0x80 }
    let declaresEncoding = bytes.prefix(200).starts(with: Array("<?xml".utf8))
        && String(decoding: bytes.prefix(200), as: UTF8.self).lowercased().contains("encoding")
    let offsetsComparable = isASCII || (String(validating: bytes, as: UTF8.self) != nil && !declaresEncoding)
    let valueStarts = Set(Array("-0123456789\"[{tfn".utf8))

    let text = TextIndex(bytes)
    func check(_ location: SourceLocation, _ what: String, expected: Set<UInt8>) {
        guard location.line != nil, location.column != nil else {
            violated("\(what) has no line and column: \(location)")
        }
        guard let offset = text.offset(of: location) else {
            violated("\(what) is located outside the file: \(location)")
        }
        if !isXML || offsetsComparable {
            expect(expected.contains(bytes[offset]),
                   "\(what) is located at \(location), on '\(Unicode.Scalar(bytes[offset]))'")
        }
    }

    var stack = [root]
    while let node = stack.popLast() {
        check(node.location, "a \(node.kindName)", expected: isXML ? [UInt8(ascii: "<")] : valueStarts)
        for entry in node.entries ?? [] {
            check(entry.keyLocation, "key '\(entry.key)'", expected: [isXML ? UInt8(ascii: "<") : UInt8(ascii: "\"")])
            stack.append(entry.value)
        }
        stack.append(contentsOf: node.elements ?? [])
    }
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_plist_main")
func fuzzPlistMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzPlist)
}
