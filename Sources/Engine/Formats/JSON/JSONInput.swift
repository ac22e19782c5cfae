/// The reader's window on its input: the bytes at hand (a whole document, or the current chunk
/// of a stream) and where they sit in the document, so that any of them can be given a line and
/// a column.
///
/// Lines advance at `\n` (JSON allows line breaks only between tokens, so the grammar sees every
/// one of them while it skips whitespace). Columns are 1-based and count Unicode code points:
/// a tab, an `é` and an emoji each count one, as editors that show "Col" mostly do. Columns are
/// computed only when asked for (a diagnostic, or a builder that records locations), from an
/// anchor that moves forward with the requests, so that locating every value of a one-line
/// minified document costs one pass over it rather than one pass per value.
struct JSONInput {
    /// How diagnostics name the input.
    let file: String
    var base: UnsafePointer<UInt8>
    /// Number of valid bytes at `base`.
    var end: Int
    /// Index (into `base`) of the next byte to read.
    var pos = 0
    /// False while a stream may still deliver bytes after `end`.
    var isFinal: Bool
    /// Offset in the document of `base[0]`.
    var offset = 0
    var line = 1
    /// Offset in the document of the first byte of `line`.
    var lineStart = 0
    /// A document offset on the current line whose column is known.
    var anchorOffset = 0
    var anchorColumn = 1

    init(file: String, base: UnsafePointer<UInt8>, count: Int, isFinal: Bool) {
        self.file = file
        self.base = base
        self.end = count
        self.isFinal = isFinal
    }

    /// Skips a UTF-8 byte-order mark at the very start of the document; columns count from
    /// the byte after it.
    mutating func skipByteOrderMark() {
        guard offset == 0, pos == 0, end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF else {
            return
        }
        pos = 3
        lineStart = 3
        anchorOffset = 3
    }

    /// The 1-based column of `base[index]`, which must lie on the current line.
    mutating func column(at index: Int) -> Int {
        let absolute = offset + index
        var from: Int
        var column: Int
        if anchorOffset >= lineStart && anchorOffset <= absolute {
            from = anchorOffset
            column = anchorColumn
        } else {
            from = lineStart
            column = 1
        }
        var i = max(from - offset, 0)
        // Eight bytes at a time: a byte starts a code point unless it is 0b10xxxxxx.
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= index {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let continuations = word & ~(word << 1) & highs
            column += 8 - continuations.nonzeroBitCount
            i += 8
        }
        while i < index {
            if base[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        anchorOffset = absolute
        anchorColumn = column
        return column
    }

    mutating func location(at index: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column(at: index))
    }

    mutating func position(at index: Int) -> JSONPosition {
        JSONPosition(line: line, column: column(at: index))
    }

    /// A located data error (exit 1). Leaves `pos` at the offending byte, which is where a
    /// stream resumes when its caller skips the bad line.
    mutating func fail(_ code: DiagnosticCode, _ message: String, at index: Int) -> RestmapError {
        pos = index
        return .data(code, message, at: location(at: index))
    }

    /// Moves the column anchor to `index`, before a stream drops the bytes in front of it.
    mutating func anchor(at index: Int) {
        _ = column(at: index)
    }
}

extension JSONInput {
    /// Skips whitespace from `pos`, counting lines; stops at the end of the window.
    mutating func skipWhitespace() {
        while pos < end {
            let c = base[pos]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                pos += 1
            } else if c == 0x0A {
                pos += 1
                line += 1
                lineStart = offset + pos
            } else {
                return
            }
        }
    }
}
