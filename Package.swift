// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "restmap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "restmap", targets: ["restmap"]),
        .library(name: "RestmapCore", targets: ["RestmapCore"]),
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
        // The command-line front end: argument parsing, files, exit codes.
        .executableTarget(
            name: "restmap",
            dependencies: [
                "RestmapCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "RestmapCoreTests", dependencies: ["RestmapCore"]),
        // Runs the built `restmap` over Configs/ and Samples/ and compares with Golden/.
        .testTarget(name: "RestmapCLITests", dependencies: ["RestmapCore"], exclude: ["Golden"]),
    ]
)
