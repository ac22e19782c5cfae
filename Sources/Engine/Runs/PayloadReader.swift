/// The one place runs read payload inputs from (SPEC §2): which format an input is in, and
/// the loop over the documents of a JSON input. `map` and `validate` both read through it, so
/// that an input means the same to both: `<` first makes XML; otherwise one JSON document,
/// or several top-level values, which make NDJSON, whose malformed lines are reported and
/// skipped while the rest is read.
public struct PayloadReader {
    /// `--input-format`.
    let format: PayloadFormat
    /// `--max-depth`.
    let maxDepth: Int
    /// `--threads`: above 1, an input's elements are parsed on a thread of their own (JSON:
    /// the first document's; XML: always); 1 keeps everything on the caller's thread.
    let threads: Int

    public init(format: PayloadFormat, maxDepth: Int, threads: Int = 1) {
        self.format = format
        self.maxDepth = maxDepth
        self.threads = threads
    }

    /// The format of `source`: the one asked for, or with `auto` XML when its first byte
    /// after whitespace is `<` and `.auto` (JSON or NDJSON, decided by what follows) when not.
    public func format(of source: PeekableByteSource) throws -> PayloadFormat {
        guard format == .auto else { return format }
        return try source.firstSignificantByte() == UInt8(ascii: "<") ? .xml : .auto
    }

    /// A JSON reader of `source` with the run's depth limit.
    public func jsonReader(_ source: ByteSource) -> JSONStreamReader {
        let reader = JSONStreamReader(source: source, maxDepth: maxDepth)
        reader.parsesOnOwnThread = threads > 1
        return reader
    }

    /// An XML reader with the run's depth limit; `diagnostics` receives its warnings.
    public func xmlReader(diagnostics: DiagnosticLog?) -> XMLPayloadReader {
        var reader = XMLPayloadReader(maxDepth: maxDepth, diagnostics: diagnostics)
        reader.parsesConcurrently = threads > 1
        return reader
    }

    /// Reads the documents of a JSON or NDJSON input one after another. `document` reads the
    /// next one from `reader` (whole, or by streaming its elements) and returns false when
    /// there is none left. A data error in an NDJSON line, or in any document after the
    /// first, goes to `badDocument` and reading goes on at the next line; with `.json` there
    /// must be exactly one document. Returns how many documents were read.
    @discardableResult
    public func forEachJSONDocument(
        _ reader: JSONStreamReader, format: PayloadFormat,
        badDocument: (RestmapError) throws -> Void,
        _ document: (_ index: Int) throws -> Bool
    ) throws -> Int {
        var index = 0
        repeat {
            do {
                guard try document(index) else { break }
            } catch let error as RestmapError where error.kind == .data && (format == .ndjson || index > 0) {
                try badDocument(error)
                try reader.skipLine()
            }
            index += 1
            if format == .json {
                try reader.expectEnd()
                break
            }
        } while try reader.hasMoreValues()
        return index
    }
}
