import JSONSyntax

// A UTF-16 or UTF-32 payload is not one iOS rejects: Foundation's JSONDecoder detects the
// encoding (by byte-order mark, or by the pattern of NUL bytes without one) and decodes it. Only
// the authoring rule (`json.invalid-utf8`: the dashboard, the backend and Android read UTF-8) fails
// it. What iOS then makes of the payload is what it makes of the same text in UTF-8 (checked with
// the iOS oracle, docs/formats.md). The exception: UTF-32LE with a byte-order mark, whose first
// two bytes Foundation takes for UTF-16LE's mark, fails.
extension Linter {
    /// For a UTF-16 or UTF-32 file: its format, and the `compat.ios-*` findings of its text read
    /// as UTF-8, at the file's own byte offsets. `nil` for any other file, or one iOS cannot decode.
    static func iosReadingOfWideText(_ request: PipelineRequest, issues: [JSONSyntaxIssue])
        -> (format: InputFormat?, diagnostics: [Diagnostic])? {
        let source = request.source
        guard issues.count == 1, case .unsupportedEncoding(let encoding) = issues[0].kind,
              let (bytes, offsets) = utf8(from: source.bytes, encoding) else { return nil }
        // The same request of the UTF-8 text, for iOS, under the options' own gate.
        var options = request.policy.options
        options.platforms = [.ios]
        var inner = request
        (inner.source, inner.policy, inner.displayCap, inner.compileGate) = (SourceFile(path: source.path, bytes: bytes), FilePolicy(options: options), findingsPerRuleLimit, false)
        let analysis = Pipeline.run(inner).analysis
        guard analysis.format == .response else { return (analysis.format, []) }
        func map(_ range: ByteRange) -> ByteRange {
            ByteRange(offsets[min(max(range.start, 0), offsets.count - 1)], offsets[min(max(range.end, 0), offsets.count - 1)])
        }
        let diagnostics = analysis.report.diagnostics.filter { [CompatIOSDecodeFailureRule.descriptor.id, CompatIOSCrashRule.descriptor.id].contains($0.id) }.map { diagnostic in
            var mapped = diagnostic
            mapped.range = map(diagnostic.range)
            mapped.notes = diagnostic.notes.map { note in
                var moved = note
                moved.range = map(note.range)
                return moved
            }
            mapped.fix = nil
            return mapped
        }
        return (analysis.format, diagnostics)
    }

    /// The UTF-8 text of UTF-16 or UTF-32 `bytes` (a byte-order mark dropped) and, for each of
    /// its byte offsets and its end, the offset in `bytes` of the code unit it came from; `nil`
    /// when a surrogate is unpaired, a value is not a scalar, a byte is left over, or the file is
    /// UTF-32LE with a byte-order mark.
    static func utf8(from bytes: [UInt8], _ encoding: JSONSyntaxIssue.TextEncoding) -> (bytes: [UInt8], offsets: [Int])? {
        let width = encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? 2 : 4
        let bigEndian = encoding == .utf16BigEndian || encoding == .utf32BigEndian
        guard bytes.count % width == 0 else { return nil }
        if encoding == .utf32LittleEndian, bytes.starts(with: [0xFF, 0xFE]) { return nil }
        var out: [UInt8] = []
        var offsets: [Int] = []
        out.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        func unit(_ i: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<width { value = value << 8 | UInt32(bytes[bigEndian ? i + k : i + width - 1 - k]) }
            return value
        }
        var i = bytes.count >= width && unit(0) == 0xFEFF ? width : 0
        while i < bytes.count {
            let start = i
            var value = unit(i)
            i += width
            if width == 2, (0xD800..<0xDC00).contains(value) {
                guard i < bytes.count, (0xDC00..<0xE000).contains(unit(i)) else { return nil }
                value = 0x10000 + ((value - 0xD800) << 10) + (unit(i) - 0xDC00)
                i += 2
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            UTF8.encode(scalar) { byte in
                out.append(byte)
                offsets.append(start)
            }
        }
        offsets.append(bytes.count)
        return (out, offsets)
    }
}
