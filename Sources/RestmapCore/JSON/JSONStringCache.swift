/// Recently made short strings, found again by their bytes. API payloads repeat their keys in
/// every record and many values too (`"type": "Employee"`, department ids); a table lookup is
/// several times cheaper than making and validating the same `String` again. Only strings of
/// at most 15 UTF-8 bytes are kept: Swift stores those inline, so a hit copies 16 bytes and
/// touches no reference count.
final class JSONStringCache {
    private struct Slot {
        var low: UInt64
        var high: UInt64
        var string: String
    }

    private static let slotBits = 9
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

    /// The decoded string of `token`.
    @inline(__always)
    func string(_ token: JSONStringToken) -> String {
        var tag: UInt64 = 0
        return string(token, tag: &tag)
    }

    /// The decoded string of `token`, and in `tag` a hash of its bytes when it is short plain
    /// ASCII (0 otherwise), which the `Value` builder uses to check keys for duplicates.
    @inline(__always)
    func string(_ token: JSONStringToken, tag: inout UInt64) -> String {
        let count = token.bytes.count
        guard count <= 15, !token.hasEscapes else { return token.string }
        // The bytes and the length, packed into two words (little-endian: byte 15 is free).
        // Loaded straight from the input when 16 bytes are readable there (a byte-wise copy
        // to the stack followed by word loads would stall on store forwarding).
        var low: UInt64 = 0
        var high: UInt64 = 0
        let start = UnsafeRawPointer(token.bytes.baseAddress!)
        if token.readable >= 16 {
            low = start.loadUnaligned(as: UInt64.self) & byteMask(count)
            high = start.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & byteMask(count - 8)
        } else {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
            low = words.0
            high = words.1
        }
        high |= UInt64(truncatingIfNeeded: count) << 56
        let hash = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        tag = (low | high) & 0x8080_8080_8080_8080 == 0 ? hash | 1 : 0
        let slot = slots + Int(truncatingIfNeeded: hash >> (64 - UInt64(Self.slotBits)))
        if slot.pointee.low == low && slot.pointee.high == high { return slot.pointee.string }
        let string = token.string
        slot.pointee = Slot(low: low, high: high, string: string)
        return string
    }
}

/// Ones in the low `n` bytes (all of them from 8 on, none below 1).
@inline(__always)
private func byteMask(_ n: Int) -> UInt64 {
    if n >= 8 { return ~0 }
    if n <= 0 { return 0 }
    return (1 &<< UInt64(n &* 8)) &- 1
}
