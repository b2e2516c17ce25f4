import JSONSyntax

extension FileReport {
    /// The same report keeping only the text its formats print (docs/performance.md "Many
    /// files"): nothing when it shows no finding; else, for each shown finding and its notes, the
    /// lines and byte windows a snippet shows, the line of every offset a format places, and the
    /// unchanged bytes a fix's one-replacement suggestion (rdjson) copies. Every format renders it
    /// byte for byte as it renders the whole file (`ShownTextTests`), and a run over many files
    /// holds what it prints of each, not each file.
    package func keepingShownText() -> FileReport {
        guard !diagnostics.isEmpty else { return droppingUnshownText() }
        guard source.excerpt == nil else { return self }
        var keep = SourceExcerpt.Builder(source)
        for diagnostic in diagnostics {
            keep.shown(diagnostic.range, in: source)
            for note in diagnostic.notes { keep.shown(note.range, in: source) }
            guard let fix = diagnostic.fix else { continue }
            for edit in fix.edits {
                keep.point(edit.range.start)
                keep.point(edit.range.end)
            }
            if let suggestion = RDJSONRenderer.suggestionSpans(fix, in: source) {
                keep.point(suggestion.range.lowerBound)
                keep.point(suggestion.range.upperBound)
                for (unchanged, _) in suggestion.edits { keep.bytes(unchanged) }
            }
        }
        return replacingSource(SourceFile(path: source.path, excerpt: keep.build(), location: source.location))
    }
}

extension SourceExcerpt.Builder {
    /// A range a format places (its start and end) and the human format shows as a snippet.
    mutating func shown(_ range: ByteRange, in source: SourceFile) {
        point(range.start)
        point(range.end)
        guard source.bytes.count > 0 || range.start == 0 else { return }
        let (first, last) = HumanRenderer.snippetLines(range, in: source)
        window(first, from: range.start, in: source)
        if last != first { window(last, from: source.lineSpan(last).lowerBound, in: source) }
    }

    /// The line and the bytes a snippet decodes on it. `HumanRenderer.window` also reads the byte
    /// after them: a lead byte (or the line's end), which an excerpt reads as 0, stopping the same.
    private mutating func window(_ index: Int, from: Int, in source: SourceFile) {
        line(index)
        bytes(HumanRenderer.window(of: index, from: from, in: source).window)
    }
}
