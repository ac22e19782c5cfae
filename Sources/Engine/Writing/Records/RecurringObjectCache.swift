/// The encoded bytes of related objects that recur in the tree shape's output — a department
/// nested in each of its thousands of employees — so that each is encoded once per depth
/// and copied after that. Only objects that write no relationships qualify: their bytes depend
/// on nothing but their attributes and the depth they are written at, never on where they
/// appear (a relationship could lead back to an ancestor and come out as a `_ref`).
///
/// An object is encoded normally the first time it is met, kept the second time, and copied
/// from then on. The cache holds a bounded number of objects and bytes, and turns itself off
/// when most related objects turn out to be met once (each their own address, say), so the
/// bookkeeping never costs more than a lookup per related object for a few thousand of them.
/// It holds the objects it keeps, so their identifiers cannot be reused while it lives.
final class RecurringObjectCache {
    /// What `RecordWriter` does with a related object.
    enum Decision {
        /// Writes these bytes (the object's encoding at this depth).
        case replay([UInt8])
        /// Writes the object and hands its bytes to `store`: it has been met before.
        case capture
        /// Writes the object.
        case write
    }

    /// A slot of the open-addressing table: an object met at a depth, and its bytes once kept.
    private struct Slot {
        var object: MappedObject?
        var depth = 0
        var bytes: [UInt8]?
    }

    /// The table has 2^13 slots and holds at most half as many objects: probes stay short.
    private static let slotBits = 13
    private static let slotCount = 1 << slotBits
    static let maximumEntries = slotCount / 2
    static let maximumBytes = 8 << 20
    static let maximumObjectBytes = 8 << 10
    /// After this many lookups the cache stays on only if a quarter of them were hits.
    static let trialLookups = 4_096

    /// Made at the first lookup: most records a writer is given meet no related object.
    private var storage: UnsafeMutablePointer<Slot>?
    private var entries = 0
    private var storedBytes = 0
    private var lookups = 0
    private var hits = 0
    /// False once the cache has given up (too few hits); then every object is written.
    private(set) var isEnabled = true

    init() {}

    deinit {
        guard let storage else { return }
        // Only the slots holding an object hold references (bytes are kept only with an
        // object): the others are passed over, not destroyed one by one. Each slice of a
        // threaded tree output has a cache of its own, so this runs for every slice.
        if entries > 0 {
            for index in 0..<Self.slotCount where storage[index].object != nil {
                (storage + index).deinitialize(count: 1)
            }
        }
        storage.deallocate()
    }

    private var slots: UnsafeMutablePointer<Slot> {
        if let storage { return storage }
        let made = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        made.initialize(repeating: Slot(), count: Self.slotCount)
        storage = made
        return made
    }

    /// The slot of `object` at `depth`, or the empty slot where it would go. Addresses are
    /// spread by a multiplicative hash; the table is never more than half full.
    @inline(__always)
    private func slotIndex(of object: MappedObject, depth: Int) -> Int {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        let mixed = ((address &>> 4) ^ UInt(bitPattern: depth)) &* 0x9E37_79B9_7F4A_7C15
        var index = Int(truncatingIfNeeded: mixed &>> UInt(64 - Self.slotBits))  // the top bits: 0 ..< slotCount
        let slots = self.slots
        while let occupant = slots[index].object {
            if occupant === object && slots[index].depth == depth { return index }
            index = (index &+ 1) & (Self.slotCount &- 1)
        }
        return index
    }

    /// Whether `object`'s bytes can stand for it wherever it appears.
    @inline(__always)
    static func qualifies(_ object: MappedObject) -> Bool {
        !object.hasRelationships
    }

    /// What to do with `object` about to be written at `depth`.
    func decision(for object: MappedObject, depth: Int) -> Decision {
        lookups += 1
        if lookups == Self.trialLookups && hits * 4 < lookups {
            isEnabled = false
            return .write
        }
        let index = slotIndex(of: object, depth: depth)
        if let bytes = slots[index].bytes {
            hits += 1
            return .replay(bytes)
        }
        if slots[index].object != nil { return .capture }
        if entries < Self.maximumEntries {
            slots[index] = Slot(object: object, depth: depth, bytes: nil)
            entries += 1
        }
        return .write
    }

    /// Keeps the bytes of `object` written at `depth` (after `.capture`), within the bounds.
    func store(_ bytes: [UInt8], for object: MappedObject, depth: Int) {
        guard isEnabled, bytes.count <= Self.maximumObjectBytes, storedBytes + bytes.count <= Self.maximumBytes else { return }
        let index = slotIndex(of: object, depth: depth)
        guard slots[index].object != nil else { return }
        storedBytes += bytes.count
        slots[index].bytes = bytes
    }
}
