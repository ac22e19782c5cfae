/// Builds the located `PlistNode` tree of a JSON config: every value and every dictionary key
/// with its line and column. `null` becomes `.null`, a number without fraction or exponent
/// `.integer`, any other number `.real` (both keeping their text). A dictionary keeps all its
/// keys, repeated ones too, in file order: the config loader decides what a repeat means.
struct JSONPlistBuilder: JSONBuilder {
    /// Per open container: true for a dictionary, and where it starts.
    private var isDictionary: [Bool] = []
    private var containerLocations: [SourceLocation] = []
    private var arrays: [[PlistNode]] = []
    private var dictionaries: [[PlistNode.Entry]] = []
    private var pendingKeys: [(String, SourceLocation)] = []
    private(set) var result: PlistNode?
    private let file: String

    init(file: String) {
        self.file = file
    }

    var wantsLocations: Bool { true }

    private mutating func add(_ node: PlistNode) {
        guard let inDictionary = isDictionary.last else {
            result = node
            return
        }
        if inDictionary {
            let (key, keyLocation) = pendingKeys.removeLast()
            dictionaries[dictionaries.count - 1].append(PlistNode.Entry(key: key, keyLocation: keyLocation, value: node))
        } else {
            arrays[arrays.count - 1].append(node)
        }
    }

    private func here(_ location: SourceLocation?) -> SourceLocation {
        location ?? .file(file)
    }

    mutating func beginObject(at location: SourceLocation?) {
        isDictionary.append(true)
        containerLocations.append(here(location))
        dictionaries.append([])
    }

    mutating func beginArray(at location: SourceLocation?) {
        isDictionary.append(false)
        containerLocations.append(here(location))
        arrays.append([])
    }

    mutating func endObject() {
        isDictionary.removeLast()
        let location = containerLocations.removeLast()
        add(PlistNode(.dictionary(dictionaries.removeLast()), at: location))
    }

    mutating func endArray() {
        isDictionary.removeLast()
        let location = containerLocations.removeLast()
        add(PlistNode(.array(arrays.removeLast()), at: location))
    }

    mutating func key(_ key: JSONStringToken, at location: SourceLocation?) {
        pendingKeys.append((key.string, here(location)))
    }

    mutating func string(_ string: JSONStringToken, at location: SourceLocation?) {
        add(PlistNode(.string(string.string), at: here(location)))
    }

    mutating func number(_ number: JSONNumberToken, at location: SourceLocation?) {
        let text = number.text
        add(PlistNode(number.isInteger ? .integer(text) : .real(text), at: here(location)))
    }

    mutating func bool(_ value: Bool, at location: SourceLocation?) {
        add(PlistNode(.boolean(value), at: here(location)))
    }

    mutating func null(at location: SourceLocation?) {
        add(PlistNode(.null, at: here(location)))
    }
}
