import RestmapEngine
import RestmapOpenAPI

/// `restmap init --openapi SPEC`: a starter config from an OpenAPI document
/// (`OpenAPISketcher`), written as `init` writes one from samples, with a comment for each
/// operation or property left without a mapping.
public enum OpenAPIInit {
    /// - Throws: `RestmapError` (usage): the document does not load (`RM1201`–`RM1203`) or
    ///   no response of it holds an object (`RM1204`).
    public static func config(openAPI path: String) throws -> String {
        let document = try OpenAPIDocument(path: path)
        var sketcher = OpenAPISketcher(document: document)
        try sketcher.sketch()
        guard !sketcher.entities.isEmpty else {
            throw RestmapError.usage(
                .openAPINothingToSketch,
                "no operation of the document has a JSON success response holding objects, so there is no entity to sketch",
                at: document.root["paths"]?.location ?? document.root.location)
        }
        let writer = ConfigSketchWriter()
        var text = try writer.document(writer.sections(entities: sketcher.entities, paths: sketcher.paths, requests: sketcher.requests, errors: sketcher.errors))
        for note in sketcher.notes {
            text += "<!-- " + DriftSuggestions.commentText(note) + " -->\n"
        }
        return text
    }
}
