import RestmapMapping

/// The command line sets the HTTP exchange of `map` and `validate` runs; it sees the
/// mapping layer's type through the pipeline, which it depends on.
public typealias HTTPExchange = RestmapMapping.HTTPExchange
