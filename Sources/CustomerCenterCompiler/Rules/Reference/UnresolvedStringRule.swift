/// `ref.unresolved-string`: a `*_key` with no entry in `localized_strings`.

import JSONSyntax
package enum UnresolvedStringRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "ref.unresolved-string",
        summary: "A '*_key' with no entry in 'localized_strings' (with the nearest key).",
        rationale: "A key that names no text cannot be compiled: the dashboard would show the raw key or nothing, and the screen, path or offer would have no title.",
        defaultSeverity: .error, formats: [.authoring],
        fixes: [.unsafe], blocksCompile: true,
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": ↓"titel", "paths": []}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#),
        editorAddition: .createMissingString)

    package static func check(_ context: inout RuleContext) {
        // The keys to suggest from, sorted only when a reference names none of them.
        var sortedKeys: [String]?
        // (Looked up once, when the references were bound: `referencedPositions`.)
        // A use is built only when its key names no entry (`StringReferences` builds it when read).
        let references = context.resolved.stringReferences
        for (index, position) in context.resolved.referencedPositions.enumerated() where position == nil {
            let reference = references[index], key = reference.key
            guard !key.value.isEmpty else { continue }
            let keys = sortedKeys ?? context.resolved.strings.keys.sorted()
            sortedKeys = keys
            let suggestion = context.suggestion(for: key.value, among: keys)
            context.report(.unresolvedString(key.value, usage: reference.usage),
                           on: key,
                           fix: suggestion.map { RuleContext.replace(key, with: $0) })
        }
    }
}

extension RuleMessage {
    /// `ref.unresolved-string`: `usage` names the field that refers to it.
    static func unresolvedString(_ key: String, usage: String) -> RuleMessage {
        RuleMessage(UnresolvedStringRule.descriptor, "\(MessageText.quoted(key)) is not a key of 'localized_strings' (used as \(usage))")
    }
}
