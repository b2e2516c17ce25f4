import JSONSyntax

/// A file's pipeline request under the run's policy (docs/design.md "The top floor"): every job
/// and the language server ask ``Pipeline`` through these, so each file is judged by the same
/// merge, gate and baseline whatever the command.
extension Policy {
    /// The request of `source` under this policy: its ``FilePolicy``, the run's thread plan and
    /// display cap. A caller sets what its job needs (the tape, the sniff, every finding, the
    /// compile gate) on the value.
    package func request(for source: SourceFile) -> PipelineRequest {
        var request = PipelineRequest(source, policy: filePolicy(for: source))
        request.plan = plan
        request.displayCap = settings.displayCap
        return request
    }

    /// Runs `request` with its file's entries of `baseline`: the findings they record are
    /// accepted, and the entries left are given back unmatched. A document the request's sniff
    /// stopped (`Analysis.otherKind`) gives back every entry, none of them counted as checked.
    package func check(_ request: PipelineRequest, baseline: inout BaselineLedger?) -> (analysis: Analysis, gate: FindingGate) {
        var request = request
        let location = request.source.location ?? request.source.path
        let taken = baseline?.take(for: location)
        request.policy.gate.baseline = taken
        let (analysis, after) = Pipeline.run(request)
        if analysis.otherKind != nil {
            if let taken { baseline?.give(back: taken, for: location, checked: false) }
        } else if let remaining = after.baseline {
            baseline?.give(back: remaining, for: location)
        }
        return (analysis, after)
    }

    /// The fixes `lint --fix` may apply to `source` (the findings its report would show, every
    /// one, not only a display's worth), with the counts a round is judged by. The parse reads
    /// past any number of syntax issues, so one pass finds every syntax fix.
    ///
    /// `reporting`: the scan also keeps its findings as `request(for:)`'s lint does, and gives
    /// that lint's report (``FixCandidates/check``) when it read the text as that lint reads it
    /// (fewer syntax issues than the lint's limit), so a fixed file is not linted once more.
    package func fixes(_ source: SourceFile, unsafe: Bool, reporting: Bool = false) -> FixCandidates {
        var request = request(for: source)
        let lintIssueLimit = request.syntaxIssueLimit
        request.syntaxIssueLimit = Int.max
        if !reporting { request.displayCap = nil }
        var empty = FixCandidates(unsafe: unsafe, textRules: RuleCatalog.textRules, syntaxRule: JSONSyntaxRule.descriptor.id)
        empty.keepsFindings = reporting
        var fixes: FixCandidates? = empty
        let (analysis, gate) = Pipeline.run(request, fixes: &fixes)
        var found = fixes ?? empty
        if reporting, analysis.syntaxIssueCount < lintIssueLimit {
            found.check = FixCandidates.Check(report: analysis.report, usedIgnores: gate.usedIgnores)
        }
        return found
    }
}
