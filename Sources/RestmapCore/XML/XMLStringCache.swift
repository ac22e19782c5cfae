/// Recently made short strings, found again by their bytes. Payloads repeat many values in
/// every record (`<type>employee</type>`, department ids and names); a table lookup is several
/// times cheaper than making and validating the same `String` again. Only strings of at most
/// 15 UTF-8 bytes are kept: Swift stores those inline, so a hit copies 16 bytes and touches no
/// reference count. libxml2 has checked the UTF-8 already, so a string made once from some
/// bytes is the string of those bytes.
final class XMLStringCache {
    private struct Slot {
        var low: UInt64
        var high: UInt64
        var string: String
    }

    private static let slotBits = 10
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        // (0, 0) is the key of "", so every slot starts out valid.
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Slot(low: 0, high: 0, string: ""), count: 1 << Self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    /// The string of `bytes`.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count <= 15, count > 0 else { return XMLText.string(bytes) }
        // The bytes and the length, packed into two words (little-endian: byte 15 is free).
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: count) }
        let low = words.0
        let high = words.1 | UInt64(truncatingIfNeeded: count) << 56
        let hash = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = slots + Int(truncatingIfNeeded: hash >> (64 - UInt64(Self.slotBits)))
        if slot.pointee.low == low && slot.pointee.high == high { return slot.pointee.string }
        let string = XMLText.string(bytes)
        slot.pointee = Slot(low: low, high: high, string: string)
        return string
    }
}
