import RestmapEngine

/// `dump --format csv` and `--format table`: one row a record, one column a field — `_id`,
/// then the attributes under the names the store keeps (`address.city` stays one column),
/// then the relationships as target `_id`s. What a cell holds does not depend on the format:
/// a string as it is, a number as its exact text, `true`/`false`, nothing for null; an object
/// or array value as compact JSON. A to-many relationship is a JSON array of `_id`s in CSV
/// (a spreadsheet or `jq` can split it unambiguously) and a comma-separated list in a table
/// (read by a person).
struct TabularDump {
    enum Style {
        /// RFC 4180 fields (quoted when they hold a comma, a quote or a line break), one
        /// header line, lines ending in LF.
        case csv
        /// Columns padded to their width for a terminal, a title line per entity. Widths come
        /// from the first rows, so a large store prints as it is read; longer cells are cut
        /// with `…`.
        case table
    }

    /// One cell before formatting: text, or nothing (null, unset).
    typealias Cell = String?

    let style: Style
    let sink: ByteSink

    /// Rows whose widths a table measures before it prints (a screenful and then some).
    static let measuredRows = 200
    /// No table column is wider than this many characters.
    static let widestColumn = 40

    /// Writes one entity's records; `rows` yields each record's cells in `header` order.
    func write(entity: String, header: [String], first: Bool, rows: (_ each: ([Cell]) throws -> Void) throws -> Void) throws {
        switch style {
        case .csv:
            try sink.write(header.map(Self.csvField).joined(separator: ",") + "\n")
            try rows { cells in try sink.write(cells.map { Self.csvField($0 ?? "") }.joined(separator: ",") + "\n") }
        case .table:
            try writeTable(entity: entity, header: header, first: first, rows: rows)
        }
    }

    private func writeTable(entity: String, header: [String], first: Bool, rows: (_ each: ([Cell]) throws -> Void) throws -> Void) throws {
        if !first { try sink.write("\n") }
        try sink.write(entity + "\n")
        var pending: [[String]] = []
        var widths: [Int]?
        func printLine(_ cells: [String], _ widths: [Int]) throws {
            let padded = zip(cells, widths).map { cell, width in Self.fit(cell, width) }
            try sink.write(padded.joined(separator: "  ").trimmingTrailingSpaces() + "\n")
        }
        func start(_ rows: [[String]]) throws -> [Int] {
            let measured = header.indices.map { column in
                min(Self.widestColumn, ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0)
            }
            try printLine(header, measured)
            try printLine(measured.map { String(repeating: "-", count: $0) }, measured)
            for row in rows { try printLine(row, measured) }
            return measured
        }
        try rows { cells in
            let texts = cells.map { Self.tableText($0 ?? "") }
            if let widths {
                try printLine(texts, widths)
            } else {
                pending.append(texts)
                if pending.count == Self.measuredRows { widths = try start(pending) }
            }
        }
        if widths == nil { _ = try start(pending) }
    }

    /// `text` padded or cut to `width` characters.
    static func fit(_ text: String, _ width: Int) -> String {
        if text.count <= width { return text + String(repeating: " ", count: width - text.count) }
        return String(text.prefix(max(0, width - 1))) + "…"
    }

    /// A cell on one line: line breaks and tabs shown as `\n` and `\t`, as a terminal would
    /// otherwise break the table.
    static func tableText(_ text: String) -> String {
        guard text.contains(where: { Self.isLineBreak($0) || $0 == "\t" }) else { return text }
        return text.replacing("\r\n", with: "\\n").replacing("\n", with: "\\n").replacing("\r", with: "\\n").replacing("\t", with: "\\t")
    }

    /// One CSV field: quoted, with quotes doubled, when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || Self.isLineBreak($0) }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// `\n`, `\r`, or `\r\n` (one Character in Swift, neither of the other two).
    static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
