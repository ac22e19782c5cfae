import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// XML payloads (`XMLPayloadReader`, libxml2's SAX2 parser): `read`, `readWithLocations`,
// and `streamElements` at the root and at the root's first child, from a source that hands
// over everything at once and, for one check chosen per input by a hash of its bytes
// (`variant(of:among:)`), from one that trickles a few bytes at a time: the trickled `read`
// and the trickled child stream, or `readWithLocations` with the location check, or the
// tight `maxDepth`.
//
// Invariants, beyond "no crash, no hang, no runaway memory (entity bombs), only RestmapError":
// - the way the bytes arrive changes nothing (values, errors, elements, outcomes);
// - `read` and `readWithLocations` build the same value or refuse with the same diagnostic;
// - every value has a location, inside the input, at a `<` (attributes and `text` have
//   their element's) when offsets are unambiguous (UTF-8 input, or ASCII);
// - `streamElements(at: [])` hands out the document itself, once;
// - `streamElements(at: [root, child])` hands out, in order, values the document holds at
//   that path, and nothing when the document has nothing there;
// - a tight `maxDepth` only turns success into failure;
// - no external entity is ever loaded: /etc/passwd's first line never appears in a value.

let tightDepth = 4
let passwdMarker = "root:x:0:0"

func source(_ bytes: [UInt8], trickle: Bool) -> ByteSource {
    trickle ? TrickleByteSource(bytes, name: "fuzz.xml") : MemoryByteSource(bytes, name: "fuzz.xml")
}

enum Streamed: Equatable {
    case element(Int, Value, [String: SourceLocation]?)
    case search(XMLKeyPathSearch)
    case error([Diagnostic])
}

func stream(_ bytes: [UInt8], at path: [String], trickle: Bool, locations: Bool) -> [Streamed] {
    var events: [Streamed] = []
    let result = attempt("XMLPayloadReader.streamElements") {
        try XMLPayloadReader().streamElements(at: path, from: source(bytes, trickle: trickle), recordingLocations: locations) {
            events.append(.element($0.index, $0.value, $0.locations?.byPointer))
        }
    }
    switch result {
    case .success(let search): events.append(.search(search))
    case .failure(let error): events.append(.error(error.diagnostics))
    }
    return events
}

/// The same diagnostics, except that where the plain read gives no column (it does not track
/// columns; e.g. its nesting error) the located read may give one.
func sameDiagnostics(_ plain: [Diagnostic]?, _ located: [Diagnostic]?) -> Bool {
    guard let plain, let located else { return plain == nil && located == nil }
    guard plain.count == located.count else { return false }
    return zip(plain, located).allSatisfy { a, b in
        var b = b
        if a.location?.column == nil { b.location?.column = nil }
        return a == b
    }
}

/// Values whose string leaves contain `text`, without recursion.
func contains(_ text: String, in value: Value) -> Bool {
    var stack = [value]
    while let node = stack.popLast() {
        switch node {
        case .string(let string): if string.contains(text) { return true }
        case .array(let elements): stack.append(contentsOf: elements)
        case .object(let object): stack.append(contentsOf: object.entries.map(\.value))
        default: break
        }
    }
    return false
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let chosen = variant(of: bytes, among: 3)

    let read = attempt("XMLPayloadReader.read") { try XMLPayloadReader().read(source(bytes, trickle: false)) }
    let trickled = chosen == 0
        ? attempt("XMLPayloadReader.read (trickled)") { try XMLPayloadReader().read(source(bytes, trickle: true)) } : nil
    let located = chosen == 1
        ? attempt("XMLPayloadReader.readWithLocations") { try XMLPayloadReader().readWithLocations(source(bytes, trickle: true)) }
        : nil
    if let trickled {
        expect(read.diagnostics == trickled.diagnostics, "trickling changed the outcome: \(describe(read)) vs \(describe(trickled))")
    }
    if let located {
        expect(sameDiagnostics(read.diagnostics, located.diagnostics),
               "read and readWithLocations disagree: \(describe(read)) vs \(describe(located))")
    }

    let tight = chosen == 2
        ? attempt("XMLPayloadReader.read(maxDepth: \(tightDepth))") { try XMLPayloadReader(maxDepth: tightDepth).read(source(bytes, trickle: false)) }
        : nil

    let rootOnly = stream(bytes, at: [], trickle: false, locations: false)

    guard case .success(let document) = read else {
        if let tight { expect(tight.diagnostics != nil, "a tight maxDepth accepted what the default refused") }
        guard case .error = rootOnly.last else { violated("streamElements(at: []) accepted what read refused: \(rootOnly)") }
        return 0
    }
    if let trickled { expect(trickled.value == document, "trickling built another value") }
    if !String(decoding: bytes, as: UTF8.self).contains(passwdMarker) {
        expect(!contains(passwdMarker, in: document), "an external entity was loaded: /etc/passwd is in the value")
    }
    if case .success(let shallow)? = tight {
        expect(shallow == document, "a tight maxDepth built another value")
    }
    expect(rootOnly == [.element(0, document, nil), .search(.found(count: 1))],
           "streamElements(at: []) is not the document: \(String(describing: rootOnly).prefix(400))")

    if let located {
        let (locatedValue, locations) = located.value!
        expect(locatedValue == document, "readWithLocations built another value")
        checkLocations(locations, of: document, in: bytes)
    }

    // The root's first child, streamed.
    guard case .object(let top) = document, let rootName = top.keys.first,
          case .object(let root)? = top[rootName], let child = root.keys.first
    else { return 0 }
    let path = [rootName, child]
    let streamed = stream(bytes, at: path, trickle: false, locations: true)
    if chosen == 0 {
        let streamedTrickled = stream(bytes, at: path, trickle: true, locations: true)
        expect(streamed == streamedTrickled, "trickling changed the elements at \(path)")
    }
    let values = streamed.compactMap { event -> Value? in
        if case .element(_, let value, _) = event { return value }
        return nil
    }
    // What the document holds there: an array's items, or one value. A child named like an
    // attribute or `text` shares the array with them, so the elements are a subsequence.
    var held: [Value] = []
    if let value = root[child] {
        if case .array(let items) = value { held = items } else { held = [value] }
    }
    var next = held.startIndex
    for value in values {
        guard let found = held[next...].firstIndex(of: value) else {
            violated("element at \(path) is not in the document, in order: \(String(describing: value).prefix(300))")
        }
        next = found + 1
    }
    switch streamed.last {
    case .search(.found(let count))?:
        expect(count == values.count && count > 0, "found(count: \(count)) after \(values.count) elements")
    case .search(.notFound)?:
        expect(values.isEmpty, "notFound after \(values.count) elements")
    default:
        violated("streaming at \(path) failed on a document read accepted: \(String(describing: streamed.last))")
    }
    return 0
}

/// Every value has a location inside the input, at the `<` of its element.
func checkLocations(_ locations: PayloadLocations, of document: Value, in bytes: [UInt8]) {
    let text = TextIndex(bytes, xmlLineBreaks: true)
    // libxml2 works on its UTF-8 view of the document; its positions are the file's only when
    // the file is UTF-8 (or ASCII, which every ASCII-compatible encoding agrees on).
    let isASCII = bytes.allSatisfy { $0 < 0x80 }
    let declaresEncoding = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased().contains("encoding")
    let comparable = isASCII || (String(validating: bytes, as: UTF8.self) != nil && !declaresEncoding)
    for (pointer, _) in pointers(in: document) {
        guard let location = recordedLocation(of: pointer, in: locations) else { continue }
        guard let offset = text.offset(of: location) else {
            violated("location \(location) of '\(pointer)' lies outside the input")
        }
        if comparable {
            expect(bytes[offset] == UInt8(ascii: "<"),
                   "location \(location) of '\(pointer)' points at '\(Unicode.Scalar(bytes[offset]))', not at a '<'")
        }
    }
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_xml_main")
func fuzzXMLMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzXML)
}
