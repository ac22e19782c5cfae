// swift-tools-version:6.0
import PackageDescription

// restmap's engine is split into layers, one target each (ARCHITECTURE.md). A target may
// import only the targets below it, so a dependency that points upwards does not compile.
//
//   restmap (CLI) → RestmapPipeline → stages (Config, Mapping, Output, Request,
//   Validation, Describe, Store) → RestmapTypes → RestmapFormats → RestmapBase
//
// No library product is published: the layers' `public` declarations are seen only by the
// CLI, the tests and the fuzz harnesses of this package. They are `public` rather than
// `package` because the optimizer inlines across modules only what is public (README,
// "Layers and speed": `package` cost 12% more instructions per byte).

/// Release builds of the engine skip run-time exclusivity checks on its hot paths and let
/// the optimizer inline across the layer targets (`-cross-module-optimization`).
let engineSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release)),
]

func layer(_ name: String, path: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies, path: path, swiftSettings: engineSettings)
}

var targets: [Target] = [
    // libxml2, seen through a shim header that hides its ICU parts (they clash with
    // Foundation's bundled ICU on Linux). Imported by RestmapFormats only.
    .systemLibrary(
        name: "CLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // Foundation layer: diagnostics, byte sources and sinks, the JSON value type.
    layer("RestmapBase", path: "Sources/Base", []),
    // Formats layer: JSON, XML, plist and form readers and writers.
    layer("RestmapFormats", path: "Sources/Formats", ["RestmapBase", "CLibXML2"]),
    // Subjects: value conversions, dates, Core Data models.
    layer("RestmapTypes", path: "Sources/Types", ["RestmapBase", "RestmapFormats"]),
    // Stages.
    layer("RestmapConfig", path: "Sources/Stages/Config", ["RestmapBase", "RestmapFormats", "RestmapTypes"]),
    layer("RestmapMapping", path: "Sources/Stages/Mapping",
          ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig"]),
    layer("RestmapOutput", path: "Sources/Stages/Output",
          ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping"]),
    layer("RestmapRequest", path: "Sources/Stages/Request",
          ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping"]),
    layer("RestmapValidation", path: "Sources/Stages/Validation",
          ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping"]),
    layer("RestmapDescribe", path: "Sources/Stages/Describe", ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig"]),
    // Config sketches from payload shapes: `restmap init`, `validate --suggest`.
    layer("RestmapSuggest", path: "Sources/Stages/Suggest", ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapValidation"]),
    // SQLite's C API, imported by RestmapStore only.
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // glibc's allocator settings (mallopt), for the restmap executable only (AllocatorTuning).
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    // libpq's header, imported by RestmapStore only (`--store postgresql://…`). Not linked:
    // the library is loaded when the first PostgreSQL store is opened (LibPQ.swift).
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
    // The store (SPEC §3.7): persists a run's object graph into SQL tables and dumps them.
    // Engine-neutral code talks to `StoreConnection`/`StoreDialect`; SQLite and PostgreSQL are the engines.
    layer("RestmapStore", path: "Sources/Stages/Store",
          ["RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping", "CSQLite", "CLibPQ"]),
    // The pipeline: the config pipeline, the payload reader and the runs.
    layer("RestmapPipeline", path: "Sources/Pipeline", [
        "RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping",
        "RestmapOutput", "RestmapRequest", "RestmapValidation", "RestmapDescribe", "RestmapStore",
        "RestmapSuggest",
    ]),
    // The command-line front end: argument parsing, files, exit codes.
    .executableTarget(
        name: "restmap",
        dependencies: [
            "RestmapBase", "RestmapFormats", "RestmapConfig", "RestmapMapping", "RestmapOutput", "RestmapRequest",
            "RestmapValidation", "RestmapDescribe", "RestmapStore", "RestmapSuggest", "RestmapPipeline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"), "CMalloc",
        ]
    ),
    // What the test targets share: running the built CLI, and the execution paths its
    // results are held to (the differential harness).
    .target(name: "RestmapTestSupport", dependencies: ["RestmapBase", "RestmapFormats"], path: "Tests/Support"),
    .testTarget(name: "RestmapTests", dependencies: [
        "RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping",
        "RestmapOutput", "RestmapRequest", "RestmapValidation", "RestmapDescribe", "RestmapSuggest",
        "RestmapPipeline", "RestmapTestSupport",
    ]),
    .testTarget(name: "RestmapStoreTests", dependencies: [
        "RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping", "RestmapStore",
        "RestmapPipeline",
    ]),
    // Runs the built `restmap` over Configs/ and Samples/ and compares with Golden/.
    .testTarget(name: "RestmapCLITests", dependencies: ["RestmapBase", "RestmapTestSupport"], exclude: ["Golden", "Schemas"]),
]

// The libFuzzer harnesses (Fuzz/README.md) are targets of this package only when
// RESTMAP_FUZZ=1, as `make fuzz` sets it: they link only with `-sanitize=fuzzer`.
if Context.environment["RESTMAP_FUZZ"] == "1" {
    let engine: [Target.Dependency] = [
        "RestmapBase", "RestmapFormats", "RestmapTypes", "RestmapConfig", "RestmapMapping",
        "RestmapOutput", "RestmapRequest", "RestmapValidation", "RestmapDescribe", "RestmapStore",
        "RestmapPipeline",
    ]
    targets.append(.target(name: "FuzzSupport", dependencies: engine, path: "Fuzz/Sources/FuzzSupport"))
    for harness in ["fuzz-json", "fuzz-json-stream", "fuzz-plist", "fuzz-coredata", "fuzz-xml", "fuzz-store", "fuzz-paths"] {
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
