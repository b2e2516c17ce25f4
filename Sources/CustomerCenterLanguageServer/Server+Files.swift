import CustomerCenterCompiler
import JSONSyntax

/// Files and analysis: URIs and paths, files read through `readFile`, the configuration that
/// applies to a document, a document's analysis (kept while its version and configuration stay),
/// and the positions requests name and replies give.
extension Server {
    /// The absolute path of a `file:` URI.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        if !rest.hasPrefix("/") { rest = rest.drop(while: { $0 != "/" }) }  // file://host/path
        return percentDecoded(String(rest))
    }

    static func uri(of path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A file's bytes: the open document's, else the disk's (cached until the client says it changed).
    mutating func contents(ofPath path: String) -> [UInt8]? {
        if let open = documents.first(where: { Self.path(of: $0.key) == path }) { return open.value.bytes }
        if let cached = diskFiles[path] { return cached }
        let bytes = readFile(path)
        diskFiles[path] = bytes
        return bytes
    }

    /// The `.customer-center.json` nearest above `path`, if there is one (open or on disk). What
    /// the disk holds, or lacks, is remembered until the client says a file changed, so an edit
    /// does not read every folder up to the root again.
    mutating func configurationPath(for path: String) -> String? {
        // The run's lookup (one implementation), with open documents counting as files.
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        return ConfigurationFinder.nearest(above: directory.isEmpty ? "/" : directory) { contents(ofPath: $0) != nil }
    }

    /// The path of the configuration file that applies to a document.
    mutating func configurationPath(forDocument uri: String) -> String? {
        Self.path(of: uri).flatMap { configurationPath(for: $0) }
    }

    /// What the configuration file at `path` says.
    mutating func configuration(atPath path: String?) -> LinterConfiguration? {
        path.flatMap { path in contents(ofPath: path).map { LinterConfiguration(source: SourceFile(path: path, bytes: $0)) } }
    }

    /// The display path of a document (its file path, or the URI itself).
    static func displayPath(_ uri: String) -> String { path(of: uri) ?? uri }

    /// The library's analysis of a config document under its configuration file.
    mutating func analysis(of uri: String) -> Analysis? {
        guard let document = documents[uri], Self.kind(of: uri) == .config else { return nil }
        let configurationPath = self.configurationPath(forDocument: uri)
        if let cached = analyses[uri], cached.version == document.version, cached.configuration == configurationPath {
            return cached.analysis
        }
        let configuration = self.configuration(atPath: configurationPath)
        // The run's rule for what a folder holds (docs/commands.md, "Directories"): JSON that is neither
        // format (a schema, a problem matcher) and files the configuration's include/exclude
        // leave out are not served.
        if let path = Self.path(of: uri), let configuration, let configurationPath,
           !InputDiscovery.selects(relativePath: FileSystem.relative(path, to: FileSystem.directory(of: configurationPath)),
                                   include: configuration.include, exclude: configuration.exclude) {
            return nil
        }
        let source = SourceFile(path: Self.displayPath(uri), bytes: document.bytes)
        // The per-file pipeline, asked directly; a document whose own members say it is another
        // kind of JSON is not served. The tape is kept: completion reads the cursor's place on
        // it until the next analysis.
        var none: BaselineLedger?
        let analysis = FilePipeline.check(source, policy: Policy(settings: RunSettings(), configuration: configuration), baseline: &none,
                                          sniff: true, keepingTape: true).analysis
        if analysis.otherKind != nil { return nil }
        analyses[uri] = (document.version, configurationPath, analysis, LexicalCheckpoints(document.bytes), CompletionCandidates())
        changesSinceAnalysis[uri] = []
        return analysis
    }

    /// The document and byte offset a request points at.
    func target(_ params: JSON) -> (uri: String, document: TextDocument, offset: Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
              let position = Position(params["position"]) else { return nil }
        return (uri, document, document.offset(of: position, encoding: encoding))
    }

    /// A byte range of `document` as a protocol range.
    func range(_ range: ByteRange, in document: TextDocument) -> JSON {
        ["start": document.position(of: range.start, encoding: encoding).json, "end": document.position(of: range.end, encoding: encoding).json]
    }

    func location(_ range: ByteRange, in document: TextDocument) -> JSON {
        ["uri": .string(document.uri), "range": self.range(range, in: document)]
    }
}
