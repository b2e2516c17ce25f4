import JSONSyntax

/// One semantic difference between two versions of a config (`customer-center diff`, docs/commands.md).
public struct ConfigChange: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable { case added, removed, renamed, changed, reordered }

    /// What happened.
    public var kind: Kind
    /// Whether it breaks analytics history, store offers, a locale, a screen or a string's
    /// placeholders, or takes away something customers of a target platform had.
    public var breaking: Bool
    /// What changed: `screen`, `path`, `survey-option`, `offer`, `store-offer-id`, `string`, `locale`,
    /// `setting`, or `sdk` (a break of an SDK version still in customers' hands).
    public var subject: String
    /// Where, in the new version (the old one for removals).
    public var pointer: JSONPointer
    /// One line for people.
    public var message: String
    /// For a `reordered` change: the ids in their old and in their new order.
    package var order: (old: [String], new: [String])?

    package init(kind: Kind, breaking: Bool, subject: String, pointer: JSONPointer, message: String,
                 order: (old: [String], new: [String])? = nil) {
        self.kind = kind
        self.breaking = breaking
        self.subject = subject
        self.pointer = pointer
        self.message = message
        self.order = order
    }

    /// Equal kinds, verdicts, subjects, pointers, messages and orders.
    public static func == (a: ConfigChange, b: ConfigChange) -> Bool {
        a.kind == b.kind && a.breaking == b.breaking && a.subject == b.subject && a.pointer == b.pointer
            && a.message == b.message && a.order?.old == b.order?.old && a.order?.new == b.order?.new
    }

    /// Breaking first, then by pointer and message: a stable order.
    static func order(_ a: ConfigChange, _ b: ConfigChange) -> Bool {
        if a.breaking != b.breaking { return a.breaking }
        if a.pointer != b.pointer { return a.pointer < b.pointer }
        return a.message < b.message
    }
}

/// Renders the changes of ``ConfigDiff/compare(_:_:inputFormat:)`` as `customer-center diff` prints them.
public enum DiffRenderer {
    /// One line per change (`breaking removed  removed path 'x' …`) and a summary line.
    ///
    /// ```swift
    /// let diff = ConfigDiff.compare(old, new)
    /// print(DiffRenderer.human(diff.changes), terminator: "")
    /// ```
    public static func human(_ changes: [ConfigChange]) -> String { human(changes, color: false) }

    /// `human(_:)`, with breaking lines in bold red and the summary's breaking count too when `color`.
    package static func human(_ changes: [ConfigChange], color: Bool) -> String {
        func paint(_ text: String, _ style: String) -> String { color ? style + text + "\u{1B}[0m" : text }
        let red = "\u{1B}[1;31m"
        var out = ""
        for change in changes {
            let line = (change.breaking ? "breaking " : "         ") + change.kind.rawValue.padded(to: 8) + " " + TerminalText.safeLine(change.message)
            out += (change.breaking ? paint(line, red) : line) + "\n"
        }
        let breaking = changes.filter(\.breaking).count
        out += changes.isEmpty ? "no semantic changes\n"
            : "\(MessageText.count(changes.count, "change")), " + (breaking > 0 ? paint("\(breaking) breaking", red) : "0 breaking") + "\n"
        return out
    }

    /// `{"version": 1, "changes": [...], "summary": {"changes": N, "breaking": N}}`, as `diff --format json`
    /// writes it; a `reordered` change also has `oldOrder` and `newOrder`.
    public static func json(_ changes: [ConfigChange]) -> String {
        JSONWriter(sortKeys: false).write(.record([
            ("version", .integer(1)),
            ("changes", .list(changes.map { change in
                var fields: [(String, JSONValue)] = [
                    ("kind", .text(change.kind.rawValue)), ("breaking", .flag(change.breaking)), ("subject", .text(change.subject)),
                    ("pointer", .text(change.pointer.description)), ("message", .text(change.message)),
                ]
                if let order = change.order {
                    fields += [("oldOrder", .list(order.old.map { .text($0) })), ("newOrder", .list(order.new.map { .text($0) }))]
                }
                return .record(fields)
            })),
            ("summary", .record([("changes", .integer(changes.count)), ("breaking", .integer(changes.filter(\.breaking).count))])),
        ]))
    }
}
