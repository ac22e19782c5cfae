import FuzzSupport
@testable import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Differential: one payload mapped by `MapRun` the way `restmap map` maps it, on one thread
// and on two, read at once and trickled a few bytes at a time — every way must print the same
// bytes, report the same diagnostics and exit the same (SPEC §5, "every path gives the same
// result"). Any difference is a finding.
//
// The input is a config and a payload: `CONFIG \0\0\0 PAYLOAD` (seeds: each config of
// `Configs/` with a sample of its own), or a payload alone, mapped with Configs/employees.plist.
// Which shape, format, request path and trickle size an input gets is chosen by a hash of its
// bytes (`variant(of:among:)`), so a finding reproduces.

let separator: [UInt8] = [0, 0, 0]

/// The config used for a payload that comes without one.
let defaultConfig: [UInt8] = {
    guard let source = try? FileByteSource(path: "Configs/employees.plist"), let bytes = try? source.readAll() else {
        violated("run fuzz-paths from the package root: Configs/employees.plist not found")
    }
    return bytes
}()

/// The config and payload of an input.
func split(_ bytes: [UInt8]) -> (config: [UInt8], payload: [UInt8]) {
    if bytes.count >= separator.count {
        for start in 0...(bytes.count - separator.count) where bytes[start] == 0 && Array(bytes[start..<start + separator.count]) == separator {
            return (Array(bytes[..<start]), Array(bytes[(start + separator.count)...]))
        }
    }
    return (defaultConfig, bytes)
}

/// A request path a path mapping's pattern matches: its parameters filled in with `1`.
func requestPath(for pattern: String) -> String {
    var path = ""
    var inParameter = false
    for character in pattern {
        if character == ":" {
            inParameter = true
            path += "1"
        } else if inParameter && (character.isLetter || character.isNumber || character == "_") {
            continue
        } else {
            inParameter = false
            if character != "\\" { path.append(character) }
        }
    }
    return path
}

/// What one run printed, reported and exited with.
struct Run: Equatable {
    var output: [UInt8]
    var diagnostics: [String]
    var exitCode: Int32?
}

func map(_ definitions: MappingDefinitions, options: MapOptions, payload: [UInt8], trickle: Int?, path: String?) -> Run {
    let log = DiagnosticLog()
    let sink = MemorySink()
    let source: ByteSource = trickle.map { TrickleByteSource(payload, name: "fuzz.json", sizes: [$0]) }
        ?? MemoryByteSource(payload, name: "fuzz.json")
    let outcome = attempt("MapRun.run") { () -> Int32 in
        let run = try MapRun(definitions: definitions, options: options, log: log, output: sink)
        return try run.run([MapInput(source: source, requestPath: path)])
    }
    var diagnostics = log.diagnostics.map(\.description)
    if case .failure(let error) = outcome { diagnostics += error.diagnostics.map(\.description) }
    return Run(output: sink.bytes, diagnostics: diagnostics, exitCode: outcome.value)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let (config, payload) = split(bytes)
    guard let definitions = ConfigCache.definitions(config) else { return 0 }

    // One hash of the input picks every choice (shape, format, path, read size).
    var choice = variant(of: bytes, among: Int.max)
    func pick(_ count: Int) -> Int {
        defer { choice /= max(count, 1) }
        return choice % max(count, 1)
    }
    var options = MapOptions()
    options.shape = pick(2) == 0 ? .tree : .records
    options.format = [.json, .ndjson, .plist][pick(3)]
    options.compact = true
    var path: String?
    if definitions.pathMappings.count > 1 {
        path = requestPath(for: definitions.pathMappings[pick(definitions.pathMappings.count)].uri.value.text)
    } else if definitions.pathMappings.isEmpty, let entity = definitions.entities.first {
        options.entity = entity.name
    }
    let trickle = [1, 2, 3, 7, 16][pick(5)]

    options.threads = 1
    let one = map(definitions, options: options, payload: payload, trickle: nil, path: path)
    options.threads = 2
    let two = map(definitions, options: options, payload: payload, trickle: nil, path: path)
    expect(two == one, "two threads differ from one:\n\(describe(one))\n---\n\(describe(two))")
    let trickled = map(definitions, options: options, payload: payload, trickle: trickle, path: path)
    expect(trickled == one, "two threads, \(trickle) bytes a read, differ from one thread:\n\(describe(one))\n---\n\(describe(trickled))")
    return 0
}

/// The last config read, and its definitions: most inputs are mutations of one seed's
/// payload, and reading the same config again would cost more than mapping the payload.
enum ConfigCache {
    nonisolated(unsafe) static var last: (bytes: [UInt8], definitions: MappingDefinitions?)?

    static func definitions(_ config: [UInt8]) -> MappingDefinitions? {
        if let last, last.bytes == config { return last.definitions }
        let log = DiagnosticLog()
        let read = attempt("ConfigPipeline") {
            try ConfigPipeline(log: log).definitions(configBytes: config, file: "fuzz.plist", model: nil)
        }.value
        let definitions = log.hasErrors ? nil : read
        last = (config, definitions)
        return definitions
    }
}

func describe(_ run: Run) -> String {
    "exit \(run.exitCode.map(String.init) ?? "thrown")\n\(String(decoding: run.output.prefix(600), as: UTF8.self))\n\(run.diagnostics.prefix(6).joined(separator: "\n"))"
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_paths_main")
func fuzzPathsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzPaths)
}
