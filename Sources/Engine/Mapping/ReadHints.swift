/// Where each key a plan reads sat in the object it was last read from. Payloads write their
/// keys in the same order in every element, so a read looks there first and compares one key
/// instead of scanning the object (the scan's unequal comparisons, a call into the standard
/// library each, were most of a read's cost). Slots: the attributes, then the relationships.
///
/// Scratch for the thread that maps with the plan. A hint is checked before it is used, so a
/// stale one costs a comparison, never a wrong value.
final class ReadHints {
    private let slots: UnsafeMutablePointer<Int>
    private let attributeCount: Int

    init(attributes: Int, relationships: Int) {
        attributeCount = attributes
        slots = .allocate(capacity: max(1, attributes + relationships))
        slots.initialize(repeating: 0, count: max(1, attributes + relationships))
    }

    deinit {
        slots.deallocate()
    }

    @inline(__always)
    func attribute(_ index: Int) -> UnsafeMutablePointer<Int> {
        slots + index
    }

    @inline(__always)
    func relationship(_ index: Int) -> UnsafeMutablePointer<Int> {
        slots + attributeCount + index
    }
}
