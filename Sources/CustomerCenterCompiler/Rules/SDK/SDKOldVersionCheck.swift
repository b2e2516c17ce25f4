// What the `sdk.*` rules share: each reports the rows of the compatibility table at its
// severity that an SDK version still in the field (`oldest_sdk`) has (docs/sdk-compatibility.md).

import JSONSyntax

extension SDKCompatibility {
    /// Reports, for `rule`, every use of a row at the rule's severity that affects a version
    /// from the oldest in the field to today's, on a target platform.
    static func check(_ rule: RuleDescriptor, _ context: inout RuleContext) {
        guard !context.oldestSDK.isEmpty else { return }
        for row in rows(reportedAt: rule.defaultSeverity) {
            guard context.platforms.contains(row.platform), let oldest = context.oldestSDK[row.platform], row.affects(oldest: oldest) else { continue }
            for use in uses(of: row.fact, in: context) {
                context.report(.oldSDK(rule, row, oldest: oldest), at: use.range, pointer: use.pointer, fix: use.fix)
            }
        }
    }

    /// The rows `rule` reports, as `explain` prints them.
    package static func explainText(for rule: RuleID) -> String? {
        let rules: [any Rule.Type] = [SDKBreaksOldVersionRule.self, SDKHiddenOnOldVersionRule.self, SDKIgnoredOnOldVersionRule.self]
        guard let descriptor = rules.first(where: { $0.descriptor.id == rule })?.descriptor else { return nil }
        let rows = rows(reportedAt: descriptor.defaultSeverity)
        guard !rows.isEmpty else { return nil }
        return "The SDK versions it knows (docs/sdk-compatibility.md):\n\n"
            + rows.map { "- \($0.versions): \($0.what): \($0.effect.rawValue), \($0.customersGet). Source: \($0.source)." }.joined(separator: "\n")
            + "\n"
    }
}

extension RuleMessage {
    /// An `sdk.*` finding: the range, what customers get there, the two ways out.
    static func oldSDK(_ rule: RuleDescriptor, _ row: SDKCompatibilityRow, oldest: SDKVersion) -> RuleMessage {
        let fixed = row.fixedIn.map { "\($0)" } ?? "today's"
        return RuleMessage(rule, "\(row.versions) (in the field: oldest_sdk \(row.platform.rawValue) \(oldest)): \(row.what): "
            + "\(row.effect.rawValue), \(row.customersGet); raise the oldest \(row.platform.displayName) version to \(fixed), or \(row.change)")
    }
}
