import RestmapBase

/// Where each part of an element's value was written, shaped like the value itself. JSON
/// pointers cannot be known while an element is open — `/list/item` becomes `/list/item/0`
/// when a second `<item>` arrives — so locations are kept as a tree and turned into pointers
/// once the element is complete.
struct XMLLocationTree {
    /// One key of the element's object: one tree per value, two or more meaning an array.
    struct Child {
        public var key: String
        var trees: [XMLLocationTree]
    }

    public var location: SourceLocation
    public var children: [Child] = []

    init(_ location: SourceLocation, children: [Child] = []) {
        self.location = location
        self.children = children
    }

    /// Records this tree's locations under `pointer` (RFC 6901, `""` being the tree's own value).
    /// Values deeper than a pointer this long are not located on their own (they fall back to
    /// this ancestor): hostile nestings of long names would otherwise need quadratic memory.
    static let maxPointerBytes = 4096

    func flatten(at pointer: String, into locations: inout PayloadLocations) {
        locations[pointer] = location
        guard pointer.utf8.count <= Self.maxPointerBytes else { return }
        for child in children {
            let childPointer = PayloadLocations.appending(child.key, to: pointer)
            if child.trees.count == 1 {
                child.trees[0].flatten(at: childPointer, into: &locations)
            } else {
                locations[childPointer] = child.trees[0].location  // the array: where it starts
                for (index, tree) in child.trees.enumerated() {
                    tree.flatten(at: PayloadLocations.appending(index, to: childPointer), into: &locations)
                }
            }
        }
    }
}
