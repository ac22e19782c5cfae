/// Builds a `Value` tree and, beside it, where each value starts, keyed by JSON Pointer
/// (`/employees_list/3/dept/id`): what `validate` needs to point at an offending value.
/// A repeated key's pointer names the last occurrence, the one the tree keeps.
final class JSONLocatingBuilder: JSONBuilder {
    let values = JSONValueBuilder()
    private(set) var locations = PayloadLocations()
    /// The pointer of the top-level value: "" for a document, `/employees_list/3` for an
    /// element streamed from a key path.
    var rootPointer = ""
    /// Per open container: its node in `locations`, the length of its pointer, and the index
    /// of its next element (-1 in an object).
    private var nodes: [PayloadLocations.Node] = []
    private var pointerLengths: [Int] = []
    private var nextIndex: [Int] = []
    private var pendingKey = ""
    private let file: String

    init(file: String) {
        self.file = file
    }

    var wantsLocations: Bool { true }

    /// The completed top-level value and the locations of its values.
    func take() -> (value: Value, locations: PayloadLocations) {
        let result = (values.takeValue(), locations)
        locations = PayloadLocations()
        return result
    }

    func reset() {
        values.reset()
        locations = PayloadLocations()
        rootPointer = ""
        nodes.removeAll(keepingCapacity: true)
        pointerLengths.removeAll(keepingCapacity: true)
        nextIndex.removeAll(keepingCapacity: true)
    }

    /// Pointers longer than this are not extended: values deeper down share the pointer of
    /// their ancestor, so that a hostile nesting of long keys cannot make the pointers'
    /// memory quadratic (their locations fall back to that ancestor's).
    static let maxPointerBytes = 4096

    /// Records where the value that starts now is, and returns its node and pointer length.
    private func record(_ position: JSONPosition) -> (PayloadLocations.Node, Int) {
        let node: PayloadLocations.Node
        let length: Int
        if let parent = nodes.last, pointerLengths[pointerLengths.count - 1] > Self.maxPointerBytes {
            if nextIndex[nextIndex.count - 1] >= 0 { nextIndex[nextIndex.count - 1] += 1 }
            return (parent, pointerLengths[pointerLengths.count - 1])
        } else if let parent = nodes.last {
            let index = nextIndex[nextIndex.count - 1]
            let token: String
            if index >= 0 {
                token = String(index)
                nextIndex[nextIndex.count - 1] = index + 1
            } else {
                token = PayloadLocations.escaped(pendingKey)
            }
            node = locations.child(token, of: parent)
            length = pointerLengths[pointerLengths.count - 1] + 1 + token.utf8.count
        } else {
            node = locations.node(creating: rootPointer)
            length = rootPointer.utf8.count
        }
        locations.set(position.location(in: file), at: node)
        return (node, length)
    }

    private func open(_ position: JSONPosition, nextIndex index: Int) {
        let (node, length) = record(position)
        nodes.append(node)
        pointerLengths.append(length)
        nextIndex.append(index)
    }

    private func close() {
        nodes.removeLast()
        pointerLengths.removeLast()
        nextIndex.removeLast()
    }

    func beginObject(at position: JSONPosition) {
        open(position, nextIndex: -1)
        values.beginObject(at: position)
    }

    func beginArray(at position: JSONPosition) {
        open(position, nextIndex: 0)
        values.beginArray(at: position)
    }

    func endObject() {
        close()
        values.endObject()
    }

    func endArray() {
        close()
        values.endArray()
    }

    func key(_ key: JSONStringToken, at position: JSONPosition) {
        pendingKey = values.pushKey(key)
    }

    func string(_ string: JSONStringToken, at position: JSONPosition) {
        _ = record(position)
        values.string(string, at: position)
    }

    func number(_ number: JSONNumberToken, at position: JSONPosition) {
        _ = record(position)
        values.number(number, at: position)
    }

    func bool(_ value: Bool, at position: JSONPosition) {
        _ = record(position)
        values.bool(value, at: position)
    }

    func null(at position: JSONPosition) {
        _ = record(position)
        values.null(at: position)
    }
}
