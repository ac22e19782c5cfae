/// How a run that keeps its records writes them once every input is mapped: a JSON or plist
/// document (tree or records shape, the tree on several threads when it pays), or NDJSON.
extension MapRun {
    func writeOutput() throws {
        switch options.format {
        case .json where options.shape == .tree && options.threads > 1 && roots.count >= ParallelTreeOutput.minimumRoots:
            try ParallelTreeOutput(writer: writer, style: options.compact ? .compact : .pretty, threads: options.threads)
                .write(roots, to: sink, statistics: statistics)
        case .json:
            let emitter = JSONWriter(sink: sink, style: options.compact ? .compact : .pretty)
            try writeDocument(to: emitter)
            try emitter.newline()
            try emitter.flush()
        case .plist:
            let emitter = PlistEmitter(sink: sink)
            try emitter.beginDocument()
            try writeDocument(to: emitter)
            try emitter.endDocument()
        case .ndjson:
            let emitter = JSONWriter(sink: sink, style: .compact)
            // Every object stays in the graph until the end: recurring ones can be replayed.
            let recurring = writer.makeRecurringCache()
            for object in recordsInOrder() {
                try writer.write(object, to: emitter, statistics: statistics, recurring: recurring)
                try emitter.newline()
            }
            try emitter.flush()
        }
    }

    private func recordsInOrder() -> [MappedObject] {
        switch options.shape {
        case .tree: return roots
        case .records: return mapper.graph.groupedByEntity().flatMap(\.objects)
        }
    }

    private func writeDocument<Emitter: StructuredEmitter>(to emitter: Emitter) throws {
        switch options.shape {
        case .tree:
            try emitter.beginArray()
            try writer.write(all: roots, to: emitter, statistics: statistics)
            try emitter.endArray()
        case .records:
            try emitter.beginObject()
            for group in mapper.graph.groupedByEntity() {
                try emitter.key(group.name)
                try emitter.beginArray()
                try writer.write(all: group.objects, to: emitter, statistics: statistics)
                try emitter.endArray()
            }
            try emitter.endObject()
        }
    }
}
