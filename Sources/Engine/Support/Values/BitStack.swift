/// A stack of flags, such as the kinds of the JSON parser's open containers (set for an
/// object). The first 64 levels live in one word, so that a push or a pop in a usual document
/// is a shift and a mask, with none of a `[Bool]`'s uniqueness checks and bounds checks;
/// deeper levels go on to words in an array.
struct BitStack {
    /// How many flags are on the stack.
    private(set) var count = 0
    /// Bit n: the flag at depth n (from 0), for n below 64.
    private var shallow: UInt64 = 0
    /// The same for depths from 64 on, 64 to a word.
    private var deep: [UInt64] = []

    var isEmpty: Bool { count == 0 }

    /// The flag on top; nil when the stack is empty.
    var top: Bool? {
        count == 0 ? nil : self[count &- 1]
    }

    /// The flag at `depth` (from 0, below `count`).
    @inline(__always)
    subscript(depth: Int) -> Bool {
        if depth < 64 { return shallow & (1 &<< UInt64(depth)) != 0 }
        let level = depth &- 64
        return deep[level >> 6] & (1 &<< UInt64(level & 63)) != 0
    }

    @inline(__always)
    mutating func push(_ flag: Bool) {
        let depth = count
        if depth < 64 {
            let bit: UInt64 = 1 &<< UInt64(depth)
            shallow = flag ? shallow | bit : shallow & ~bit
        } else {
            pushDeep(flag, at: depth &- 64)
        }
        count = depth &+ 1
    }

    private mutating func pushDeep(_ flag: Bool, at level: Int) {
        if level >> 6 == deep.count { deep.append(0) }
        let bit: UInt64 = 1 &<< UInt64(level & 63)
        if flag { deep[level >> 6] |= bit } else { deep[level >> 6] &= ~bit }
    }

    /// Takes the flag on top off the stack (there must be one), without reading it: no
    /// bounds check of the deep words at every closing bracket.
    @inline(__always)
    mutating func pop() {
        assert(count > 0, "pop on an empty BitStack")
        count &-= 1
    }

    /// Empties the stack (a push writes its level's bit whatever was there, so the words
    /// need no clearing).
    mutating func removeAll() {
        count = 0
    }
}
