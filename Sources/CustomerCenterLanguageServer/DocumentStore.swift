import CustomerCenterCompiler
import JSONSyntax

/// The open documents, by URI, as the client last sent them. Only the files the server serves
/// are kept: configs by name and `.customer-center.json`.
struct DocumentStore {
    /// What a file is to the server, by its name.
    enum Kind {
        case config
        case configuration
    }

    private(set) var documents: [String: TextDocument] = [:]

    static func kind(of uri: String) -> Kind? {
        let name = String(uri.split(separator: "/").last ?? "")
        if name == LinterConfiguration.fileName { return .configuration }
        guard name.hasSuffix(".json") else { return nil }
        return name.hasPrefix("customer_center") || name.hasPrefix("customer-center") ? .config : nil
    }

    subscript(uri: String) -> TextDocument? { documents[uri] }

    /// The open documents' URIs, sorted.
    var uris: [String] { documents.keys.sorted() }

    /// Opens a document; `false` when the server does not serve it.
    mutating func open(_ uri: String, version: Int, text: String) -> Bool {
        guard Self.kind(of: uri) != nil else { return false }
        documents[uri] = TextDocument(uri: uri, version: version, text: text)
        return true
    }

    /// Applies one `didChange`'s changes, all or none; `nil` when the document is not open.
    mutating func change(_ uri: String, _ changes: [JSON], version: Int?, encoding: PositionEncoding) -> Result<[TextDocument.ByteChange], TextDocument.EditError>? {
        // Taken out of the table while it changes, so that its bytes are edited in place, not copied.
        guard var document = documents.removeValue(forKey: uri) else { return nil }
        defer { documents[uri] = document }
        do {
            return .success(try document.apply(changes, version: version ?? document.version + 1, encoding: encoding))
        } catch {
            return .failure(error)
        }
    }

    /// Closes a document; `false` when it was not open.
    mutating func close(_ uri: String) -> Bool {
        documents.removeValue(forKey: uri) != nil
    }
}
