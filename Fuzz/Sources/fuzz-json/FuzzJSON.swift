import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// Whole-document JSON (`JSONReader`): the reader behind `map` payloads held in memory,
// `validate` (values with locations) and JSON configs (located plist trees).
//
// Invariants, beyond "no crash, no hang, only RestmapError":
// - the three builders (`Value`, located `Value`, `PlistNode`) run one grammar: they accept
//   the same documents and refuse the others with the same diagnostic;
// - they build the same value (the plist tree seen as a `Value`);
// - every accepted document has a location for its root;
// - a tight `maxDepth` only ever turns success into failure, never changes a value;
// - `JSONWriter` output, compact and pretty, reads back as the same value.

/// A depth small enough that the fuzzer reaches it with short inputs.
let tightDepth = 8

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let file = "fuzz.json"

    let value = attempt("JSONReader.value") { try JSONReader.value(from: bytes, file: file) }
    let located = attempt("JSONReader.valueWithLocations") { try JSONReader.valueWithLocations(from: bytes, file: file) }
    let plist = attempt("JSONReader.plist") { try JSONReader.plist(from: bytes, file: file) }

    expect(value.diagnostics == located.diagnostics,
           "value and valueWithLocations disagree: \(describe(value)) vs \(describe(located))")
    expect(value.diagnostics == plist.diagnostics,
           "value and plist disagree: \(describe(value)) vs \(describe(plist))")

    let tight = attempt("JSONReader.value(maxDepth: \(tightDepth))") {
        try JSONReader.value(from: bytes, file: file, maxDepth: tightDepth)
    }

    guard case .success(let document) = value else {
        expect(tight.diagnostics != nil, "a tight maxDepth accepted what the default refused: \(describe(value))")
        return 0
    }
    let (locatedValue, locations) = located.value!
    expect(locatedValue == document, "valueWithLocations built another value")
    expect(plist.value!.value == document, "plist built another value")
    expect(locations[""] != nil, "no location for the root")
    let text = TextIndex(bytes)
    checkLocations(locations, of: document, in: bytes, text)
    checkLocations(plist.value!, in: bytes, text)

    let depth = nestingDepth(document)
    switch tight {
    case .success(let shallow):
        expect(depth <= tightDepth, "maxDepth \(tightDepth) accepted depth \(depth)")
        expect(shallow == document, "a tight maxDepth built another value")
    case .failure(let error):
        expect(depth > tightDepth, "maxDepth \(tightDepth) refused depth \(depth): \(error)")
    }

    for style in [JSONWriter.Style.compact, .pretty] {
        let written = writeJSON(document, style: style)
        switch attempt("JSONReader.value(written)", { try JSONReader.value(from: written, file: "written.json") }) {
        case .success(let again):
            expect(again == document, "\(style) output reads back as another value: \(String(decoding: written.prefix(300), as: UTF8.self))")
        case .failure(let error):
            violated("\(style) output does not read back: \(error); output: \(String(decoding: written.prefix(300), as: UTF8.self))")
        }
    }
    return 0
}

/// Every value has a location, at its first byte; any other recorded location (a repeated
/// key's earlier value) is at least inside the input.
func checkLocations(_ locations: PayloadLocations, of document: Value, in bytes: [UInt8], _ text: TextIndex) {
    for (pointer, value) in pointers(in: document) {
        guard let location = recordedLocation(of: pointer, in: locations) else { continue }
        guard let offset = text.offset(of: location) else {
            violated("location \(location) of '\(pointer)' lies outside the input")
        }
        expect(jsonStartBytes(of: value).contains(bytes[offset]),
               "location \(location) of '\(pointer)' (a \(value.kindName)) points at '\(Unicode.Scalar(bytes[offset]))'")
    }
    for (pointer, location) in locations.byPointer {
        expect(text.offset(of: location) != nil, "location \(location) of '\(pointer)' lies outside the input")
    }
}

/// The same for a JSON config's plist tree: values at their first byte, keys at their quote.
func checkLocations(_ root: PlistNode, in bytes: [UInt8], _ text: TextIndex) {
    var stack = [root]
    while let node = stack.popLast() {
        guard let offset = text.offset(of: node.location) else {
            violated("plist location \(node.location) lies outside the input")
        }
        expect(jsonStartBytes(of: node).contains(bytes[offset]),
               "plist location \(node.location) of a \(node.kindName) points at '\(Unicode.Scalar(bytes[offset]))'")
        for entry in node.entries ?? [] {
            guard let keyOffset = text.offset(of: entry.keyLocation) else {
                violated("key location \(entry.keyLocation) lies outside the input")
            }
            expect(bytes[keyOffset] == UInt8(ascii: "\""),
                   "key '\(entry.key)' located at '\(Unicode.Scalar(bytes[keyOffset]))'")
            stack.append(entry.value)
        }
        stack.append(contentsOf: node.elements ?? [])
    }
}

func jsonStartBytes(of node: PlistNode) -> Set<UInt8> {
    switch node.content {
    case .dictionary: return jsonStartBytes(of: Value.object(ValueObject()))
    case .array: return jsonStartBytes(of: Value.array([]))
    case .string, .date, .data: return jsonStartBytes(of: Value.string(""))
    case .integer, .real: return jsonStartBytes(of: Value.number("0"))
    case .boolean(let flag): return jsonStartBytes(of: Value.bool(flag))
    case .null: return jsonStartBytes(of: Value.null)
    }
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_json_main")
func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzJSON)
}
