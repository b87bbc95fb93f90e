import Foundation
import ManagedModel

/// XML tree of one `contents` file -> `Schema`: decodes the whole model vocabulary (`ModelDecoder`),
/// links entities to their sub-entities, then runs the semantic checks (`SchemaChecks`).
enum SchemaResolver {
    /// - Returns: the schema (nil only when the document is not a Core Data model at all) and every diagnostic
    ///   found. A schema is returned even when errors were found, so callers can show what was understood.
    static func resolve(
        _ root: XMLElementNode, contentsPath: String, modelName: String, versionName: String
    ) -> (schema: Schema?, diagnostics: Diagnostics) {
        var decoder = ModelDecoder(contentsPath: contentsPath)
        guard root.name == "model" else {
            // Error: not a Core Data model at all; momc refuses it and there is nothing to generate from.
            decoder.diagnostics.report(
                ModelRules.notAModel,
                "not a Core Data model: root element is <\(root.name)>",
                at: SourceLocation(path: contentsPath, line: root.line))
            return (nil, decoder.diagnostics)
        }
        var schema = decoder.decodeModel(root, modelName: modelName, versionName: versionName)
        linkChildren(&schema)
        var diagnostics = decoder.diagnostics.coalescingModelWideCauses()
        diagnostics.append(contentsOf: SchemaChecks.run(schema))
        return (schema, diagnostics)
    }

    private static func linkChildren(_ schema: inout Schema) {
        var children: [String: [String]] = [:]
        for entity in schema.entities {
            if let parent = entity.parentName { children[parent, default: []].append(entity.name) }
        }
        for index in schema.entities.indices {
            schema.entities[index].childNames = (children[schema.entities[index].name] ?? []).sorted()
        }
    }
}

