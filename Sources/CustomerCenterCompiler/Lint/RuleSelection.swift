import JSONSyntax

/// Rule levels as the command line (`--rule ID=LEVEL`) and the configuration file (`"rules"`)
/// say them, held to one standard (docs/configuration.md, `rules`): a rule id or a group (`appearance.*`), a
/// level; an unknown id or level is refused with a "did you mean", and a syntax rule cannot be
/// switched off or lowered below error.
package struct RuleSelection: Sendable, Equatable {
    /// What a selection names: one rule, or every rule of a group.
    package enum Target: Sendable, Equatable {
        /// One rule.
        case rule(RuleID)
        /// Every rule whose id starts with `group` + `.` (`"l10n.*"` → `l10n`).
        case group(String)
    }

    /// The rule or group.
    package var target: Target
    /// The level.
    package var level: RuleLevel

    /// Why a selection was refused, with a suggestion when one is close.
    package struct Problem: Error, Sendable, Equatable {
        /// One line, lower-case start.
        package var message: String
        /// `did you mean 'x'?`, or a hint.
        package var help: String?
        /// Which part was wrong: the rule id (or group), or the level.
        package var part: Part
        /// The replacement a fix would write.
        package var suggestion: String?

        /// The part of `ID=LEVEL` a problem is about.
        package enum Part: Sendable { case target, level }
    }

    /// Reads a rule id or group and a level (`"l10n.*"`, `"error"`).
    package static func parse(target text: String, level levelText: String) throws(Problem) -> RuleSelection {
        let target = try parseTarget(text)
        guard let level = RuleLevel(rawValue: levelText) else {
            let names = RuleLevel.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: levelText.lowercased(), among: names)
                ?? (["warn": "warning", "err": "error", "info": "note", "none": "off", "disable": "off", "ignore": "off"][levelText.lowercased()])
            throw Problem(message: "unknown level '\(levelText)'; expected one of \(names.joined(separator: ", "))",
                          help: suggestion.map { "did you mean '\($0)'?" }, part: .level, suggestion: suggestion)
        }
        let selection = RuleSelection(target: target, level: level)
        if level != .error, let syntax = selection.rules.first(where: { RuleCatalog.descriptor(for: $0)?.isSyntax ?? false }) {
            let what = if case .group = target { "the group '\(text)' includes '\(syntax)', which" } else { "'\(syntax)'" }
            throw Problem(message: "\(what) reports a file that is not valid JSON: it cannot be set to '\(level.rawValue)'",
                          help: "syntax rules are always errors (the SDKs cannot read such a file)", part: .level, suggestion: nil)
        }
        return selection
    }

    /// Reads `ID=LEVEL` (the command line's form).
    package static func parse(_ pair: String) throws(Problem) -> RuleSelection {
        guard let equals = pair.firstIndex(of: "=") else {
            throw Problem(message: "invalid '--rule \(pair)'; expected ID=off|note|warning|error (ID may be a group such as 'l10n.*')",
                          help: nil, part: .target, suggestion: nil)
        }
        return try parse(target: String(pair[..<equals]), level: String(pair[pair.index(after: equals)...]))
    }

    static func parseTarget(_ text: String) throws(Problem) -> Target {
        let ids = RuleCatalog.all.map(\.id.rawValue)
        if text.hasSuffix(".*") {
            let group = String(text.dropLast(2))
            let groups = Set(ids.compactMap { $0.split(separator: ".").first.map(String.init) })
            guard groups.contains(group) else {
                let suggestion = Suggestion.closest(to: group, among: groups.sorted()).map { $0 + ".*" }
                throw Problem(message: "unknown rule group '\(text)'; groups are \(groups.sorted().map { $0 + ".*" }.joined(separator: ", "))",
                              help: suggestion.map { "did you mean '\($0)'?" }, part: .target, suggestion: suggestion)
            }
            return .group(group)
        }
        guard RuleCatalog.descriptor(for: RuleID(rawValue: text)) != nil else {
            let suggestion = Suggestion.closest(to: text, among: ids)
            throw Problem(message: "unknown rule '\(text)'", help: suggestion.map { "did you mean '\($0)'?" }
                          ?? "'customer-center rules' lists every rule", part: .target, suggestion: suggestion)
        }
        return .rule(RuleID(rawValue: text))
    }

    /// The rules it sets.
    package var rules: [RuleID] {
        switch target {
        case .rule(let id): return [id]
        case .group(let group): return RuleCatalog.all.map(\.id).filter { $0.rawValue.hasPrefix(group + ".") }
        }
    }

    /// Levels per rule: groups first, then single rules (the more specific wins), later ones
    /// over earlier ones of the same kind.
    package static func levels(_ selections: [RuleSelection]) -> [RuleID: RuleLevel] {
        var levels: [RuleID: RuleLevel] = [:]
        for selection in selections where selection.isGroup {
            for id in selection.rules { levels[id] = selection.level }
        }
        for selection in selections where !selection.isGroup {
            for id in selection.rules { levels[id] = selection.level }
        }
        return levels
    }

    var isGroup: Bool {
        if case .group = target { return true }
        return false
    }
}
