extension Mapper {
    /// Where a representation sits, for messages: the input's name and the JSON pointer.
    ///
    /// Its fields live in one immutable object, so that handing an origin on — every
    /// element, object and relationship of a run does — costs one retain, not one per field.
    /// Setting a field makes a new object; only runs that track pointers (validate) or scopes
    /// (`@parent`, `@root`, `@metadata`) do, as setting nil where there is none is passed
    /// over.
    struct Origin {
        private final class Fields {
            let input: String
            let pointer: String?
            let locations: PayloadLocations?
            let scope: MappingScope?

            init(input: String, pointer: String?, locations: PayloadLocations?, scope: MappingScope?) {
                self.input = input
                self.pointer = pointer
                self.locations = locations
                self.scope = scope
            }
        }

        private var fields: Fields

        init(input: String, pointer: String?, locations: PayloadLocations? = nil) {
            fields = Fields(input: input, pointer: pointer, locations: locations, scope: nil)
        }

        var input: String { fields.input }

        /// The representation's JSON pointer in its payload; nil when not tracked.
        var pointer: String? {
            get { fields.pointer }
            set {
                guard newValue != nil || fields.pointer != nil else { return }
                fields = Fields(input: input, pointer: newValue, locations: locations, scope: scope)
            }
        }

        var locations: PayloadLocations? { fields.locations }

        /// Where the representation sits, for `@parent`, `@root` and `@metadata`; nil when
        /// the config reads none of them.
        var scope: MappingScope? {
            get { fields.scope }
            set {
                guard newValue !== fields.scope else { return }
                fields = Fields(input: input, pointer: pointer, locations: locations, scope: newValue)
            }
        }

        func appending(_ token: String) -> Origin {
            guard let pointer else { return self }
            var copy = self
            copy.pointer = PayloadLocations.appending(token, to: pointer)
            return copy
        }

        func appending(_ index: Int) -> Origin {
            guard let pointer else { return self }
            var copy = self
            copy.pointer = PayloadLocations.appending(index, to: pointer)
            return copy
        }

        /// The location of the value at `pointer` (or of the representation).
        func location(_ pointer: String? = nil) -> SourceLocation {
            if let pointer = pointer ?? self.pointer, let found = locations?.nearest(pointer) { return found }
            return SourceLocation(file: input, keyPath: (pointer ?? self.pointer).map { $0.isEmpty ? "/" : $0 })
        }
    }
}
