import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One payload argument of `map` or `validate` (SPEC §3.1): `-` is standard input; `URI=FILE`
/// carries its own request path, split at the last `=` so that a query string may hold `=`;
/// an argument naming an existing file is always that file.
struct InputArgument: Equatable {
    enum Location: Equatable {
        case standardInput
        case file(String)
    }

    var location: Location
    var requestPath: String?

    /// The one parser of the `URI=FILE` form.
    init(parsing argument: String) throws {
        if argument == "-" {
            self.init(location: .standardInput, requestPath: nil)
            return
        }
        if FilePath.withCString(argument, { access($0, F_OK) }) == 0 || !argument.contains("=") {
            self.init(location: .file(argument), requestPath: nil)
            return
        }
        let split = argument.lastIndex(of: "=")!
        let path = String(argument[..<split])
        let file = String(argument[argument.index(after: split)...])
        guard !file.isEmpty else {
            throw RestmapError.usage(.malformedArgument, "'\(argument)' names no file after '='; write URI=FILE")
        }
        self.init(location: file == "-" ? .standardInput : .file(file), requestPath: path)
    }

    init(location: Location, requestPath: String?) {
        self.location = location
        self.requestPath = requestPath
    }

    static let standardInputName = "<stdin>"

    /// The argument opened as a source (a missing file is a usage error).
    func source() throws -> ByteSource {
        switch location {
        case .standardInput: return FileByteSource(fileDescriptor: 0, name: Self.standardInputName)
        case .file(let path): return try FileByteSource(path: path)
        }
    }

    /// A `map` input.
    func mapInput() throws -> MapInput {
        MapInput(source: try source(), requestPath: requestPath)
    }

    /// A `validate` sample. A file is opened now only to report a missing one as a usage
    /// error; it is read when validated.
    func sample() throws -> ValidationSample {
        switch location {
        case .standardInput:
            return ValidationSample(input: .source(try source()), name: Self.standardInputName, requestPath: requestPath)
        case .file(let path):
            _ = try source()
            return ValidationSample(input: .file(path), name: path, requestPath: requestPath)
        }
    }

    /// The inputs of `map`: standard input when there are none.
    static func mapInputs(_ arguments: [String]) throws -> [MapInput] {
        if arguments.isEmpty { return [try InputArgument(location: .standardInput, requestPath: nil).mapInput()] }
        return try arguments.map { try InputArgument(parsing: $0).mapInput() }
    }

    /// True when the input can be read again from its start: a regular file, not standard
    /// input, a pipe (`<(…)`) or a device.
    var canBeReadAgain: Bool {
        guard case .file(let path) = location else { return false }
        var info = stat()
        return FilePath.withCString(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The inputs of `map` opened again from their start, or nil when one cannot be.
    static func reopening(_ arguments: [String]) throws -> (() throws -> [MapInput])? {
        guard !arguments.isEmpty, try arguments.allSatisfy({ try InputArgument(parsing: $0).canBeReadAgain }) else { return nil }
        return { try mapInputs(arguments) }
    }
}
