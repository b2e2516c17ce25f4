import JSONSyntax

/// Which of the two formats a document is (docs/formats.md, "The two formats").
public enum InputFormat: String, Sendable, CaseIterable {
    /// What a developer writes and the dashboard exports (text by key).
    case authoring
    /// What the backend sends one SDK (resolved for one locale and platform).
    case response
}

/// A target SDK.
public enum Platform: String, Sendable, CaseIterable, Comparable {
    case ios
    case android

    /// The name users know.
    public var displayName: String { self == .ios ? "iOS" : "Android" }

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.rawValue < rhs.rawValue }
}
