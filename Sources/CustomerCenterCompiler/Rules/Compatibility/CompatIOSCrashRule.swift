// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked below, once the schema walk of a response found that iOS
// decodes it (`ResponseDecoders.reportIOSCrashes`).

import JSONSyntax

/// `compat.ios-crash`: iOS would crash at run time.
package enum CompatIOSCrashRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.ios-crash",
        summary: "iOS would crash at run time (two or more unknown screen keys).",
        rationale: "purchases-ios maps every unknown screen key to the same value and builds a dictionary that traps on duplicates: the app crashes when the Customer Center opens.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}, ↓"OTHER": {"type": "MANAGEMENT", "title": "B", "paths": []}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}"#),
        exampleFormat: .response)
}

extension CompatIOSCrashRule {
    /// The traps of a response iOS decoded (`ResponseDecoders.reportIOSCrashes`): the value-level
    /// ones of purchases-ios (docs/android-semantics.md, "iOS: where it crashes"), a
    /// `last_published_app_version` that `SemanticVersion` force-unwraps and a `refund_window`
    /// whose arithmetic overflows, then two or more `unknownScreenKeys`.
    static func check(_ root: JSONNode, unknownScreenKeys keys: [JSONNode.Member], into sink: inout DiagnosticSink) {
        if let version = root.member("last_published_app_version"), let text = version.value.stringValue,
           let part = IOSAppVersion.crashingPart(text) {
            sink.emit(.iosCrashOnAppVersion(part: part),
                      at: version.value.range, pointer: JSONPointer.root.appending("last_published_app_version"))
        }
        let center = root.member("customer_center") ?? root.member("customerCenter")
        if let screens = center?.value.member("screens")?.value.objectMembers {
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
        guard keys.count >= 2 else { return }
        let second = keys[1]
        sink.emit(.iosCrashOnScreenKeys(keys.map(\.key)),
                  at: second.keyRange, pointer: JSONPointer.innermost(at: second.keyRange.start, in: root),
                  notes: [sink.note("\(MessageText.quoted(keys[0].key)) is the first unknown screen key", at: keys[0].keyRange)])
    }
}

extension RuleMessage {
    /// `compat.ios-crash`: two or more unknown screen keys.
    static func iosCrashOnScreenKeys(_ keys: [String]) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when it loads this config: \(keys.count) screen keys (\(MessageText.alternatives(keys))) are not MANAGEMENT or NO_ACTIVE, and iOS maps them all to one key")
    }

    /// `compat.ios-crash`: a version part `UInt(_:)` cannot read.
    static func iosCrashOnAppVersion(part: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when the Customer Center loads: 'last_published_app_version' part \(MessageText.quoted(part)) is not a whole number Swift's UInt can read (ASCII digits, at most 18446744073709551615)")
    }

    /// `compat.ios-crash`: a refund window whose arithmetic overflows.
    static func iosCrashOnRefundWindow(_ text: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor, "iOS crashes when it decodes this config: 'refund_window' \(MessageText.quoted(text)) makes it negate Int.min")
    }
}
