/// The format's enumerations, as types: rules, the compiler and the schema compare these, never
/// string literals, and the schema's enum lists are their `allCases`. The model keeps the text as
/// written (`Located<String>`, for diagnostics about unknown values) and reads it through these.

import JSONSyntax

/// A screen's key and `type`.
package enum ScreenType: String, Sendable, CaseIterable {
    case management = "MANAGEMENT"
    case noActive = "NO_ACTIVE"
}

/// A screen offering's `type`.
package enum OfferingType: String, Sendable, CaseIterable {
    case current = "CURRENT"
    case specific = "SPECIFIC"
}

/// A path's `type`.
package enum PathType: String, Sendable, CaseIterable {
    case missingPurchase = "MISSING_PURCHASE"
    case refundRequest = "REFUND_REQUEST"
    case changePlans = "CHANGE_PLANS"
    case cancel = "CANCEL"
    case customURL = "CUSTOM_URL"
    case customAction = "CUSTOM_ACTION"
}

/// A path's `open_method`.
package enum OpenMethod: String, Sendable, CaseIterable {
    case inApp = "IN_APP"
    case external = "EXTERNAL"
}

/// An eligibility condition's `condition_type`.
package enum ConditionType: String, Sendable, CaseIterable {
    case firstSeen = "FIRST_SEEN"
    case timeSinceFirstPurchase = "TIME_SINCE_FIRST_PURCHASE"
}

/// An eligibility condition's `comparison`.
package enum Comparison: String, Sendable, CaseIterable {
    case greater = "GREATER"
    case smaller = "SMALLER"
}

extension Located where Value == String {
    /// The value as one of an enumeration's cases; `nil` when it is none (the text stays in `value`).
    package func `as`<Kind: RawRepresentable>(_ kind: Kind.Type) -> Kind? where Kind.RawValue == String {
        Kind(rawValue: value)
    }
}

extension Path {
    /// `type` as a `PathType`.
    package var kind: PathType? { type?.as(PathType.self) }
    /// `open_method` as an `OpenMethod`.
    package var method: OpenMethod? { openMethod?.as(OpenMethod.self) }
}

extension EligibilityCondition {
    /// `condition_type` as a `ConditionType`.
    package var kind: ConditionType? { conditionType?.as(ConditionType.self) }
    /// `comparison` as a `Comparison`.
    package var comparator: Comparison? { comparison?.as(Comparison.self) }
}
