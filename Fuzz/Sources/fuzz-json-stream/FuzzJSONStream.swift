import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// Chunked JSON (`JSONStreamReader`): NDJSON, several top-level values, elements streamed at a
// key path — the reader `map` uses on files and standard input. The input is read in one big
// chunk, and once more in one of six ways chosen by a hash of the input (`variant(of:among:)`):
// its documents or its streamed elements, in chunks of 2–4 bytes so that every token
// straddles a boundary (and the window has to grow), from a source trickling 16 bytes a
// read, or in tiny chunks without locations (elements: also with `members`) — the way `map`
// reads NDJSON: `nextValue` per document and, after an error, `skipLine` to go on with the
// next line.
//
// Invariants, beyond "no crash, no hang, only RestmapError / JSONPathKeyRepeated":
// - the chunk size changes nothing: same documents, locations, errors, elements, outcomes;
// - each round makes progress (no endless loop of errors at one place);
// - a document `JSONReader` accepts whole is exactly one streamed value, equal to it;
// - `streamElements(at: [])` hands out a document's elements (or the document itself);
// - `streamElements(at: [key])` hands out what the parsed document holds at that key, an
//   array met before it fanned out (each element whole).

enum Event: Equatable {
    case document(Value, SourceLocation, [String: SourceLocation])
    case element(Int?, Value, SourceLocation?, [String: SourceLocation])
    case outcome(JSONPathOutcome)
    case error([Diagnostic])
    case repeated([String], SourceLocation?)
}

let bigChunk = 1 << 20

/// A reader over `bytes`; a negative `chunkSize` means chunks of `-chunkSize` bytes from a
/// source that trickles them in a few at a time.
func reader(_ bytes: [UInt8], chunkSize: Int) -> JSONStreamReader {
    if chunkSize < 0 {
        return JSONStreamReader(source: TrickleByteSource(bytes, name: "fuzz.ndjson"), chunkSize: -chunkSize)
    }
    return JSONStreamReader(source: MemoryByteSource(bytes, name: "fuzz.ndjson"), chunkSize: chunkSize)
}

/// Reads every document, NDJSON style, skipping the rest of a line after an error.
func documents(_ bytes: [UInt8], chunkSize: Int, locations: Bool) -> [Event] {
    let stream = reader(bytes, chunkSize: chunkSize)
    var events: [Event] = []
    for _ in 0...(bytes.count + 1) {
        switch attempt("hasMoreValues", { try stream.hasMoreValues() }) {
        case .failure(let error):
            events.append(.error(error.diagnostics))
            return events
        case .success(false):
            return events
        case .success(true):
            break
        }
        switch attempt("nextValue", { try stream.nextValue(withLocations: locations) }) {
        case .success(let document?):
            events.append(.document(document.value, document.location, document.locations.byPointer))
        case .success(nil):
            violated("nextValue returned nil after hasMoreValues said true")
        case .failure(let error):
            events.append(.error(error.diagnostics))
            if case .failure(let error) = attempt("skipLine", { try stream.skipLine() }) {
                events.append(.error(error.diagnostics))
                return events
            }
        }
    }
    violated("the stream made no progress: \(events.count) rounds over \(bytes.count) bytes")
}

/// Streams the elements at `path` of each document, NDJSON style.
func elements(
    _ bytes: [UInt8], at path: [String], members: Set<String>? = nil, chunkSize: Int, locations: Bool
) -> [Event] {
    let stream = reader(bytes, chunkSize: chunkSize)
    var events: [Event] = []
    for _ in 0...(bytes.count + 1) {
        switch attempt("hasMoreValues", { try stream.hasMoreValues() }) {
        case .failure(let error):
            events.append(.error(error.diagnostics))
            return events
        case .success(false):
            return events
        case .success(true):
            break
        }
        do {
            let outcome = try stream.streamElements(at: path, members: members, withLocations: locations) { element in
                events.append(.element(element.index, element.value, element.location, element.locations.byPointer))
            }
            events.append(.outcome(outcome))
            continue
        } catch let error as RestmapError {
            events.append(.error(error.diagnostics))
        } catch let repeated as JSONPathKeyRepeated {
            events.append(.repeated(repeated.keyPath, repeated.location))
        } catch {
            violated("streamElements threw \(type(of: error)): \(error)")
        }
        if case .failure(let error) = attempt("skipLine", { try stream.skipLine() }) {
            events.append(.error(error.diagnostics))
            return events
        }
    }
    violated("the stream made no progress: \(events.count) rounds over \(bytes.count) bytes")
}

/// What `streamElements(at: path)` should hand out for one document read whole, or nil when
/// the path does not lead anywhere.
/// What `streamElements(at: path)` hands out of `document`: the elements of the array at the
/// path, or the value there; an array met before the path's end fans out (key-value coding),
/// each of its elements handed out whole.
func expectedElements(of document: Value, at path: [String]) -> [Value]? {
    var node = document
    for key in path {
        if case .array(let items) = node { return items }
        guard let next = node[key] else { return nil }
        node = next
    }
    if case .array(let items) = node { return items }
    return [node]
}

func summary(_ events: [Event]) -> String {
    String(describing: events).prefix(600).description
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let tiny = 2 + bytes.count % 3
    // One chunked reading per input: 0–2 of the documents, 3–5 of the elements; 0 and 3 tiny
    // chunks with locations, 1 and 4 a trickling source, 2 and 5 tiny chunks without.
    let chosen = variant(of: bytes, among: 6)

    // Documents, in one chunk and (as chosen) in tiny ones, with or without locations.
    let whole = documents(bytes, chunkSize: bigChunk, locations: true)
    if chosen == 0 {
        let chunked = documents(bytes, chunkSize: tiny, locations: true)
        expect(whole == chunked, "chunk size \(tiny) changed the documents:\n\(summary(whole))\nvs\n\(summary(chunked))")
    } else if chosen == 1 {
        let trickled = documents(bytes, chunkSize: -16, locations: true)
        expect(whole == trickled, "a trickling source changed the documents:\n\(summary(whole))\nvs\n\(summary(trickled))")
    }
    let plain = chosen == 2 ? documents(bytes, chunkSize: tiny, locations: false) : []
    if chosen == 2 { expect(plain.count == whole.count, "locations changed the number of documents") }
    for (withLocations, without) in zip(whole, plain) {
        switch (withLocations, without) {
        case (.document(let a, let at, _), .document(let b, let bt, let none)):
            expect(a == b && at == bt && none.isEmpty, "locations changed a document")
        case (.error(let a), .error(let b)):
            expect(a == b, "locations changed an error: \(a) vs \(b)")
        default:
            violated("locations changed the events: \(withLocations) vs \(without)")
        }
    }

    // Each document's values are located at their first byte, counting from the input's start.
    let text = TextIndex(bytes)
    for event in whole {
        guard case .document(let document, let location, let byPointer) = event else { continue }
        var locations = PayloadLocations()
        for (pointer, location) in byPointer { locations[pointer] = location }
        expect(locations[""] == location, "a document's root location \(String(describing: locations[""])) is not its location \(location)")
        for (pointer, value) in pointers(in: document) {
            guard let location = recordedLocation(of: pointer, in: locations) else { continue }
            guard let offset = text.offset(of: location) else {
                violated("location \(location) of '\(pointer)' lies outside the input")
            }
            expect(jsonStartBytes(of: value).contains(bytes[offset]),
                   "location \(location) of '\(pointer)' (a \(value.kindName)) points at '\(Unicode.Scalar(bytes[offset]))'")
        }
    }

    // One document read whole is one streamed value.
    if case .success(let value) = attempt("JSONReader.value", { try JSONReader.value(from: bytes, file: "fuzz.ndjson") }) {
        guard whole.count == 1, case .document(let streamed, _, _) = whole[0] else {
            violated("JSONReader accepted one document; the stream read \(summary(whole))")
        }
        expect(streamed == value, "the stream built another value than JSONReader")
    }

    // Elements at the root, and at the first key of the first document.
    var paths: [[String]] = [[]]
    if case .document(.object(let object), _, _)? = whole.first, let key = object.keys.first {
        paths.append([key])
    }
    for path in paths {
        let streamed = elements(bytes, at: path, chunkSize: bigChunk, locations: true)
        if chosen == 5 {
            let streamedPlain = elements(bytes, at: path, chunkSize: tiny, locations: false)
            expect(streamedPlain.count == streamed.count, "locations changed the number of element events at \(path)")
        } else if chosen == 3 || chosen == 4 {
            let streamedTiny = elements(bytes, at: path, chunkSize: chosen == 3 ? tiny : -16, locations: true)
            expect(streamed == streamedTiny,
                   "chunk size \(tiny) changed the elements at \(path):\n\(summary(streamed))\nvs\n\(summary(streamedTiny))")
        }

        // Clean inputs only: each document's elements, then its outcome.
        let documentsRead = whole.compactMap { event -> Value? in
            if case .document(let value, _, _) = event { return value }
            return nil
        }
        guard documentsRead.count == whole.count,
              !streamed.contains(where: { if case .error = $0 { true } else if case .repeated = $0 { true } else { false } })
        else { continue }
        var expected: [Value] = []
        var outcomes: [JSONPathOutcome] = []
        for document in documentsRead {
            let found = expectedElements(of: document, at: path)
            expected += found ?? []
            if let found {
                outcomes.append(outcome(document, path, found))
            } else {
                outcomes.append(.notFound(rootKeys: []))
            }
        }
        var got: [Value] = []
        var gotOutcomes: [JSONPathOutcome] = []
        for event in streamed {
            switch event {
            case .element(_, let value, _, _): got.append(value)
            case .outcome(let outcome): gotOutcomes.append(outcome)
            default: break
            }
        }
        expect(got == expected, "elements at \(path) differ from the document's: \(summary(streamed))")
        expect(gotOutcomes.count == outcomes.count, "one outcome per document at \(path)")

        // `members` keeps only those keys of object elements (the first element's first key).
        if chosen == 5, case .object(let first)? = expected.first, let member = first.keys.first {
            let members: Set<String> = [member]
            let trimmed = elements(bytes, at: path, members: members, chunkSize: tiny, locations: false)
                .compactMap { event -> Value? in
                    if case .element(_, let value, _, _) = event { return value }
                    return nil
                }
            let expectedTrimmed = expected.map { value -> Value in
                guard case .object(let object) = value else { return value }
                var kept = ValueObject()
                for entry in object.entries where members.contains(entry.key) { kept[entry.key] = entry.value }
                return .object(kept)
            }
            expect(trimmed == expectedTrimmed, "members \(members) at \(path): got \(String(describing: trimmed).prefix(300)), expected \(String(describing: expectedTrimmed).prefix(300))")
        }
        for (a, b) in zip(gotOutcomes, outcomes) {
            switch (a, b) {
            case (.notFound, .notFound): break
            default: expect(a == b, "outcome at \(path): streamed \(a), expected \(b)")
            }
        }
    }
    return 0
}

func expectedIsArray(_ document: Value, _ path: [String]) -> Bool {
    var node = document
    for key in path {
        if case .array = node { return true }
        guard let next = node[key] else { return false }
        node = next
    }
    if case .array = node { return true }
    return false
}

func outcome(_ document: Value, _ path: [String], _ found: [Value]) -> JSONPathOutcome {
    expectedIsArray(document, path) ? .array(count: found.count) : .single
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_json_stream_main")
func fuzzJSONStreamMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzJSONStream)
}
