import FuzzSupport
@testable import RestmapEngine
@testable import RestmapReports

// Generated configs: `restmap init` over a fuzzed payload must always write a config that
// loads and passes `check` (no error), whatever keys and values the payload holds (or refuse,
// as a data error, a payload with no object to sketch), and the
// `--suggest` entries for the payload's keys must read back as plist entries whose comments
// hold no `--` (a key cannot write live config).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSketch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let run = InitRun(maxDepth: 64)
    guard case .success = attempt("InitRun.add", {
        try run.add(MapInput(source: MemoryByteSource(bytes, name: "sample.json"), requestPath: "/items"))
    }) else { return 0 }
    let config: String
    switch attempt("InitRun.config", { try run.config() }) {
    case .success(let text): config = text
    case .failure(let error):
        // A sample holding no object (`[]`, a scalar, nothing) has no entity to sketch.
        expect(error.diagnostics.first?.code == .nothingMapped, "init could not write a config for a sample it read: \(error)")
        return 0
    }
    let log = DiagnosticLog()
    let loaded = attempt("ConfigPipeline") {
        try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "starter.plist")
    }
    expect(loaded.value != nil && !log.hasErrors,
           "the starter config does not pass check: \(log.diagnostics.prefix(3).map(\.description))\n\(config.prefix(2000))")

    // The keys of the sample's first object, as --suggest would name them.
    guard case .success(let value) = attempt("JSONReader", { try JSONReader.value(from: bytes, file: "sample.json") }) else { return 0 }
    var object: ValueObject?
    if case .object(let root) = value { object = root }
    if case .array(let items) = value, case .object(let first)? = items.first { object = first }
    guard let object else { return 0 }
    let unread = object.entries.map { UnreadKey(entity: "Employee", key: $0.key, value: $0.value, location: nil) }
    guard case .success(let suggestions) = attempt("DriftSuggestions", {
        try DriftSuggestions().render(unread, knownEntities: ["Employee"])
    }) else { return 0 }
    for line in suggestions.split(separator: "\n") where line.hasPrefix("<!--") {
        expect(!line.dropFirst(4).dropLast(3).contains("--"), "a suggestion comment holds '--': \(line)")
    }
    let pasted = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + suggestions + "</dict></plist>"
    let read = attempt("XMLPlistReader") { try XMLPlistReader().read(Array(pasted.utf8), file: "pasted.plist") }
    expect(read.value != nil, "the suggestions do not read back as plist entries: \(describe(read))")
    return 0
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_sketch_main")
func fuzzSketchMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzSketch)
}
