/// Where `validate` met each object's representation and attribute values, kept for the
/// whole run (a later sample may conflict with an earlier one; a connection fails only once
/// everything is mapped). A sample of 50,000 objects with identity keeps eight sites per
/// object, so a site is packed: line and column as 32-bit numbers, the file as an index into
/// a table, and only unusual locations (no column, a key path) boxed whole. Per object, the
/// attribute sites are one small array rather than a dictionary (`validate` memory).
struct ValidationSites {
    /// Where a value (or an object's representation) was met.
    struct Site {
        var sample: Int
        var location: SourceLocation
        var pointer: String?
    }

    private final class Box {
        let location: SourceLocation
        init(_ location: SourceLocation) { self.location = location }
    }

    private struct Packed {
        var attribute: Int32
        var sample: Int32
        var file: Int32
        var line: Int32
        var column: Int32
        var pointer: String?
        var unusual: Box?
    }

    private var files: [String] = []
    private var fileIndex: [String: Int32] = [:]
    private var attributes: [ObjectIdentifier: [Packed]] = [:]
    private var objects: [ObjectIdentifier: Packed] = [:]

    /// Where attribute `index` of `object` was last read from.
    mutating func setAttribute(_ index: Int, of object: ObjectIdentifier, _ site: Site) {
        let packed = pack(site, attribute: index)
        if let position = attributes[object]?.firstIndex(where: { $0.attribute == Int32(index) }) {
            attributes[object]![position] = packed
        } else {
            attributes[object, default: []].append(packed)
        }
    }

    func attribute(_ index: Int, of object: ObjectIdentifier) -> Site? {
        attributes[object]?.first(where: { $0.attribute == Int32(index) }).map(unpack)
    }

    /// Where `object` was last mapped from.
    mutating func setObject(_ object: ObjectIdentifier, _ site: Site) {
        objects[object] = pack(site, attribute: -1)
    }

    func object(_ object: ObjectIdentifier) -> Site? {
        objects[object].map(unpack)
    }

    private mutating func pack(_ site: Site, attribute: Int) -> Packed {
        let location = site.location
        var packed = Packed(
            attribute: Int32(truncatingIfNeeded: attribute), sample: Int32(truncatingIfNeeded: site.sample), file: 0,
            line: 0, column: 0, pointer: site.pointer, unusual: nil)
        if location.keyPath == nil, let line = location.line, let column = location.column,
            line > 0, line <= Int(Int32.max), column > 0, column <= Int(Int32.max)
        {
            packed.file = intern(location.file)
            packed.line = Int32(line)
            packed.column = Int32(column)
        } else {
            packed.unusual = Box(location)
        }
        return packed
    }

    private func unpack(_ packed: Packed) -> Site {
        let location = packed.unusual?.location
            ?? SourceLocation(file: files[Int(packed.file)], line: Int(packed.line), column: Int(packed.column))
        return Site(sample: Int(packed.sample), location: location, pointer: packed.pointer)
    }

    private mutating func intern(_ file: String) -> Int32 {
        if let known = fileIndex[file] { return known }
        let index = Int32(files.count)
        files.append(file)
        fileIndex[file] = index
        return index
    }
}
