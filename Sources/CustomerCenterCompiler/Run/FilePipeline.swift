import JSONSyntax

/// The one per-file pipeline every job and the language server use (docs/design.md "The top
/// floor"): read → decode → resolve → rules → the policy's levels, ignores and baseline.
package enum FilePipeline {
    /// How much of a file's findings a caller keeps.
    package enum Keep: Sendable {
        /// At most the run's display cap per rule (counts stay exact).
        case displayCap
        /// Every finding (fixes, preview, a baseline).
        case everything
    }

    /// One file under `policy`. `baseline`: the findings it records for this file are accepted
    /// and given back unmatched. `sniff`: a document whose own members say it is another kind
    /// of JSON stops the check (`Analysis.otherKind`), and none of its baseline entries count.
    /// `inputFormat` and `platforms` override the policy's (compile, preview); `compileGate`
    /// counts the findings of rules that block compile, whatever their level.
    package static func check(_ source: SourceFile, policy: Policy, baseline: inout BaselineLedger?, sniff: Bool = false,
                              keep: Keep = .displayCap, keepingTape: Bool = false, inputFormat: InputFormat? = nil,
                              platforms: Set<Platform>? = nil, compileGate: Bool = false) -> (analysis: Analysis, gate: FindingGate) {
        var options = policy.options
        options.keepsTape = keepingTape
        options.sniffsOtherKinds = sniff
        if let inputFormat { options.inputFormat = inputFormat }
        if let platforms { options.platforms = platforms }
        var gate = options.gate
        gate.ignores = policy.ignores(for: source)
        if compileGate { gate.compileBlocking = RuleCatalog.compileBlockingRules }
        let location = source.location ?? source.path
        let taken = baseline?.take(for: location)
        gate.baseline = taken
        let displayCap = keep == .everything ? nil : policy.settings.displayCap
        let (analysis, after) = Linter.analyze(source, options: options, gate: gate, displayCap: displayCap)
        if analysis.otherKind != nil {
            if let taken { baseline?.give(back: taken, for: location, checked: false) }
        } else if let remaining = after.baseline {
            baseline?.give(back: remaining, for: location)
        }
        return (analysis, after)
    }

    /// One file under `policy` with only `rules` reported, every other rule off (the policy's
    /// own levels and ignores still apply to those), every finding kept, and a document whose
    /// own members say it is another kind of JSON stopped as with `sniff`. The language server
    /// checks a reduced copy of a document this way after an edit inside one text
    /// (`RuleCatalog.textContentRules`).
    package static func check(_ source: SourceFile, policy: Policy, onlyRules rules: Set<RuleID>) -> Analysis {
        var options = policy.options
        options.sniffsOtherKinds = true
        for descriptor in RuleCatalog.all where !rules.contains(descriptor.id) { options.severityOverrides[descriptor.id] = .off }
        var gate = options.gate
        gate.ignores = policy.ignores(for: source)
        return Linter.analyze(source, options: options, gate: gate, displayCap: nil).analysis
    }

    /// The fixes `lint --fix` may apply to one file under `policy` (the findings its report would
    /// show, every one, not only a display's worth), with the counts a round is judged by. The
    /// parse reads past any number of syntax issues, so one pass finds every syntax fix.
    package static func fixes(_ source: SourceFile, policy: Policy, unsafe: Bool) -> FixCandidates {
        var options = policy.options
        options.syntaxIssueLimit = Int.max
        var gate = options.gate
        gate.ignores = policy.ignores(for: source)
        let empty = FixCandidates(unsafe: unsafe, textRules: RuleCatalog.textRules, syntaxRule: JSONSyntaxRule.descriptor.id)
        var fixes: FixCandidates? = empty
        _ = Linter.analyze(source, options: options, gate: gate, displayCap: nil, fixes: &fixes)
        return fixes ?? empty
    }

    /// One file under `policy` with no baseline.
    package static func check(_ source: SourceFile, policy: Policy, keep: Keep = .displayCap, keepingTape: Bool = false) -> Analysis {
        var none: BaselineLedger?
        return check(source, policy: policy, baseline: &none, keep: keep, keepingTape: keepingTape).analysis
    }
}
