// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "restmap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "restmap", targets: ["restmap"]),
        .library(name: "RestmapCore", targets: ["RestmapCore"]),
        .library(name: "RestmapStore", targets: ["RestmapStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libxml2, seen through a shim header that hides its ICU parts (they clash with
        // Foundation's bundled ICU on Linux).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The engine: config loading, payload readers, mapper, writers, diagnostics. No process I/O.
        .target(
            name: "RestmapCore",
            dependencies: ["CLibXML2"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // SQLite's C API, imported by RestmapStore only.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The store (SPEC §3.7): persists a run's object graph into SQL tables and dumps them.
        // Engine-neutral code talks to `StoreConnection`/`StoreDialect`; SQLite is one engine.
        .target(name: "RestmapStore", dependencies: ["RestmapCore", "CSQLite"]),
        // The command-line front end: argument parsing, files, exit codes.
        .executableTarget(
            name: "restmap",
            dependencies: [
                "RestmapCore",
                "RestmapStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "RestmapCoreTests", dependencies: ["RestmapCore"]),
        .testTarget(name: "RestmapStoreTests", dependencies: ["RestmapStore", "RestmapCore"]),
        // Runs the built `restmap` over Configs/ and Samples/ and compares with Golden/.
        .testTarget(name: "RestmapCLITests", dependencies: ["RestmapCore"], exclude: ["Golden"]),
    ]
)
