import CustomerCenterCompiler

/// JSON-RPC messages the server writes.
package enum Message {
    /// A response carrying `result`.
    static func result(id: JSON, _ result: JSON) -> JSON { ["jsonrpc": "2.0", "id": id, "result": result] }

    /// An error response.
    package static func error(id: JSON, code: Int, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
    }

    /// A notification.
    static func notify(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// A request id as a set member (`1` and `"1"` are different ids).
    static func key(_ id: JSON) -> String {
        switch id {
        case .int(let number): return "#\(number)"
        case .string(let text): return "s\(text)"
        default: return "?"
        }
    }

    /// What the server can do, as `initialize` answers it: `pulls` when the client asks for
    /// diagnostics itself (then they are not pushed too, so no editor shows them twice).
    static func capabilities(encoding: PositionEncoding, pulls: Bool) -> JSON {
        var server: [(String, JSON)] = [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", ["openClose": true, "change": 2, "save": ["includeText": false]]),
            ("definitionProvider", true),
            ("referencesProvider", true),
            ("renameProvider", ["prepareProvider": true]),
            ("documentSymbolProvider", true),
            ("hoverProvider", true),
            ("completionProvider", ["triggerCharacters": ["\"", ":"], "resolveProvider": false]),
            ("codeActionProvider", ["codeActionKinds": ["quickfix", "source.fixAll"]]),
            ("documentFormattingProvider", true),
            ("inlayHintProvider", true),
            ("colorProvider", true),
        ]
        if pulls {
            server.append(("diagnosticProvider", ["identifier": "customer-center", "interFileDependencies": false, "workspaceDiagnostics": false]))
        }
        return ["capabilities": .object(server), "serverInfo": ["name": "customer-center", "version": .string(CustomerCenter.version)]]
    }

    /// The registration of a watcher of every `.customer-center.json` (`id` is the request's).
    static func watchConfigurationFiles(id: Int) -> JSON {
        ["jsonrpc": "2.0", "id": .int(id), "method": "client/registerCapability", "params": ["registrations": [[
            "id": "customer-center-configuration", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": "**/.customer-center.json"]]],
        ]]]]
    }
}
