/// A read position in a date string's bytes, with the small steps the date readers share.
struct DateTextCursor {
    let bytes: ArraySlice<UInt8>
    var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var isAtEnd: Bool { index >= bytes.endIndex }

    var peek: UInt8? { index < bytes.endIndex ? bytes[index] : nil }

    /// Consumes `byte` when it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Consumes the next byte when it is one of `choices`, ignoring ASCII case.
    mutating func skip(anyOf choices: String) -> Bool {
        guard let next = peek, choices.utf8.contains(where: { ASCIIBytes.lowercased($0) == ASCIIBytes.lowercased(next) })
        else { return false }
        index += 1
        return true
    }

    /// Reads between `width.lowerBound` and `width.upperBound` digits (as many as there
    /// are, up to the bound); nil, consuming nothing, when there are fewer.
    mutating func number(width: ClosedRange<Int>) -> (value: Int, digits: Int)? {
        var end = index
        while end < bytes.endIndex, end - index < width.upperBound, ASCIIBytes.isDigit(bytes[end]) { end += 1 }
        let count = end - index
        guard count >= width.lowerBound, count > 0 else { return nil }
        // Only fraction fields read many digits; their value is taken from `digits(…)`.
        let value = ASCIIBytes.integer(bytes[index..<min(end, index + 18)]) ?? 0
        index = end
        return (value, count)
    }

    /// Reads exactly `count` digits.
    mutating func number(digits count: Int) -> Int? {
        number(width: count...count)?.value
    }

    /// Reads one or more digits as a fraction of a second, in whole milliseconds: further
    /// digits are truncated (`.2509` is 250 ms), as RestKit's formatters do.
    mutating func milliseconds(width: ClosedRange<Int> = 1...Int.max) -> Int? {
        let start = index
        guard number(width: width) != nil else { return nil }
        var milliseconds = 0
        for position in 0..<3 {
            let i = start + position
            let digit = i < index ? Int(bytes[i] - UInt8(ascii: "0")) : 0
            milliseconds = milliseconds * 10 + digit
        }
        return milliseconds
    }

    /// Consumes a run of whitespace; false when there was none.
    mutating func skipWhitespace() -> Bool {
        let start = index
        while let next = peek, ASCIIBytes.isWhitespace(next) { index += 1 }
        return index > start
    }

    /// Consumes the longest of `words` that comes next, ignoring case; its position in
    /// `words`, or nil.
    mutating func word(in words: [String]) -> Int? {
        var best: (position: Int, length: Int)?
        for (position, word) in words.enumerated() {
            let length = word.utf8.count
            guard bytes.endIndex - index >= length, length > (best?.length ?? 0) else { continue }
            if ASCIIBytes.equalsIgnoringCase(bytes[index..<index + length], word) { best = (position, length) }
        }
        guard let best else { return nil }
        index += best.length
        return best.position
    }
}
