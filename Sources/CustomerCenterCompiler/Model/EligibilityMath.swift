/// Exact reasoning over an offer's eligibility: the AND of its conditions.
///
/// Each condition bounds one quantity (time since first seen, time since first purchase):
/// GREATER a means "more than a seconds", SMALLER b means "less than b seconds". The two
/// quantities are not related (purchases can be restored from before the customer was first
/// seen), so only conditions on the same quantity can contradict or imply each other.

import JSONSyntax
enum EligibilityMath {
    /// 100 years: longer than any customer relationship.
    static let maximumAmount: Int64 = 3_155_760_000

    struct Bound {
        let condition: EligibilityCondition
        let type: ConditionType
        let greater: Bool
        let amount: Int64
    }

    /// The well-formed conditions (known type, known comparison, sensible amount).
    static func bounds(_ offer: Offer) -> [Bound] {
        (offer.eligibility ?? []).compactMap { condition in
            guard let type = condition.kind, let comparison = condition.comparator,
                  let amount = condition.amountInSeconds, amount >= 0, amount <= maximumAmount else { return nil }
            return Bound(condition: condition, type: type, greater: comparison == .greater, amount: amount)
        }
    }

    /// A bound for each quantity. Two fields, not a `[ConditionType: Bound]`: that dictionary's
    /// first use looked up `ConditionType: Hashable` through every conformance record at each start
    /// (docs/performance.md, "The start").
    private struct PerQuantity {
        var firstSeen: Bound?
        var timeSinceFirstPurchase: Bound?

        subscript(type: ConditionType) -> Bound? {
            get {
                switch type {
                case .firstSeen: firstSeen
                case .timeSinceFirstPurchase: timeSinceFirstPurchase
                }
            }
            set {
                switch type {
                case .firstSeen: firstSeen = newValue
                case .timeSinceFirstPurchase: timeSinceFirstPurchase = newValue
                }
            }
        }
    }

    /// A contradiction: the condition that makes the set empty and the one it conflicts with
    /// (`nil` for "less than 0 seconds", which contradicts itself).
    static func contradiction(_ offer: Offer) -> (Bound, Bound?)? {
        var tightestGreater = PerQuantity()
        var tightestSmaller = PerQuantity()
        for bound in bounds(offer) {
            if !bound.greater, bound.amount == 0 { return (bound, nil) }
            if bound.greater {
                if let smaller = tightestSmaller[bound.type], bound.amount >= smaller.amount { return (bound, smaller) }
                if (tightestGreater[bound.type]?.amount ?? -1) < bound.amount { tightestGreater[bound.type] = bound }
            } else {
                if let greater = tightestGreater[bound.type], greater.amount >= bound.amount { return (bound, greater) }
                if (tightestSmaller[bound.type]?.amount ?? Int64.max) > bound.amount { tightestSmaller[bound.type] = bound }
            }
        }
        return nil
    }

    /// Conditions implied by another one on the same quantity, each with the one implying it:
    /// "more than 14 days" implies "more than 7 days"; of two equal conditions the later is redundant.
    static func redundancies(_ offer: Offer) -> [(redundant: Bound, implied: Bound)] {
        let all = bounds(offer)
        var result: [(Bound, Bound)] = []
        for (index, bound) in all.enumerated() {
            let implying = all.indices.first { other in
                let candidate = all[other]
                guard other != index, candidate.type == bound.type, candidate.greater == bound.greater else { return false }
                if candidate.amount == bound.amount { return other < index }
                return bound.greater ? candidate.amount > bound.amount : candidate.amount < bound.amount
            }
            if let implying { result.append((bound, all[implying])) }
        }
        return result
    }

    /// "14 days", "2 hours", "90 seconds".
    static func describe(_ seconds: Int64) -> String {
        let units: [(Int64, String)] = [(86_400 * 365, "year"), (86_400 * 7, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size && seconds % size == 0 {
            return MessageText.count(Int(seconds / size), name)
        }
        return MessageText.count(Int(seconds), "second")
    }
}

extension EligibilityCondition {
    /// The condition in words ("first seen more than 14 days ago"), when it is well formed.
    package var inWords: String? {
        guard let type = kind, let comparison = comparator, let seconds = amountInSeconds, seconds >= 0 else { return nil }
        let subject = type == .firstSeen ? "first seen" : "first purchase"
        return "\(subject) \(comparison == .greater ? "more" : "less") than \(EligibilityMath.describe(seconds)) ago"
    }
}
