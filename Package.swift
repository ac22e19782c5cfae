// swift-tools-version:6.0
import PackageDescription

// restmap is an engine module and the cold edges around it (ARCHITECTURE.md):
//
//   restmap (CLI) → RestmapPipeline → RestmapReports, RestmapStore → RestmapEngine → CLibXML2
//
// RestmapEngine holds everything a payload passes through — values and support, the format
// readers and writers, the config, mapping, writing, validation and the runs — as folders
// of one module, so that the optimizer sees the whole hot path and `public` marks only what
// the edges use. The layering inside it is held by a test over its files' references
// (EngineLayeringTests). The edges: the report writers, `describe` and the config sketches
// (RestmapReports); the SQLite and PostgreSQL store (RestmapStore); each command's work
// wired from them (RestmapPipeline); the command line, which only parses arguments.

/// Release builds of the engine skip run-time exclusivity checks on its hot paths.
let engineSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

var targets: [Target] = [
    // libxml2, seen through a shim header that hides its ICU parts (they clash with
    // Foundation's bundled ICU on Linux). Imported by RestmapEngine's XML set-up only.
    .systemLibrary(
        name: "CLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // SSE2 byte searches (a header of inline functions) for the JSON scanner and writer and
    // the XML pre-scan, imported by the engine's ByteScan only.
    .systemLibrary(name: "CByteScan", path: "Sources/CByteScan"),
    .target(name: "RestmapEngine", dependencies: ["CLibXML2", "CByteScan"], path: "Sources/Engine", swiftSettings: engineSettings),
    // Validate's report writers, `describe`'s renderings, config sketches (`init`, `--suggest`).
    .target(name: "RestmapReports", dependencies: ["RestmapEngine", "RestmapOpenAPI"], path: "Sources/Reports"),
    // SQLite's C API, imported by RestmapStore only.
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // libpq's header, imported by RestmapStore only (`--store postgresql://…`). Not linked:
    // the library is loaded when the first PostgreSQL store is opened (LibPQ.swift).
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
    // libyaml, imported by RestmapOpenAPI only (reading OpenAPI documents with the line and
    // column of every node).
    .systemLibrary(
        name: "CLibYAML",
        pkgConfig: "yaml-0.1",
        providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // OpenAPI documents (`init --openapi`): YAML or JSON read into a located tree, `$ref`s
    // followed, schemas resolved.
    .target(name: "RestmapOpenAPI", dependencies: ["RestmapEngine", "CLibYAML"], path: "Sources/OpenAPI"),
    // The store (`map --store`, `dump`, `connect`): SQLite and PostgreSQL behind
    // `StoreConnection`/`StoreDialect`.
    .target(name: "RestmapStore", dependencies: ["RestmapEngine", "CSQLite", "CLibPQ"], path: "Sources/Store"),
    // Each command's work from parsed options to its outcome: the runs, wired to the store
    // and the report writers.
    .target(name: "RestmapPipeline", dependencies: ["RestmapEngine", "RestmapOpenAPI", "RestmapReports", "RestmapStore"], path: "Sources/Pipeline"),
    // The command-line front end: argument parsing, files, exit codes. On Linux the process
    // allocates with mimalloc (apt libmimalloc-dev): linked ahead of the C library, its
    // `malloc` and `free` are the ones the Swift runtime and every C library bind to. A run
    // allocates and frees small blocks all the time, on two threads, which mimalloc serves
    // faster than glibc's allocator (bench/README.md).
    .executableTarget(
        name: "restmap",
        dependencies: [
            "RestmapEngine", "RestmapPipeline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
    ),
    // What the test targets share: running the built CLI, and the execution paths its
    // results are held to (the differential harness).
    .target(name: "RestmapTestSupport", dependencies: ["RestmapEngine"], path: "Tests/Support"),
    .testTarget(name: "RestmapTests", dependencies: ["RestmapEngine", "RestmapReports", "RestmapOpenAPI", "RestmapTestSupport"]),
    .testTarget(name: "RestmapStoreTests", dependencies: ["RestmapEngine", "RestmapStore", "RestmapTestSupport"]),
    // Runs the built `restmap` over Configs/ and Samples/ and compares with Golden/.
    .testTarget(name: "RestmapCLITests", dependencies: ["RestmapEngine", "RestmapTestSupport"], exclude: ["Golden", "Schemas", "DiagnosticExamples"]),
]

// The libFuzzer harnesses (Fuzz/README.md) are targets of this package only when
// RESTMAP_FUZZ=1, as `make fuzz` sets it: they link only with `-sanitize=fuzzer`.
if Context.environment["RESTMAP_FUZZ"] == "1" {
    let engine: [Target.Dependency] = ["RestmapEngine", "RestmapReports", "RestmapStore", "RestmapOpenAPI"]
    targets.append(.target(name: "FuzzSupport", dependencies: engine, path: "Fuzz/Sources/FuzzSupport"))
    for harness in ["fuzz-json", "fuzz-json-stream", "fuzz-plist", "fuzz-coredata", "fuzz-xml", "fuzz-store", "fuzz-paths", "fuzz-sketch", "fuzz-openapi"] {
        targets.append(.executableTarget(
            name: harness, dependencies: engine + ["FuzzSupport"], path: "Fuzz/Sources/\(harness)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
}

let package = Package(
    name: "restmap",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "restmap", targets: ["restmap"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: targets
)
