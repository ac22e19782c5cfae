/// Where each part of an element's value was written, shaped like the value itself. JSON
/// pointers cannot be known while an element is open — `/list/item` becomes `/list/item/0`
/// when a second `<item>` arrives — so locations are kept as a tree and turned into pointers
/// once the element is complete.
///
/// A whole document's tree lives until it is flattened, so a node is kept small: its line and
/// column as 32-bit numbers (0 for unknown) and no file — every location of one input names
/// that input, which `flatten` is given (`validate` memory on XML samples).
struct XMLLocationTree {
    /// One key of the element's object: one tree per value, two or more meaning an array.
    struct Child {
        var key: String
        var trees: [XMLLocationTree]
    }

    private var line: UInt32
    private var column: UInt32
    var children: [Child] = []

    init(_ location: SourceLocation, children: [Child] = []) {
        line = UInt32(clamping: location.line ?? 0)
        column = UInt32(clamping: location.column ?? 0)
        self.children = children
    }

    /// The location, in `file`.
    func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line > 0 ? Int(line) : nil, column: column > 0 ? Int(column) : nil)
    }

    /// Records this tree's locations under `pointer` (RFC 6901, `""` being the tree's own value).
    /// Values deeper than a pointer this long are not located on their own (they fall back to
    /// this ancestor): hostile nestings of long names would otherwise need quadratic memory.
    static let maxPointerBytes = 4096

    func flatten(at pointer: String, file: String, into locations: inout PayloadLocations) {
        flatten(at: locations.node(creating: pointer), length: pointer.utf8.count, file: file, into: &locations)
    }

    /// The same from the node of a pointer `length` bytes long: children are added by their
    /// parent's node, no pointer is ever built.
    func flatten(at node: PayloadLocations.Node, length: Int, file: String, into locations: inout PayloadLocations) {
        locations.set(location(in: file), at: node)
        guard length <= Self.maxPointerBytes else { return }
        for child in children {
            let token = PayloadLocations.escaped(child.key)
            let childNode = locations.child(token, of: node)
            let childLength = length + 1 + token.utf8.count
            if child.trees.count == 1 {
                child.trees[0].flatten(at: childNode, length: childLength, file: file, into: &locations)
            } else {
                locations.set(child.trees[0].location(in: file), at: childNode)  // the array: where it starts
                for (index, tree) in child.trees.enumerated() {
                    let element = String(index)
                    tree.flatten(
                        at: locations.child(element, of: childNode), length: childLength + 1 + element.utf8.count,
                        file: file, into: &locations)
                }
            }
        }
    }
}
