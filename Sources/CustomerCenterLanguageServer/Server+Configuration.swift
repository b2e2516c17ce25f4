import CustomerCenterCompiler
import JSONSyntax

extension Server {
    /// The configuration file that applies to a config document, when it says something a run
    /// cannot follow (an unknown rule, level, key or locale): its path and what it says. Then the
    /// document is not checked, as `lint` checks nothing under it (exit 2): the server never
    /// substitutes the built-in rules.
    mutating func invalidConfiguration(forDocument uri: String) -> (path: String, configuration: LinterConfiguration)? {
        guard Self.kind(of: uri) == .config, let path = configurationPath(forDocument: uri),
              let configuration = configuration(atPath: path), !configuration.isValid else { return nil }
        return (path, configuration)
    }

    /// What the server says about the configuration files that `uris` are under: an invalid one
    /// gets its findings published on its URI (unless it is open: then it has its own) and a
    /// `window/showMessage` error, once per text; one that is valid again has them cleared.
    mutating func configurationNotices(for uris: [String]) -> [JSON] {
        var out: [JSON] = []
        for uri in uris where Self.kind(of: uri) == .config {
            guard let path = configurationPath(forDocument: uri) else { continue }
            let configurationURI = Self.uri(of: path)
            let open = documents[configurationURI] != nil
            guard let (_, configuration) = invalidConfiguration(forDocument: uri) else {
                if announcedConfigurations.removeValue(forKey: path) != nil, !open {
                    out.append(Self.notify("textDocument/publishDiagnostics", ["uri": .string(configurationURI), "diagnostics": []]))
                }
                continue
            }
            guard announcedConfigurations[path] != configuration.source.bytes else { continue }
            announcedConfigurations[path] = configuration.source.bytes
            if !open {
                let document = TextDocument(uri: configurationURI, version: 0, text: String(decoding: configuration.source.bytes, as: UTF8.self))
                out.append(Self.notify("textDocument/publishDiagnostics", [
                    "uri": .string(configurationURI), "diagnostics": .array(configuration.diagnostics.map { convert($0, in: document) }),
                ]))
            }
            let errors = configuration.diagnostics.filter { $0.severity == .error }.count
            let message = "customer-center: \(path) has \(errors == 1 ? "an error" : "\(errors) errors"); "
                + "the configs under it are not checked until it is fixed (lint exits 2)"
            // MessageType 1 is Error.
            out.append(Self.notify("window/showMessage", ["type": 1, "message": .string(message)]))
        }
        return out
    }
}
