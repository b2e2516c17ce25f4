import JSONSyntax

/// The customer `compile` evaluates eligibility for (`--first-seen`, `--first-purchase`).
public struct Customer: Sendable, Equatable {
    /// Seconds since the customer was first seen.
    public var firstSeen: Int64?
    /// Seconds since their first purchase; `nil` = they never purchased.
    public var firstPurchase: Int64?

    /// Creates a customer.
    public init(firstSeen: Int64? = nil, firstPurchase: Int64? = nil) {
        self.firstSeen = firstSeen
        self.firstPurchase = firstPurchase
    }

    /// Parses an age: `30d`, `12h`, `90m`, `45s`, `2w`, or an ISO-8601 duration (`P2W`, `PT12H`).
    package static func seconds(fromAge text: String) -> Int64? {
        if text.uppercased().hasPrefix("P") {
            guard let seconds = ISODuration.seconds(text), seconds >= 0, seconds < 1e15 else { return nil }
            return Int64(seconds)
        }
        guard let unit = text.last, let value = Int64(text.dropLast()), value >= 0 else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3_600
        case "d": scale = 86_400
        case "w": scale = 604_800
        default: return nil
        }
        let (result, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow ? nil : result
    }

    /// Whether this customer meets every condition (ANDed; none means eligible). A condition on
    /// a quantity the customer does not have (no purchase) is not met.
    package func isEligible(for conditions: [EligibilityCondition]) -> Bool {
        conditions.allSatisfy { condition in
            guard let amount = condition.amountInSeconds else { return false }
            let value = condition.kind == .firstSeen ? firstSeen : firstPurchase
            guard let value else { return false }
            return condition.comparator == .greater ? value > amount : value < amount
        }
    }
}
