/// What a map run does with each root object as it is mapped, decided once when it starts.
extension MapRun {
    /// What becomes of each root object as it is mapped.
    enum RootHandling {
        /// Written at once and forgotten (NDJSON in the tree shape, no connections).
        case stream(JSONWriter)
        /// Handed over with the objects around it in batches (`onObjectBatch`).
        case batch((ObjectGraph, MappingPlans) throws -> Void)
        /// Forgotten: the run only checks that everything maps (`-q` with nothing to store).
        case check
        /// Kept, with the whole graph, for the output once every input is mapped.
        case keep
    }

    func decideRootHandling() -> RootHandling {
        if streams { return .stream(JSONWriter(sink: sink, style: .compact)) }
        // A 4xx/5xx payload's error objects are never stored: the store is not even opened.
        if let onObjectBatch, !options.isErrorStatus { return .batch(onObjectBatch) }
        if !options.writesRecords && onGraphComplete == nil { return .check }
        return .keep
    }
}
