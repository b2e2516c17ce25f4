import JSONSyntax

/// The schema stage: `schema.*` for both formats and the `compat.*` predictions for responses.
enum SchemaValidation {
    static func validate(_ root: JSONValue, format: InputFormat, source: SourceFile, platforms: Set<Platform>,
                         repeatedKeyOffsets: [Int] = [], into sink: inout DiagnosticSink) {
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
            walker.walk(root, .object(ResponseSchema.root), pointer: .root, anchor: anchor, name: "response", readers: platforms)
            // iOS builds its screen dictionary only after the decode succeeded: the trap needs both.
            if platforms.contains(.ios), !walker.iosFails, walker.iosCrashKeys.count >= 2 {
                let keys = walker.iosCrashKeys
                let second = keys[1]
                walker.sink.emit(CompatIOSCrashRule.descriptor,
                                 "iOS crashes when it loads this config: \(keys.count) screen keys (\(MessageText.alternatives(keys.map(\.key)))) are not MANAGEMENT or NO_ACTIVE, and iOS maps them all to one key",
                                 at: second.keyRange, pointer: JSONPointer.innermost(at: second.keyRange.start, in: root),
                                 notes: [walker.sink.note("\(MessageText.quoted(keys[0].key)) is the first unknown screen key", at: keys[0].keyRange)])
            }
            sink = walker.sink
        }
    }

    /// A JSON object that is neither format gets one error saying what was expected.
    static func reportUnknownFormat(_ root: JSONValue, into sink: inout DiagnosticSink) {
        let anchor = ByteRange(root.range.start, min(root.range.end, root.range.start + 1))
        if root.objectMembers == nil {
            sink.emit(SchemaTypeMismatchRule.descriptor, "a Customer Center config must be a JSON object, found \(root.kind == .null ? "null" : "an \(root.typeName)")",
                      at: anchor)
            return
        }
        sink.emit(SchemaMissingFieldRule.descriptor,
                  "not a Customer Center config: an authoring config has 'screens' and 'localization', an SDK response has 'customer_center'",
                  at: anchor)
    }
}
