import CustomerCenterCompiler
import JSONSyntax

/// One document as a request reads it: its current text, the analysis the answer comes from
/// (`nil`: not a config the server checks), and the changes made since that analysis (none when
/// it is of the current text). Providers read a snapshot and change nothing.
struct Snapshot {
    let document: TextDocument
    let encoding: PositionEncoding
    let entry: AnalysisCache.Entry?
    let changes: ChangeMap

    var uri: String { document.uri }
    var analysis: Analysis? { entry?.analysis }
    var resolved: ResolvedConfig? { entry?.analysis.resolved }

    /// The byte offset of a protocol position.
    func offset(of position: Position) -> Int { document.offset(of: position, encoding: encoding) }

    /// The byte offset of a request's `position`.
    func offset(_ params: JSON) -> Int? { Position(params["position"]).map(offset(of:)) }

    /// A byte range of the document as a protocol range.
    func range(_ range: ByteRange) -> JSON { Self.range(range, in: document, encoding) }

    func location(_ range: ByteRange) -> JSON { ["uri": .string(document.uri), "range": self.range(range)] }

    /// A byte range of `document` as a protocol range.
    static func range(_ range: ByteRange, in document: TextDocument, _ encoding: PositionEncoding) -> JSON {
        ["start": document.position(of: range.start, encoding: encoding).json, "end": document.position(of: range.end, encoding: encoding).json]
    }
}

extension ByteRange {
    /// Whether `other` lies within this range.
    func contains(_ other: ByteRange) -> Bool { other.start >= start && other.end <= end }

    /// Whether `offset` is in the range or at one of its ends.
    func touches(_ offset: Int) -> Bool { start <= offset && offset <= end }

    func shifted(by offset: Int) -> ByteRange { ByteRange(start + offset, end + offset) }
}
