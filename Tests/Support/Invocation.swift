import Foundation

/// One restmap command as a user types it — words, standard input, working directory — taken
/// apart into its subcommand, its options and its payload inputs, so that an execution path
/// can say the same thing another way (another thread count, the input through a pipe, the
/// records through a store).
public struct Invocation: Sendable {
    public var arguments: [String]
    public var stdin: Data?
    public var directory: URL

    public init(arguments: [String], stdin: Data? = nil, directory: URL = RestmapBinary.packageRoot) {
        self.arguments = arguments
        self.stdin = stdin
        self.directory = directory
    }

    /// Options that take a value, in either spelling: the words after them are not inputs.
    static let valueOptions: Set<String> = [
        "-c", "--config", "--model", "--path", "--entity", "--key-path", "--shape", "--format", "--input-format",
        "--status", "--max-depth", "--method", "--header", "--response-header", "--threads", "-o", "--output",
        "--store", "--shard", "--manifest", "--report", "--min-coverage", "--class", "--allow-outside",
    ]

    public var command: String { arguments.first ?? "" }

    /// Where the payload inputs sit among `arguments` (positional words after the command).
    public var inputPositions: [Int] {
        var positions: [Int] = []
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if Self.valueOptions.contains(word) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") || word == "-" { positions.append(index) }
            index += 1
        }
        return positions
    }

    /// The value of an option (the last one given), or nil.
    public func value(of names: String...) -> String? {
        var found: String?
        for (index, word) in arguments.enumerated() where names.contains(word) && index + 1 < arguments.count {
            found = arguments[index + 1]
        }
        return found
    }

    public func has(_ names: String...) -> Bool {
        arguments.contains { names.contains($0) }
    }

    /// A copy without the named options (and their values, for options that take one).
    public func removing(_ names: String...) -> Invocation {
        var copy = self
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if names.contains(word) {
                index += Self.valueOptions.contains(word) ? 2 : 1
                continue
            }
            words.append(word)
            index += 1
        }
        copy.arguments = words
        return copy
    }

    /// A copy with more words after the command's own.
    public func adding(_ words: String...) -> Invocation {
        var copy = self
        copy.arguments += words
        return copy
    }

    /// The one payload input read from a file, as (position, request path, file), when the
    /// command has exactly one input and it is a file: what can be given on standard input.
    public var singleFileInput: (position: Int, requestPath: String?, file: String)? {
        guard stdin == nil, ["map", "validate", "request"].contains(command) else { return nil }
        let positions = inputPositions
        guard positions.count == 1 else { return nil }
        let word = arguments[positions[0]]
        let url = directory.appendingPathComponent(word)
        if FileManager.default.fileExists(atPath: url.path) { return (positions[0], nil, word) }
        guard let split = word.lastIndex(of: "=") else { return nil }
        let file = String(word[word.index(after: split)...])
        guard file != "-", FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path) else { return nil }
        return (positions[0], String(word[..<split]), file)
    }
}
