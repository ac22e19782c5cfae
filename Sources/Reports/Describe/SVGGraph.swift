import RestmapEngine

/// The entity graph as an inline SVG drawing (the HTML report's picture of `describe
/// --format dot`), laid out without Graphviz: entities that path mappings take in the
/// first column, the entities they lead to in the next, and so on; one box per entity
/// with its attributes (keys marked), solid arrows for nested relationships, dashed ones
/// for connections.
public struct SVGGraph {
    public init() {}

    static let minimumBoxWidth = 230, columnGap = 110, rowGap = 28, lineHeight = 17, header = 26, margin = 20
    /// Attributes listed per box before "… n more".
    static let attributeLimit = 14

    struct Box {
        var name: String
        var lines: [String]
        var column: Int
        var x = 0, y = 0
        var height: Int { SVGGraph.header + max(1, lines.count) * SVGGraph.lineHeight + 8 }
        /// Wide enough for its longest line: a name is never cut off or drawn past the box.
        var width: Int {
            max(SVGGraph.minimumBoxWidth, ([SVGGraph.textWidth(name, size: 14, bold: true)] + lines.map { SVGGraph.textWidth($0, size: 14, bold: true) }).max()! + 20)
        }
    }

    /// A generous estimate of how wide `text` is drawn in the page's sans-serif font (no
    /// font metrics without a browser): wide glyphs count double.
    static func textWidth(_ text: String, size: Int, bold: Bool = false) -> Int {
        let units = text.unicodeScalars.reduce(0.0) { total, scalar in
            total + (scalar.value >= 0x1100 ? 1.0 : scalar.properties.isUppercase || scalar == "m" || scalar == "w" ? 0.72 : 0.56)
        }
        return Int((units * Double(size) * (bold ? 1.08 : 1.0)).rounded(.up))
    }

    public func render(_ definitions: MappingDefinitions) -> String {
        var boxes = layout(definitions)
        // Each column as wide as its widest box.
        var columnWidths: [Int: Int] = [:]
        for box in boxes { columnWidths[box.column] = max(columnWidths[box.column, default: 0], box.width) }
        var columnX: [Int: Int] = [:]
        var next = Self.margin
        for column in columnWidths.keys.sorted() {
            columnX[column] = next
            next += columnWidths[column]! + Self.columnGap
        }
        var columnBottoms: [Int: Int] = [:]
        for index in boxes.indices {
            let column = boxes[index].column
            boxes[index].x = columnX[column]!
            boxes[index].y = columnBottoms[column, default: Self.margin]
            columnBottoms[column] = boxes[index].y + boxes[index].height + Self.rowGap
        }
        var height = (columnBottoms.values.max() ?? Self.margin) + Self.margin
        let position = Dictionary(boxes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var edges = ""
        var rightmost = boxes.map { $0.x + $0.width }.max() ?? 0
        var parallel: [String: Int] = [:]
        for entity in definitions.entities {
            guard let from = position[entity.name] else { continue }
            for relationship in entity.relationships {
                guard let to = position[relationship.target.value] else { continue }
                // Edges between the same two boxes fan out instead of covering each other.
                let rank = parallel[from.name + "\u{0}" + to.name, default: 0]
                parallel[from.name + "\u{0}" + to.name] = rank + 1
                let drawn = edge(from: from, to: to, label: relationship.name, dashed: relationship.connection != nil, rank: rank)
                edges += drawn.markup
                // The drawing grows to hold every label and arc whole.
                rightmost = max(rightmost, drawn.right)
                height = max(height, drawn.bottom + Self.margin)
            }
        }
        let width = rightmost + Self.margin

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"entity-graph\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"Entity graph\">\n"
        svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>\n"
        svg += edges
        for box in boxes { svg += draw(box) }
        return svg + "</svg>\n"
    }

    /// Boxes in columns: breadth-first from the entities path mappings take.
    func layout(_ definitions: MappingDefinitions) -> [Box] {
        var column: [String: Int] = [:]
        var queue: [String] = []
        for path in definitions.pathMappings {
            for matcher in path.matchers where definitions.contains(entity: matcher.entityName) && column[matcher.entityName] == nil {
                column[matcher.entityName] = 0
                queue.append(matcher.entityName)
            }
        }
        var head = 0
        while head < queue.count {
            let name = queue[head]
            head += 1
            guard let entity = definitions.entities.first(where: { $0.name == name }) else { continue }
            for relationship in entity.relationships where column[relationship.target.value] == nil
                && definitions.contains(entity: relationship.target.value)
            {
                column[relationship.target.value] = column[name]! + 1
                queue.append(relationship.target.value)
            }
        }
        return definitions.entities.map { entity in
            let keys = Set(entity.primaryKeys.map(\.value))
            var lines = entity.attributes.prefix(Self.attributeLimit).map { attribute in
                attribute.destination + (keys.contains(attribute.destination) ? " (key)" : "")
            }
            if entity.attributes.count > Self.attributeLimit {
                lines.append("… \(entity.attributes.count - Self.attributeLimit) more")
            }
            return Box(name: entity.name, lines: lines, column: column[entity.name] ?? 0)
        }
    }

    private func draw(_ box: Box) -> String {
        var out = "<g class=\"entity\"><rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"6\" fill=\"#fff\" stroke=\"#445\"/>"
        out += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(Self.header)\" rx=\"6\" fill=\"#dfe6f3\" stroke=\"#445\"/>"
        out += "<text x=\"\(box.x + 10)\" y=\"\(box.y + 18)\" font-weight=\"bold\">\(escape(box.name))</text>"
        for (index, line) in box.lines.enumerated() {
            let weight = line.hasSuffix(" (key)") ? " font-weight=\"bold\"" : ""
            out += "<text x=\"\(box.x + 10)\" y=\"\(box.y + Self.header + 14 + index * Self.lineHeight)\"\(weight)>\(escape(line))</text>"
        }
        return out + "</g>\n"
    }

    /// An edge's markup and how far right and down it reaches (its label included).
    private func edge(from: Box, to: Box, label: String, dashed: Bool, rank: Int) -> (markup: String, right: Int, bottom: Int) {
        let x1 = from.x + from.width, y1 = from.y + Self.header / 2 + rank * 6
        let forward = to.x > from.x
        let x2 = forward ? to.x : to.x + to.width, y2 = to.y + Self.header / 2 + rank * 6
        let bend = (forward ? max(40, (x2 - x1) / 2) : 60) + rank * 45
        let c1 = x1 + bend, c2 = forward ? x2 - bend : x2 + bend
        var out = "<path d=\"M\(x1),\(y1) C\(c1),\(y1) \(c2),\(y2) \(x2),\(y2)\" fill=\"none\" stroke=\"#555\" marker-end=\"url(#arrow)\""
        if dashed { out += " stroke-dasharray=\"6 4\"" }
        out += "/>"
        let labelX = forward ? (x1 + x2) / 2 : x1 + bend * 3 / 4 + 4, labelY = (y1 + y2) / 2 - 4 + rank * 14
        out += "<text x=\"\(labelX)\" y=\"\(labelY)\" font-size=\"11\" text-anchor=\"start\" fill=\"#333\">\(escape(label))</text>\n"
        let right = max(labelX + Self.textWidth(label, size: 11), max(c1, c2, x1, x2))
        return (out, right, max(labelY, y1, y2) + 4)
    }

    /// Markup characters as entities (the XML writers' escaping serves HTML and SVG too).
    private func escape(_ text: String) -> String {
        XMLEscaping.escape(text)
    }
}
