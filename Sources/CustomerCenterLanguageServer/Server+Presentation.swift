import CustomerCenterCompiler
import JSONSyntax

extension Server {
    /// `textDocument/formatting`: exactly what `customer-center format` writes.
    mutating func formatting(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return [] }
        let source = SourceFile(path: Self.displayPath(uri), bytes: document.bytes)
        guard let formatted = CustomerCenterCompiler.Formatter.format(source).formatted else { return [] }
        let bytes = Array(formatted.utf8)
        guard bytes != document.bytes else { return [] }
        return [["range": range(ByteRange(0, document.bytes.count), in: document), "newText": .string(formatted)]]
    }

    /// After each key reference, its default-locale text.
    mutating func inlayHints(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
              let resolved = analysis(of: uri)?.resolved else { return [] }
        let from = Position(params["range"]?["start"]).map { document.offset(of: $0, encoding: encoding) } ?? 0
        let to = Position(params["range"]?["end"]).map { document.offset(of: $0, encoding: encoding) } ?? document.bytes.count
        let locale = resolved.defaultLocale ?? "en"
        var hints: [JSON] = []
        for reference in resolved.stringReferences where reference.key.range.end >= from && reference.key.range.start <= to {
            guard let text = resolved.text(reference.key.value, locale: locale)?.translation.textValue else { continue }
            let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
            hints.append(["position": document.position(of: reference.key.range.end, encoding: encoding).json,
                          "label": .string("“\(shown)”"), "paddingLeft": true,
                          "tooltip": .string("\(locale): \(text)")])
        }
        return .array(hints)
    }

    /// A swatch for each `#RRGGBB[AA]` of the themes.
    mutating func documentColors(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
              let appearance = analysis(of: uri)?.config?.appearance else { return [] }
        var colors: [JSON] = []
        for theme in [appearance.light, appearance.dark].compactMap({ $0 }) {
            for (_, value, _) in theme.colors {
                guard let parts = ColorContrast.components(ofHex: value.value) else { continue }
                colors.append(["range": range(value.range, in: document),
                               "color": ["red": .double(parts.red), "green": .double(parts.green), "blue": .double(parts.blue), "alpha": .double(parts.alpha)]])
            }
        }
        return .array(colors)
    }

    /// How a colour picked in the editor is written: `#RRGGBB`, or `#RRGGBBAA` when translucent.
    func colorPresentations(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri], let color = params["color"],
              let start = Position(params["range"]?["start"]), let end = Position(params["range"]?["end"]) else { return [] }
        func byte(_ name: String) -> Int {
            let value: Double
            switch color[name] {
            case .int(let whole)?: value = Double(whole)
            case .double(let fraction)?: value = fraction
            default: value = name == "alpha" ? 1 : 0
            }
            return Int((max(0, min(1, value)) * 255).rounded())
        }
        func hex(_ value: Int) -> String { (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true) }
        var label = "#" + hex(byte("red")) + hex(byte("green")) + hex(byte("blue"))
        if byte("alpha") < 255 { label += hex(byte("alpha")) }
        let span = ByteRange(document.offset(of: start, encoding: encoding), document.offset(of: end, encoding: encoding))
        return [["label": .string(label), "textEdit": ["range": range(span, in: document), "newText": .string(JSONWriter.quoted(label))]]]
    }
}
