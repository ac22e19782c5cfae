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

    private func here(_ position: JSONPosition) -> SourceLocation {
        position.location(in: file)
    }

    mutating func beginObject(at position: JSONPosition) {
        isDictionary.append(true)
        containerLocations.append(here(position))
        dictionaries.append([])
    }

    mutating func beginArray(at position: JSONPosition) {
        isDictionary.append(false)
        containerLocations.append(here(position))
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

    mutating func key(_ key: JSONStringToken, at position: JSONPosition) {
        pendingKeys.append((key.string, here(position)))
    }

    mutating func string(_ string: JSONStringToken, at position: JSONPosition) {
        add(PlistNode(.string(string.string), at: here(position)))
    }

    mutating func number(_ number: JSONNumberToken, at position: JSONPosition) {
        let text = number.text
        add(PlistNode(number.isInteger ? .integer(text) : .real(text), at: here(position)))
    }

    mutating func bool(_ value: Bool, at position: JSONPosition) {
        add(PlistNode(.boolean(value), at: here(position)))
    }

    mutating func null(at position: JSONPosition) {
        add(PlistNode(.null, at: here(position)))
    }
}
