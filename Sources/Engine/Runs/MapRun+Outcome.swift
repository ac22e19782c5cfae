extension MapRun {
    /// Applies the "nothing mapped" rule to one payload (SPEC §1.4). Under `--shard`, an
    /// input some of whose representations went to other shards is not judged here: what this
    /// shard's share maps says nothing about the input as a whole.
    func finish(_ outcome: PayloadMapper.Outcome, input: String, rootKeys: [String]) {
        totalMapped += outcome.mappedCount
        guard outcome.mappedCount == 0, inputDealtElsewhere == 0 else { return }
        if outcome.containerFound && outcome.representationCount == 0 {  // an empty collection
            emptyInputs.append(input)
            return
        }
        let searched = outcome.searchedKeyPaths.map { $0.isEmpty ? "(root)" : $0 }
        var message = "no mappable object representations were found at the key paths searched (\(searched.joined(separator: ", ")))"
        if outcome.containerFound {
            message += "; \(outcome.representationCount) representation\(outcome.representationCount == 1 ? " was" : "s were") found but none was taken by a matcher or carried a mapped value"
        } else if !rootKeys.isEmpty {
            let sorted = rootKeys.sorted { $0.lowercased() < $1.lowercased() }
            message += "; the payload has \(sorted.joined(separator: ", "))"
        }
        if options.isErrorStatus {
            log.warning(.nothingMapped, message, at: .file(input))
        } else {
            log.error(.nothingMapped, message, at: .file(input))
            failed = true
        }
    }
}

extension Value {
    /// The keys of an object, in order (empty for anything else): what "nothing mapped"
    /// messages list.
    var objectKeys: [String] {
        if case .object(let object) = self { return object.keys }
        return []
    }
}
