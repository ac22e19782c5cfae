// Whole `Value` trees, written through the writer's events.
extension JSONWriter {
    /// Writes a whole value. Deeply nested trees are walked with an explicit stack, not
    /// recursion, so their depth is not limited by the thread's stack.
    public func write(_ value: Value) throws {
        switch value {
        case .array(let elements):
            try beginArray()
            var stack = [Frame(elements: elements)]
            try drain(&stack)
        case .object(let object):
            try beginObject()
            var stack = [Frame(entries: object.entries)]
            try drain(&stack)
        default:
            try scalar(value)
        }
    }

    /// A container being written by `write(_:)`, and how far.
    fileprivate struct Frame {
        var elements: [Value] = []
        var entries: [ValueObject.Entry] = []
        var isObject = false
        var next = 0

        init(elements: [Value]) {
            self.elements = elements
        }

        init(entries: [ValueObject.Entry]) {
            self.entries = entries
            isObject = true
        }
    }

    fileprivate func drain(_ stack: inout [Frame]) throws {
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            let child: Value
            if stack[top].isObject {
                guard index < stack[top].entries.count else {
                    stack.removeLast()
                    try endObject()
                    continue
                }
                try key(stack[top].entries[index].key)
                child = stack[top].entries[index].value
            } else {
                guard index < stack[top].elements.count else {
                    stack.removeLast()
                    try endArray()
                    continue
                }
                child = stack[top].elements[index]
            }
            stack[top].next = index + 1
            switch child {
            case .array(let elements):
                try beginArray()
                stack.append(Frame(elements: elements))
            case .object(let object):
                try beginObject()
                stack.append(Frame(entries: object.entries))
            default:
                try scalar(child)
            }
        }
    }
}
