/// Builds the values of the elements on `JSONEventTape`s, one element after another, with a
/// `JSONValueBuilder` of its own: the values are those the builder makes from the document
/// itself (the tape holds the bytes as written, and the builder decodes them as it would).
struct JSONTapeReplayer {
    let builder = JSONValueBuilder()
    /// The element filter whose names `member` events refer to.
    let members: JSONMemberFilter?

    /// Calls `body` with the value of each complete element on `tape`, in order.
    func replay(_ tape: JSONEventTape, _ body: (Value) throws -> Void) rethrows {
        try Self.replay(
            UnsafePointer(tape.base), 0..<tape.elementsEnd, readable: tape.readableCount, into: builder,
            members: members, body)
    }

    /// Replays the events in `range` of the tape at `base` (`readable` bytes of it may be
    /// read) into `builder`, calling `body` with the value of each element that ends there.
    /// A range that stops inside an element leaves it open in the builder.
    static func replay(
        _ base: UnsafePointer<UInt8>, _ range: Range<Int>, readable readableEnd: Int, into builder: JSONValueBuilder,
        members: JSONMemberFilter?, _ body: (Value) throws -> Void
    ) rethrows {
        let end = range.upperBound
        var offset = range.lowerBound
        @inline(__always) func length() -> Int {
            let value = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)
            offset &+= 4
            return Int(value)
        }
        @inline(__always) func text(escaped: Bool) -> JSONStringToken {
            let count = length()
            defer { offset &+= count }
            return JSONStringToken(
                bytes: UnsafeBufferPointer(start: base + offset, count: count), hasEscapes: escaped,
                readable: readableEnd &- offset)
        }
        @inline(__always) func number(integer: Bool) -> JSONNumberToken {
            let count = length()
            defer { offset &+= count }
            return JSONNumberToken(bytes: UnsafeBufferPointer(start: base + offset, count: count), isInteger: integer)
        }
        while offset < end {
            let tag = JSONEventTape.Tag(rawValue: base[offset]).unsafelyUnwrapped
            offset &+= 1
            switch tag {
            case .beginObject: builder.beginObject(at: .none)
            case .endObject: builder.endObject()
            case .beginArray: builder.beginArray(at: .none)
            case .endArray: builder.endArray()
            case .key: builder.key(text(escaped: false), at: .none)
            case .escapedKey: builder.key(text(escaped: true), at: .none)
            case .member:
                let index = length()
                guard let members else { preconditionFailure("a member event on a tape replayed without the element filter") }
                builder.pushKnownKey(members.string(at: index), tag: members.tag(at: index))
            case .string: builder.string(text(escaped: false), at: .none)
            case .escapedString: builder.string(text(escaped: true), at: .none)
            case .number: builder.number(number(integer: false), at: .none)
            case .integer: builder.number(number(integer: true), at: .none)
            case .true: builder.bool(true, at: .none)
            case .false: builder.bool(false, at: .none)
            case .null: builder.null(at: .none)
            case .elementEnd: try body(builder.takeValue())
            }
        }
    }
}
