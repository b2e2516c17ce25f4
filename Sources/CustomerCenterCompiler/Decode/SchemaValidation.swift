import JSONSyntax

/// The schema stage: `schema.*` for both formats and the `compat.*` predictions for responses.
enum SchemaValidation {
    static func validate(_ root: JSONNode, format: InputFormat, source: SourceFile, platforms: Set<Platform>,
                         repeatedKeyOffsets: [Int] = [], iosDeferredOffsets: [Int] = [], into sink: inout DiagnosticSink) {
        let anchor = ByteRange(root.range.start, min(root.range.end, root.range.start + 1))
        switch format {
        case .authoring:
            var walker = SchemaWalker(mode: .authoring, source: source, sink: sink, platforms: [])
            walker.repeatedKeyOffsets = repeatedKeyOffsets
            walker.walk(root, .object(AuthoringSchema.root), pointer: .root, anchor: anchor, name: "config", readers: [])
            sink = walker.sink
        case .response:
            var walker = SchemaWalker(mode: .response, source: source, sink: sink, platforms: platforms)
            walker.repeatedKeyOffsets = repeatedKeyOffsets
            walker.decoders.iosDeferredOffsets = iosDeferredOffsets
            walker.walk(root, .object(ResponseSchema.root), pointer: .root, anchor: anchor, name: "response", readers: platforms)
            walker.decoders.reportIOSCrashes(root, into: &walker.sink)
            sink = walker.sink
        }
    }

    /// A JSON object that is neither format gets one error saying what was expected.
    static func reportUnknownFormat(_ root: JSONNode, into sink: inout DiagnosticSink) {
        if root.objectMembers == nil {
            SchemaTypeMismatchRule.reportNotAnObject(root, into: &sink)
        } else {
            SchemaMissingFieldRule.reportNeitherFormat(root, into: &sink)
        }
    }
}
