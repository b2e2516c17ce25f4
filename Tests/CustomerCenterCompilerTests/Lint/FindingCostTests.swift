import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Findings cost what is shown (issue 57 item 1): a finding reported with its words as a closure
/// is worded only when the display keeps it, and is counted either way.
@Suite struct FindingCostTests {
    /// 5,000 findings of one rule, emitted in report order and in reverse, under a bound of 500:
    /// the words are built at most for the findings kept before the bound drops them (1,000 in
    /// order), never for one past the last kept; counts and the findings kept are the
    /// same as when each is built in full.
    @Test func wordsAreBuiltOnlyForFindingsKept() {
        for reversed in [false, true] {
            var lazy = DiagnosticSink(file: "f.json", keepPerRule: 500)
            var eager = DiagnosticSink(file: "f.json", keepPerRule: 500)
            var worded = 0
            let offsets = reversed ? Array((0..<5_000).reversed()) : Array(0..<5_000)
            for offset in offsets {
                let range = ByteRange(offset * 4, offset * 4 + 2)
                lazy.emit(WhitespaceRule.descriptor, at: range, pointer: .root, message: {
                    worded += 1
                    return .whitespace("trailing whitespace", in: "text \(offset)")
                })
                eager.emit(.whitespace("trailing whitespace", in: "text \(offset)"), at: range)
            }
            #expect(lazy.gate.counts == eager.gate.counts)
            #expect(lazy.gate.counts.warnings == 5_000)
            #expect(Linter.firstFindings(lazy.diagnostics, perRule: 500) == Linter.firstFindings(eager.diagnostics, perRule: 500))
            // (In reverse, each finding comes before every one kept so far, and is kept and worded.)
            if !reversed { #expect(worded <= 1_000, "\(worded) worded of 5,000 in report order") }
        }
    }
}
