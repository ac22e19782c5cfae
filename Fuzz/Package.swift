// swift-tools-version:6.0
// libFuzzer harnesses for restmap's parsers: one executable per parser, each defining
// `LLVMFuzzerTestOneInput`. Built and run by `make fuzz` in the root folder; see README.md.
// They only link when built with `-Xswiftc -sanitize=fuzzer` (libFuzzer provides `main`).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`restmap`, `main`, a worktree's name),
// so name the root package by the folder this one sits in.
let rootFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let core = Target.Dependency.product(name: "RestmapCore", package: rootFolder.lastPathComponent)

func harness(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [core, "FuzzSupport"],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "restmap-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [core]),
        harness("fuzz-json"),
        harness("fuzz-json-stream"),
        harness("fuzz-plist"),
        harness("fuzz-coredata"),
        harness("fuzz-xml"),
    ]
)
