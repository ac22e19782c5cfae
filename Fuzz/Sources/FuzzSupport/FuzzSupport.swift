@testable import RestmapEngine
@testable import RestmapReports

// What every harness shares: turning libFuzzer's buffer into bytes, telling expected failures
// (`RestmapError`) from findings, and stopping on a broken invariant so that libFuzzer keeps
// the input.
//
// A finding is anything but a clean `RestmapError`: a trap (overflow, bad index, force
// unwrap), an ASan report, a leak, a timeout (hang), an out-of-memory, an unexpected error
// type, or one of the harness's own invariants failing (`expect`).

/// The input as an array (libFuzzer may pass a null pointer for the empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run: libFuzzer reports a crash and writes the input to its artifact folder.
/// Which of `count` variants of a costly check this input gets: a hash of its bytes, so that
/// an input always runs the same checks (a finding reproduces) while the corpus as a whole,
/// and every mutation, spreads over all of them. The slow harnesses (XML, chunked JSON) run
/// one chunked variant per input instead of all of them: each property is still checked on
/// a share of the inputs, and the fuzzer runs several times as many inputs.
public func variant(of bytes: [UInt8], among count: Int) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return Int(hash % UInt64(count))
}

public func violated(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("fuzz invariant violated: \(message())", file: file, line: line)
}

/// An invariant of the code under test; a false one is a finding.
@inline(__always)
public func expect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { violated(message(), file: file, line: line) }
}

/// Runs `body`. A `RestmapError` is an expected refusal; any other error is a finding.
public func attempt<T>(_ what: String, _ body: () throws -> T) -> Result<T, RestmapError> {
    do {
        return .success(try body())
    } catch let error as RestmapError {
        if error.diagnostics.isEmpty { violated("\(what) threw a RestmapError without a diagnostic") }
        return .failure(error)
    } catch {
        violated("\(what) threw \(type(of: error)), not RestmapError: \(error)")
    }
}

extension Result where Failure == RestmapError {
    /// The diagnostics of a failure, nil for a success: for comparing two ways of reading.
    public var diagnostics: [Diagnostic]? {
        if case .failure(let error) = self { return error.diagnostics }
        return nil
    }

    public var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

/// A short, printable rendering of an outcome for invariant messages.
public func describe<T>(_ result: Result<T, RestmapError>) -> String {
    switch result {
    case .success(let value): return "success(\(String(describing: value).prefix(300)))"
    case .failure(let error): return "failure(\(error.description.prefix(300)))"
    }
}

/// Containers nested around the deepest value, without recursion.
public func nestingDepth(_ value: Value) -> Int {
    var deepest = 0
    var stack: [(Value, Int)] = [(value, 0)]
    while let (node, depth) = stack.popLast() {
        switch node {
        case .array(let elements):
            deepest = max(deepest, depth + 1)
            for element in elements { stack.append((element, depth + 1)) }
        case .object(let object):
            deepest = max(deepest, depth + 1)
            for entry in object.entries { stack.append((entry.value, depth + 1)) }
        default:
            break
        }
    }
    return deepest
}

/// Writes `value` with `JSONWriter` in `style` and returns the bytes.
public func writeJSON(_ value: Value, style: JSONWriter.Style) -> [UInt8] {
    let sink = MemorySink()
    let writer = JSONWriter(sink: sink, style: style)
    switch attempt("JSONWriter.write", { try writer.write(value); try writer.flush() }) {
    case .success: return sink.bytes
    case .failure(let error): violated("JSONWriter refused a value the reader built: \(error)")
    }
}

/// Turns 1-based lines and columns back into byte offsets, counting columns the way restmap
/// does (every byte but a UTF-8 continuation byte starts a code point; line 1 starts after a
/// UTF-8 byte-order mark), in constant time per lookup.
public struct TextIndex {
    /// Offsets of the bytes that start a code point.
    private var starts: [Int] = []
    /// For each line, the index in `starts` of its first code point.
    private var lineFirst: [Int] = []

    /// - Parameter xmlLineBreaks: a CR not followed by LF ends a line too (XML 1.0 §2.11, and
    ///   libxml2's line numbers); otherwise only LF does (restmap's JSON and plist readers).
    public init(_ bytes: [UInt8], xmlLineBreaks: Bool = false) {
        let first = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        starts.reserveCapacity(bytes.count)
        lineFirst.append(0)
        for offset in first..<max(first, bytes.count) {
            if bytes[offset] & 0xC0 != 0x80 { starts.append(offset) }
            if bytes[offset] == 0x0A
                || (xmlLineBreaks && bytes[offset] == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
                lineFirst.append(starts.count)
            }
        }
    }

    public var lineCount: Int { lineFirst.count }

    /// The offset of the byte at `line` and `column`; nil when no such place exists.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineFirst.count, column >= 1 else { return nil }
        let index = lineFirst[line - 1] + column - 1
        let end = line < lineFirst.count ? lineFirst[line] : starts.count
        return index < end ? starts[index] : nil
    }

    public func offset(of location: SourceLocation) -> Int? {
        guard let line = location.line, let column = location.column else { return nil }
        return offset(line: line, column: column)
    }
}

/// Every value of `value` with its JSON Pointer (RFC 6901), parents first, without recursion.
public func pointers(in value: Value) -> [(pointer: String, value: Value)] {
    var result: [(String, Value)] = []
    var stack: [(String, Value)] = [("", value)]
    while let (pointer, node) = stack.popLast() {
        result.append((pointer, node))
        switch node {
        case .array(let elements):
            for (index, element) in elements.enumerated().reversed() {
                stack.append((pointer + "/" + String(index), element))
            }
        case .object(let object):
            for entry in object.entries.reversed() {
                stack.append((pointer + "/" + escapePointerToken(entry.key), entry.value))
            }
        default:
            break
        }
    }
    return result
}

/// The first byte a JSON value of this kind starts with.
public func jsonStartBytes(of value: Value) -> Set<UInt8> {
    switch value {
    case .null: return [UInt8(ascii: "n")]
    case .bool(let flag): return [flag ? UInt8(ascii: "t") : UInt8(ascii: "f")]
    case .number: return Set(Array("-0123456789".utf8))
    case .string: return [UInt8(ascii: "\"")]
    case .array: return [UInt8(ascii: "[")]
    case .object: return [UInt8(ascii: "{")]
    }
}

/// `~` is `~0` and `/` is `~1` in a JSON Pointer token.
func escapePointerToken(_ key: String) -> String {
    var token = String.UnicodeScalarView()
    for scalar in key.unicodeScalars {
        switch scalar {
        case "~": token.append(contentsOf: "~0".unicodeScalars)
        case "/": token.append(contentsOf: "~1".unicodeScalars)
        default: token.append(scalar)
        }
    }
    return String(token)
}

// MARK: - Entry point

/// libFuzzer's driver, for harnesses that start it themselves (see `runLibFuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and `callback` as `LLVMFuzzerTestOneInput`.
///
/// Why: on Linux SwiftPM links an executable with `--defsym main=<module>_main` (so that tests
/// can import executables) and compiles its entry point under that name. Built with
/// `-parse-as-library` a harness has no entry point, the alias points nowhere and the link
/// fails. Each harness therefore defines `<module>_main` (e.g. `fuzz_json_main`) calling this;
/// libFuzzer's own `main` is then not linked in. Should SwiftPM stop renaming, libFuzzer's
/// `main` is linked instead and drives the same `LLVMFuzzerTestOneInput`.
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}

// MARK: - Sources

/// Hands out its bytes a few at a time (1, 3, 2, 7, 1, 3, ...), the way a pipe or a slow
/// network may: readers that refill from a `ByteSource` must give the same result as when
/// everything arrives at once.
public final class TrickleByteSource: ByteSource {
    public let name: String
    private let bytes: [UInt8]
    private var offset = 0
    private var reads = 0
    private let sizes: [Int]

    public init(_ bytes: [UInt8], name: String, sizes: [Int] = [1, 3, 2, 7]) {
        self.bytes = bytes
        self.name = name
        self.sizes = sizes
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, sizes[reads % sizes.count], bytes.count - offset)
        reads += 1
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { raw in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

// MARK: - Locations

/// Pointers longer than this are not extended by the located readers (their values fall back
/// to that ancestor's location); see `PayloadLocations`.
public let locatedPointerCap = 4096

/// The location recorded for the value at `pointer`. A value may go without one only when its
/// parent's pointer is longer than `locatedPointerCap`; then `nearest` must find an ancestor's,
/// and nil is returned (nothing more to check).
public func recordedLocation(of pointer: String, in locations: PayloadLocations) -> SourceLocation? {
    if let exact = locations[pointer] { return exact }
    let parent = pointer.unicodeScalars.lastIndex(of: "/").map { String(pointer.unicodeScalars[..<$0]) } ?? ""
    expect(parent.utf8.count > locatedPointerCap,
           "no location for '\(pointer.prefix(200))' (\(pointer.utf8.count) bytes), whose parent's pointer is within the cap")
    expect(locations.nearest(pointer) != nil, "no location for '\(pointer.prefix(200))' nor any ancestor")
    return nil
}
