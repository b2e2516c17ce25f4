import JSONSyntax

/// A fix of one edit, as a rule offers it without an array of edits: `lint --fix` records it
/// straight into ``FixRecords`` (``FixCandidates/add(id:severity:edit:)``), and a finding that
/// is kept or shown carries it as the ``Fix`` it stands for. A file with a quarter of a million
/// whitespace findings builds a quarter of a million of these, none of them allocated.
package struct OneEditFix: Sendable, Equatable {
    /// What the fix does ("remove the trailing whitespace").
    package var message: String
    /// The bytes replaced.
    package var range: ByteRange
    /// What they become.
    package var replacement: String
    /// Safe to apply unattended, or a guess.
    package var applicability: FixApplicability
    /// The rule that offers it vouches that applying it changes no finding of another rule but
    /// for its place, and leaves no finding of its own behind (`l10n.whitespace`: spaces removed
    /// from a text no other rule can tell from the fixed one): `lint --fix` then derives the
    /// fixed text's report instead of linting it (docs/performance.md, "Fixes in linear time").
    package var changesNoOtherFinding: Bool

    /// A fix replacing `range` by `replacement`.
    package init(message: String, range: ByteRange, replacement: String, applicability: FixApplicability = .unsafe,
                 changesNoOtherFinding: Bool = false) {
        self.message = message
        self.range = range
        self.replacement = replacement
        self.applicability = applicability
        self.changesNoOtherFinding = changesNoOtherFinding
    }

    /// The same fix as a ``Fix`` (of a finding that is kept).
    package var fix: Fix {
        Fix(message: message, edits: [TextEdit(range: range, replacement: replacement)], applicability: applicability)
    }
}
