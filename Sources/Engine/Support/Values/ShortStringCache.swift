/// Recently made short strings, found again by their bytes. Payloads repeat their keys in
/// every record and many values too (`"type": "employee"`, department ids and names); a table
/// lookup is several times cheaper than making and validating the same `String` again. Only
/// strings of at most 15 UTF-8 bytes are kept: Swift stores those inline, so a hit copies 16
/// bytes and touches no reference count. The XML reader uses it, and the JSON reader where
/// short strings cannot be made from their two words (`SmallStringBits`), each with the
/// bytes of its own input.
final class ShortStringCache {
    struct Slot {
        var low: UInt64
        var high: UInt64
        var string: String

        init(low: UInt64, high: UInt64, string: String) {
            self.low = low
            self.high = high
            self.string = string
        }
    }

    // Read directly by both readers: a lookup is a handful of instructions per key.
    private(set) var slotBits: Int
    private(set) var slots: UnsafeMutablePointer<Slot>
    /// The table starts with `initialSlotBits` and grows to `maximumSlotBits` once it has
    /// missed more than twice its size: a small document (a request body, one NDJSON-sized
    /// value, a fuzzer's input) then does not pay for initializing and freeing thousands of
    /// slots, which was most of what parsing one cost.
    let maximumSlotBits: Int
    var missesBeforeGrowth: Int
    static let initialSlotBits = 5

    init(slotBits: Int) {
        maximumSlotBits = slotBits
        self.slotBits = min(slotBits, Self.initialSlotBits)
        missesBeforeGrowth = self.slotBits < slotBits ? 2 << self.slotBits : .max
        slots = Self.makeSlots(bits: self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << slotBits)
        slots.deallocate()
    }

    private static func makeSlots(bits: Int) -> UnsafeMutablePointer<Slot> {
        // (0, 0) is the key of "", so every slot starts out valid.
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot(low: 0, high: 0, string: ""), count: 1 << bits)
        return slots
    }

    /// Replaces the table with one of the full size (what was kept is dropped: a cache).
    func grow() {
        slots.deinitialize(count: 1 << slotBits)
        slots.deallocate()
        slotBits = maximumSlotBits
        slots = Self.makeSlots(bits: slotBits)
        missesBeforeGrowth = .max
    }

    /// The key of at most 15 bytes: the bytes packed little-endian into two words, the length
    /// in the top byte. When 16 bytes are readable at `start`, they are loaded straight from
    /// there (a byte-wise copy to the stack followed by word loads would stall on store
    /// forwarding).
    @inline(__always)
    static func key(_ start: UnsafeRawPointer, count: Int, readable: Int) -> (low: UInt64, high: UInt64) {
        var low: UInt64
        var high: UInt64
        if readable >= 16 {
            low = start.loadUnaligned(as: UInt64.self) & byteMask(count)
            high = start.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & byteMask(count - 8)
        } else {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
            low = words.0
            high = words.1
        }
        high |= UInt64(truncatingIfNeeded: count) << 56
        return (low, high)
    }

    @inline(__always)
    static func hash(low: UInt64, high: UInt64) -> UInt64 {
        (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
    }

    /// The string kept under the key, or the one `make` makes (then kept).
    @inline(__always)
    func string(low: UInt64, high: UInt64, hash: UInt64, make: () -> String) -> String {
        var slot = slots + Int(truncatingIfNeeded: hash >> (64 - UInt64(slotBits)))
        if slot.pointee.low == low && slot.pointee.high == high { return slot.pointee.string }
        missesBeforeGrowth &-= 1
        if missesBeforeGrowth < 0 {
            grow()
            slot = slots + Int(truncatingIfNeeded: hash >> (64 - UInt64(slotBits)))
        }
        let string = make()
        slot.pointee = Slot(low: low, high: high, string: string)
        return string
    }

    /// Ones in the low `n` bytes (all of them from 8 on, none below 1).
    @inline(__always)
    static func byteMask(_ n: Int) -> UInt64 {
        if n >= 8 { return ~0 }
        if n <= 0 { return 0 }
        return (1 &<< UInt64(n &* 8)) &- 1
    }
}
