import FuzzSupport
@testable import RestmapEngine
@testable import RestmapStore

#if canImport(Glibc)
import Glibc
#endif

// The store (`dump --store FILE`, `map --store FILE`) on a fuzzed store file: the bytes are
// written to a scratch file and dumped as `restmap dump` does, then a small employees run is
// persisted into the same file, as `map --store` does on an existing store.
//
// Invariants, beyond "no crash, no hang, only RestmapError":
// - a file `dump` refuses is refused by `map --store` too, and left byte for byte as it was
//   (a damaged or foreign file is never modified);
// - a file both accept dumps again afterwards, and the new run's employees are in it.

/// The employees sample mapped once; each input persists this same graph.
nonisolated(unsafe) let employees: (graph: ObjectGraph, plans: MappingPlans, config: String) = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    let root = parts.joined(separator: "/")
    let config = root + "/Configs/employees.plist"
    let log = DiagnosticLog()
    guard let definitions = try? ConfigPipeline(log: log).definitions(configAt: config) else { violated("cannot load \(config)") }
    var options = MapOptions()
    options.keepsGraph = true
    options.writesRecords = false
    options.defaultPath = "/employees"
    var captured: (ObjectGraph, MappingPlans)?
    guard let run = try? MapRun(definitions: definitions, options: options, log: log, output: MemorySink()) else {
        violated("cannot start a map run")
    }
    run.onGraphComplete = { graph, plans in captured = (graph, plans) }
    guard let source = try? FileByteSource(path: root + "/Samples/employees/employees.json"),
        (try? run.run([MapInput(source: source, requestPath: "/employees")])) == 0, let captured
    else { violated("cannot map the employees sample") }
    return (captured.0, captured.1, config)
}()

let scratch: String = {
    var template = Array("/tmp/restmap-fuzz-store-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { violated("no scratch directory") }
    return String(cString: made)
}()

func contents(_ path: String) -> [UInt8]? {
    guard let source = try? FileByteSource(path: path) else { return nil }
    return try? source.readAll()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let path = scratch + "/store.sqlite"
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    guard let file = fopen(path, "wb") else { violated("cannot write \(path)") }
    expect(bytes.isEmpty || fwrite(bytes, 1, bytes.count, file) == bytes.count, "short write to \(path)")
    fclose(file)

    let dumped = attempt("ObjectStore.dump") {
        try ObjectStore.dump(path: path, entity: nil, format: .json, compact: true, to: MemorySink())
    }
    let persisted = attempt("ObjectStore.persist") {
        try ObjectStore.persist(employees.graph, plans: employees.plans, configFile: employees.config, to: path)
    }
    if case .failure = dumped, case .failure = persisted {
        expect(contents(path) == bytes, "a store both dump and map refuse was modified")
    }
    if case .success = persisted {
        let sink = MemorySink()
        let again = attempt("ObjectStore.dump after persist") {
            try ObjectStore.dump(path: path, entity: "Employee", format: .json, compact: true, to: sink)
        }
        expect(again.value != nil, "a store map wrote to cannot be dumped: \(describe(again))")
        expect(sink.text.contains("\"entityId\":1234"), "the persisted employees are missing from the dump")
    }
    return 0
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_store_main")
func fuzzStoreMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzStore)
}
