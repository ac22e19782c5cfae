import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// Configs: `ConfigDocumentReader` (XML plist through libxml2's SAX parser, binary plist, JSON
// config, told apart by their first bytes), then on whatever parses the loader, the linter,
// `describe`'s renderings, request-path matching, and binding to the sample Core Data model
// (Configs/Gists.xcdatamodeld) — what `check -c FILE --model ...` does. The same bytes are
// also read as a `validate` manifest (`ValidationManifest`), which shares the document reader.
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
    // Lines as the XML plist reader counts them (a lone CR ends one too): an upper bound for
    // every reader's count.
    let lineCount = TextIndex(bytes, xmlLineBreaks: true).lineCount

    func checkLines(_ diagnostics: [Diagnostic], _ stage: String) {
        guard !isBinary else { return }
        for diagnostic in diagnostics {
            if let line = diagnostic.location?.line {
                expect(line >= 1 && line <= lineCount,
                       "\(stage) diagnostic at line \(line) of \(lineCount): \(diagnostic)")
            }
        }
    }

    // The same document as a `validate` manifest (a plist or JSON array of samples).
    let manifestLog = DiagnosticLog()
    let manifest = attempt("ValidationManifest.parse") { try ValidationManifest().parse(bytes, file: file, log: manifestLog) }
    checkLines(manifestLog.diagnostics + (manifest.diagnostics ?? []), "manifest")

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
        // A pattern `check` flags (adjacent parameters, unknown escapes) need not match its
        // own text: `:a:b` cannot say where `a` ends.
        expect(pattern.match(pattern.text) != nil || pattern.text.contains(where: { "?#%".contains($0) })
                   || pattern.text.contains("://") || !pattern.problems.isEmpty,
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
///
/// A document libxml2 transcodes (it declares an encoding other than UTF-8, or has a UTF-16
/// byte-order mark) is located by libxml2's own position, which is the end of the start tag;
/// there the location must fall inside the start tag, and is checked only for ASCII files
/// (where columns count the same whatever the encoding). Other transcoded files: lines only.
func checkNodeLocations(_ root: PlistNode, in bytes: [UInt8]) {
    let isXML = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<")
    let isASCII = bytes.allSatisfy { $0 < 0x80 }
    let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
    let declaresOther = head.hasPrefix("<?xml") && head.contains("encoding")
        && !head.contains("encoding=\"utf-8\"") && !head.contains("encoding='utf-8'")
    let transcoded = isXML && (declaresOther || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]))
    enum Mode { case exact, insideStartTag, linesOnly }
    let mode: Mode
    if !isXML || (!transcoded && (isASCII || String(validating: bytes, as: UTF8.self) != nil)) {
        mode = .exact
    } else if transcoded && isASCII {
        mode = .insideStartTag
    } else {
        mode = .linesOnly
    }
    let valueStarts = Set(Array("-0123456789\"[{tfn".utf8))

    // XML plists count a lone CR as a line break (XML 1.0 §2.11); JSON counts LF only.
    let text = TextIndex(bytes, xmlLineBreaks: isXML)
    let lfText = TextIndex(bytes)
    /// Back from `offset` to a `<` without leaving the tag.
    func insideStartTag(_ offset: Int) -> Bool {
        var index = offset
        while index > 0, bytes[index] != UInt8(ascii: "<"), index == offset || bytes[index] != UInt8(ascii: ">") {
            index -= 1
        }
        return bytes[index] == UInt8(ascii: "<")
    }
    func check(_ location: SourceLocation, _ what: String, expected: Set<UInt8>) {
        guard let line = location.line, location.column != nil else {
            violated("\(what) has no line and column: \(location)")
        }
        expect(line >= 1 && line <= text.lineCount, "\(what) is located on line \(line) of \(text.lineCount)")
        switch mode {
        case .exact:
            guard let offset = text.offset(of: location) else {
                violated("\(what) is located outside the file: \(location)")
            }
            expect(expected.contains(bytes[offset]),
                   "\(what) is located at \(location), on '\(Unicode.Scalar(bytes[offset]))'")
        case .insideStartTag:
            // libxml2's own line numbers do not count a lone CR in element content (the UTF-8
            // path's do): accept either count.
            let offsets = [text.offset(of: location), lfText.offset(of: location)].compactMap { $0 }
            expect(offsets.contains { insideStartTag($0) }, "\(what) is located at \(location), outside its start tag")
        case .linesOnly:
            break
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
