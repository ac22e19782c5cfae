import FuzzSupport
@testable import RestmapEngine
@testable import RestmapOpenAPI
@testable import RestmapReports

// OpenAPI documents as `init --openapi`, `check --openapi` and `validate --openapi` read them:
// libyaml's document into the located tree, the version check, then the sketch of a config,
// the drift of that config against the document, and each response example as JSON.
//
// Invariants, beyond "no crash, no hang, only RestmapError":
// - every diagnostic names a line of the document that exists;
// - the config `init` sketches loads and `check` finds no error in it;
// - that config agrees with the document it came from: no path mapping matches no path;
// - every example renders as JSON restmap's own reader parses.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let file = "fuzz.yaml"
    let lineCount = TextIndex(bytes, xmlLineBreaks: true).lineCount + 1

    func checkLines(_ diagnostics: [Diagnostic], _ stage: String) {
        for diagnostic in diagnostics where diagnostic.location?.file == file {
            if let line = diagnostic.location?.line {
                expect(line >= 1 && line <= lineCount, "\(stage) diagnostic at line \(line) of \(lineCount): \(diagnostic)")
            }
        }
    }

    let loaded = attempt("OpenAPIDocument") { try OpenAPIDocument(bytes: bytes, file: file) }
    checkLines(loaded.diagnostics ?? [], "load")
    guard let document = loaded.value else { return 0 }

    var sketcher = OpenAPISketcher(document: document)
    let sketched = attempt("sketch") { try sketcher.sketch() }
    checkLines(sketched.diagnostics ?? [], "sketch")
    if sketched.value != nil && !sketcher.entities.isEmpty {
        let writer = ConfigSketchWriter()
        let text = attempt("write") {
            try writer.document(writer.sections(
                entities: sketcher.entities, paths: sketcher.paths, requests: sketcher.requests, errors: sketcher.errors))
        }
        if let text = text.value {
            let log = DiagnosticLog()
            let definitions = attempt("load the sketch") {
                try ConfigPipeline(log: log).definitions(configBytes: Array(text.utf8), file: "sketch.plist")
            }
            let errors = (definitions.diagnostics ?? []) + log.diagnostics.filter { $0.severity == .error }
            expect(errors.isEmpty, "the sketched config does not pass check: \(errors)\n\(text.prefix(2000))")
            if let definitions = definitions.value {
                var drift = OpenAPIDrift(document: document, definitions: definitions)
                if let findings = attempt("drift", { try drift.findings() }).value {
                    let unknown = findings.filter { $0.code == .openAPIUnknownPath }
                    expect(unknown.isEmpty, "a sketched path mapping matches no path of its own document: \(unknown)")
                }
            }
        }
    }

    if let examples = attempt("examples", { try document.examples() }).value {
        for example in examples {
            let parsed = attempt("example JSON") { try JSONStreamReader(source: MemoryByteSource(example.json), maxDepth: 100_000).nextValue() }
            expect(parsed.value != nil, "\(example.label) did not render as JSON: \(describe(parsed))\n\(String(decoding: example.json.prefix(500), as: UTF8.self))")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main` (see `runLibFuzzer`).
@_cdecl("fuzz_openapi_main")
func fuzzOpenAPIMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzOpenAPI)
}
