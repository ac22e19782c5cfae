/// How deep pretty output indents. Indenting every level makes output
/// quadratic in the nesting depth: a 100,000-level value, which `--max-depth` may allow, would
/// indent its lines by 5·10^9 tabs in all. Past `levels`, lines keep the indentation of level
/// `levels`: the output stays valid (JSON and XML ignore the whitespace) and linear in size.
enum IndentationCap {
    static let levels = 64

    /// The indentation, in levels, of a line at `depth`.
    @inline(__always)
    static func levels(atDepth depth: Int) -> Int {
        min(max(depth, 0), levels)
    }
}
