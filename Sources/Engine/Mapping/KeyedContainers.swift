/// Containers of dictionaries keyed by id (`force_collection_mapping`, SPEC §1.7): at a path
/// mapping's key path, a dictionary is a collection whose entries are each one object, as
/// RestKit's mapper splits it when the mapping forces collection mapping.
extension PayloadMapper {
    /// Whether `entry` maps a dictionary at its key path as a collection: every entity its
    /// matchers can choose forces collection mapping.
    func forcesCollection(_ entry: PathMapping) -> Bool {
        let candidates = plans.matchers(ofPath: entry.index).candidatePlans
        return !candidates.isEmpty && candidates.allSatisfy(\.forcesCollection)
    }
}
