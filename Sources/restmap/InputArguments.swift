import RestmapBase
import RestmapFormats
import RestmapTypes
import RestmapConfig
import RestmapMapping
import RestmapOutput
import RestmapRequest
import RestmapValidation
import RestmapDescribe
import RestmapPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns input arguments into sources: `-` (or none) is standard input; `URI=FILE` carries
/// its own request path, split at the last `=` so that a query string may hold `=`; an
/// argument naming an existing file is always that file.
enum InputArguments {
    static func inputs(_ arguments: [String]) throws -> [MapInput] {
        if arguments.isEmpty { return [standardInput(requestPath: nil)] }
        return try arguments.map(input)
    }

    static func input(_ argument: String) throws -> MapInput {
        if argument == "-" { return standardInput(requestPath: nil) }
        if access(argument, F_OK) == 0 || !argument.contains("=") {
            return MapInput(source: try FileByteSource(path: argument), requestPath: nil)
        }
        let split = argument.lastIndex(of: "=")!
        let path = String(argument[..<split])
        let file = String(argument[argument.index(after: split)...])
        guard !file.isEmpty else {
            throw RestmapError.usage(.malformedArgument, "'\(argument)' names no file after '='; write URI=FILE")
        }
        if file == "-" { return standardInput(requestPath: path) }
        return MapInput(source: try FileByteSource(path: file), requestPath: path)
    }

    static func standardInput(requestPath: String?) -> MapInput {
        MapInput(source: FileByteSource(fileDescriptor: 0, name: "<stdin>"), requestPath: requestPath)
    }
}

/// Where results go: standard output, or `-o FILE` replaced atomically on success.
final class OutputDestination {
    let sink: ByteSink
    private let file: AtomicFileSink?

    init(path: String?) throws {
        if let path, path != "-" {
            let file = try AtomicFileSink(path: path)
            self.file = file
            sink = file
        } else {
            file = nil
            sink = Console.shared.standardOutput
        }
    }

    /// Keeps the output (moves `-o`'s file into place).
    func commit() throws { try file?.commit() }

    /// Drops `-o`'s file after a failed run.
    func discard() { file?.discard() }
}

/// Runs `body` on a thread with a large stack: deeply nested payloads recurse through
/// writers and the mapper, and the main thread's 8 MB must not be what limits them.
func runWithLargeStack(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 1 << 30)
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t? = nil
    #endif
    let created = pthread_create(&thread, &attributes, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    pthread_attr_destroy(&attributes)
    if created != 0 {
        Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        return
    }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
}
