import JSONSyntax

/// What comparing two versions of a config gave: the changes, or why they could not be compared.
public struct DiffResult: Sendable {
    /// Every change from the old version to the new one, breaking first; empty when `problem` is set.
    public var changes: [ConfigChange]
    /// Why the two versions could not be compared; `nil` when they were.
    public var problem: DiffProblem?

    /// Whether a change breaks analytics history, a store offer, a locale, a screen or a string,
    /// or takes away what customers of a target platform had (`customer-center diff` exits 1).
    public var hasBreakingChanges: Bool { changes.contains(where: \.breaking) }
}

/// Why two versions of a config could not be compared (`customer-center diff` exits 3, or 2 for
/// mismatched formats).
public enum DiffProblem: Sendable {
    /// A side is not valid JSON; its report holds the syntax errors.
    case invalidJSON(FileReport)
    /// A side is valid JSON but neither an authoring config nor an SDK response.
    case notAConfig(path: String)
    /// One side is an authoring config and the other a response: one holds string keys, the
    /// other the texts of one locale, so every text would look changed.
    case mismatchedFormats(old: String, oldFormat: InputFormat, new: String, newFormat: InputFormat)
    /// Two responses of different platforms: each carries only its own platform's store offer
    /// ids, so every offer would look changed.
    case mismatchedPlatforms(old: String, oldPlatform: Platform, new: String, newPlatform: Platform)

    /// One line for people, lower-case start.
    public var message: String {
        switch self {
        case .invalidJSON(let report): return "cannot compare: '\(report.source.path)' is not valid JSON"
        case .notAConfig(let path): return "cannot compare: '\(path)' is not a Customer Center config (neither format)"
        case .mismatchedFormats(let old, let oldFormat, let new, let newFormat):
            return "'\(old)' is \(Self.describe(oldFormat)) and '\(new)' is \(Self.describe(newFormat)): they cannot be compared"
        case .mismatchedPlatforms(let old, let oldPlatform, let new, let newPlatform):
            return "'\(old)' is \(oldPlatform.displayName)'s response and '\(new)' is \(newPlatform.displayName)'s: every store offer id would look changed"
        }
    }

    /// What to do instead, when there is something to say.
    public var help: String? {
        switch self {
        case .mismatchedFormats:
            return "compare two authoring configs (e.g. the committed export and 'pull' without --platform), or two responses"
        case .mismatchedPlatforms:
            return "compare two responses of one platform, or pass --across-platforms to compare them anyway"
        default:
            return nil
        }
    }

    static func describe(_ format: InputFormat) -> String {
        format == .authoring ? "an authoring config" : "a response (what one SDK receives)"
    }
}
