/// Where `validate` met each object's representation and attribute values, kept for the
/// whole run (a later sample may conflict with an earlier one; a connection fails only once
/// everything is mapped). A sample of 300,000 short objects keeps two or more sites per
/// object, so sites are plain values in flat arrays: an object's number from one
/// dictionary, its representation's site and a chain of attribute sites by index, line and
/// column as 32-bit numbers, the file as an index into a table, the JSON Pointer as a range
/// of one byte buffer, and only unusual locations (no column, a key path) kept whole, on
/// the side. No site holds a reference, so keeping one costs no allocation.
struct ValidationSites {
    /// Where a value (or an object's representation) was met.
    struct Site {
        var sample: Int
        var location: SourceLocation
        var pointer: String?
    }

    private struct Packed {
        /// The attribute's index; -1 for a representation's site, -2 for none yet.
        var attribute: Int32
        var sample: Int32
        /// The file's index in `files`; -1 when `unusual` holds the location.
        var file: Int32
        var line: Int32
        var column: Int32
        /// The next attribute site of the same object in `attributeSites`, or -1.
        var next: Int32
        /// The pointer's bytes in `pointerBytes` (start -1: none).
        var pointerStart: Int
        var pointerLength: Int32
    }

    private var files: [String] = []
    private var fileIndex: [String: Int32] = [:]
    /// Each object's number: its representation's site in `objectSites`, its first attribute
    /// site in `firstAttribute`.
    private var objectNumbers: [ObjectIdentifier: Int32] = [:]
    private var objectSites: [Packed] = []
    private var firstAttribute: [Int32] = []
    private var attributeSites: [Packed] = []
    private var pointerBytes: [UInt8] = []
    /// Locations that are not `file:line:column`, by site (objects' as `-1 - number`).
    private var unusual: [Int: SourceLocation] = [:]

    private static let noSite = Packed(
        attribute: -2, sample: 0, file: 0, line: 0, column: 0, next: -1, pointerStart: -1, pointerLength: 0)

    /// Where attribute `index` of `object` was last read from.
    mutating func setAttribute(_ index: Int, of object: ObjectIdentifier, _ site: Site) {
        let number = Int(self.number(of: object))
        var position = firstAttribute[number]
        while position >= 0, attributeSites[Int(position)].attribute != Int32(index) { position = attributeSites[Int(position)].next }
        if position >= 0 {
            let next = attributeSites[Int(position)].next
            attributeSites[Int(position)] = pack(site, attribute: index, key: Int(position))
            attributeSites[Int(position)].next = next
        } else {
            var packed = pack(site, attribute: index, key: attributeSites.count)
            packed.next = firstAttribute[number]
            firstAttribute[number] = Int32(attributeSites.count)
            attributeSites.append(packed)
        }
    }

    func attribute(_ index: Int, of object: ObjectIdentifier) -> Site? {
        guard let number = objectNumbers[object] else { return nil }
        var position = firstAttribute[Int(number)]
        while position >= 0 {
            let packed = attributeSites[Int(position)]
            if packed.attribute == Int32(index) { return unpack(packed, key: Int(position)) }
            position = packed.next
        }
        return nil
    }

    /// Where `object` was last mapped from.
    mutating func setObject(_ object: ObjectIdentifier, _ site: Site) {
        let number = Int(self.number(of: object))
        objectSites[number] = pack(site, attribute: -1, key: -1 - number)
    }

    func object(_ object: ObjectIdentifier) -> Site? {
        guard let number = objectNumbers[object].map(Int.init), objectSites[number].attribute == -1 else { return nil }
        return unpack(objectSites[number], key: -1 - number)
    }

    private mutating func number(of object: ObjectIdentifier) -> Int32 {
        if let known = objectNumbers[object] { return known }
        let number = Int32(objectSites.count)
        objectNumbers[object] = number
        objectSites.append(Self.noSite)
        firstAttribute.append(-1)
        return number
    }

    /// `key` names the site in `unusual`. A replaced site's pointer bytes stay in the buffer
    /// (an object mapped again is rare).
    private mutating func pack(_ site: Site, attribute: Int, key: Int) -> Packed {
        let location = site.location
        var packed = Self.noSite
        packed.attribute = Int32(truncatingIfNeeded: attribute)
        packed.sample = Int32(truncatingIfNeeded: site.sample)
        if var pointer = site.pointer {
            packed.pointerStart = pointerBytes.count
            pointer.withUTF8 { pointerBytes.append(contentsOf: $0) }
            packed.pointerLength = Int32(pointerBytes.count - packed.pointerStart)
        }
        if location.keyPath == nil, let line = location.line, let column = location.column,
            line > 0, line <= Int(Int32.max), column > 0, column <= Int(Int32.max)
        {
            packed.file = intern(location.file)
            packed.line = Int32(line)
            packed.column = Int32(column)
            // Almost never set: no hash lookup per site unless some site needed one.
            if !unusual.isEmpty { unusual[key] = nil }
        } else {
            packed.file = -1
            unusual[key] = location
        }
        return packed
    }

    private func unpack(_ packed: Packed, key: Int) -> Site {
        let location = packed.file < 0
            ? unusual[key] ?? SourceLocation(file: "")
            : SourceLocation(file: files[Int(packed.file)], line: Int(packed.line), column: Int(packed.column))
        var pointer: String?
        if packed.pointerStart >= 0 {
            pointer = String(decoding: pointerBytes[packed.pointerStart..<(packed.pointerStart + Int(packed.pointerLength))], as: UTF8.self)
        }
        return Site(sample: Int(packed.sample), location: location, pointer: pointer)
    }

    private mutating func intern(_ file: String) -> Int32 {
        if let known = fileIndex[file] { return known }
        let index = Int32(files.count)
        files.append(file)
        fileIndex[file] = index
        return index
    }
}
