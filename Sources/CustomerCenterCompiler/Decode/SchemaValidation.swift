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
            walker.iosDeferredOffsets = iosDeferredOffsets
            walker.walk(root, .object(ResponseSchema.root), pointer: .root, anchor: anchor, name: "response", readers: platforms)
            // iOS builds its screen dictionary only after the decode succeeded: the traps need both.
            if platforms.contains(.ios), !walker.iosFails {
                reportIOSCrashes(root, into: &walker.sink)
            }
            if platforms.contains(.ios), !walker.iosFails, walker.iosCrashKeys.count >= 2 {
                let keys = walker.iosCrashKeys
                let second = keys[1]
                walker.sink.emit(.iosCrashOnScreenKeys(keys.map(\.key)),
                                 at: second.keyRange, pointer: JSONPointer.innermost(at: second.keyRange.start, in: root),
                                 notes: [walker.sink.note("\(MessageText.quoted(keys[0].key)) is the first unknown screen key", at: keys[0].keyRange)])
            }
            sink = walker.sink
        }
    }

    /// The value-level traps of purchases-ios (docs/android-semantics.md, "iOS: where it crashes"): a `refund_window` whose
    /// arithmetic overflows, and a `last_published_app_version` that `SemanticVersion` force-unwraps.
    static func reportIOSCrashes(_ root: JSONNode, into sink: inout DiagnosticSink) {
        if let version = root.member("last_published_app_version"), let text = version.value.stringValue,
           let part = IOSAppVersion.crashingPart(text) {
            sink.emit(.iosCrashOnAppVersion(part: part),
                      at: version.value.range, pointer: JSONPointer.root.appending("last_published_app_version"))
        }
        let center = root.member("customer_center") ?? root.member("customerCenter")
        guard let screens = center?.value.member("screens")?.value.objectMembers else { return }
        for screen in screens {
            guard let paths = screen.value.member("paths")?.value.arrayElements else { continue }
            for (index, path) in paths.enumerated() {
                guard let window = path.member("refund_window") ?? path.member("refundWindow"), let text = window.value.stringValue,
                      case .crash = IOSRefundWindow.evaluate(text) else { continue }
                let pointer = JSONPointer.root.appending(center?.key ?? "customer_center").appending("screens").appending(screen.key)
                    .appending("paths").appending(String(index)).appending(window.key)
                sink.emit(.iosCrashOnRefundWindow(text),
                          at: window.value.range, pointer: pointer)
            }
        }
    }

    /// A JSON object that is neither format gets one error saying what was expected.
    static func reportUnknownFormat(_ root: JSONNode, into sink: inout DiagnosticSink) {
        let anchor = ByteRange(root.range.start, min(root.range.end, root.range.start + 1))
        if root.objectMembers == nil {
            let name = root.typeName
            sink.emit(.notAnObject(found: root.kind == .null ? "null" : (name.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + name),
                      at: anchor)
            return
        }
        sink.emit(.neitherFormat,
                  at: anchor)
    }
}
