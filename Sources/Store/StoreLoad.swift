import RestmapEngine

/// One run's load into a store, fed while the run maps (`map --store` printing no records):
/// `write` takes each batch of mapped objects as it comes, `commit` ends the run's one
/// transaction, `abandon` rolls it back (a failed run stores nothing). A batch's objects
/// may repeat objects of earlier batches: the store merges them by primary key, as the run's
/// identity map would have.
public protocol StoreLoad: AnyObject {
    func write(_ batch: ObjectGraph) throws
    @discardableResult func commit() throws -> ObjectStore.Summary
    func abandon()
}
