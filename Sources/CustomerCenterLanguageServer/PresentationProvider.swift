import CustomerCenterCompiler
import JSONSyntax

/// Formatting, inlay hints and colours, over a snapshot.
enum PresentationProvider {
    /// `textDocument/formatting`: `formatted` is exactly what `customer-center format` writes.
    static func formatting(_ snapshot: Snapshot, formatted: String?) -> JSON {
        let document = snapshot.document
        guard let formatted, Array(formatted.utf8) != document.bytes else { return [] }
        return [["range": snapshot.range(ByteRange(0, document.bytes.count)), "newText": .string(formatted)]]
    }

    /// After each key reference, its default-locale text.
    static func inlayHints(_ params: JSON, _ snapshot: Snapshot) -> JSON {
        guard let resolved = snapshot.resolved else { return [] }
        let document = snapshot.document, encoding = snapshot.encoding
        let from = Position(params["range"]?["start"]).map(snapshot.offset(of:)) ?? 0
        let to = Position(params["range"]?["end"]).map(snapshot.offset(of:)) ?? document.bytes.count
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
    static func documentColors(_ snapshot: Snapshot) -> JSON {
        guard let appearance = snapshot.analysis?.config?.appearance else { return [] }
        var colors: [JSON] = []
        for theme in [appearance.light, appearance.dark].compactMap({ $0 }) {
            for (_, value, _) in theme.colors {
                guard let parts = ColorContrast.components(ofHex: value.value) else { continue }
                colors.append(["range": snapshot.range(value.range),
                               "color": ["red": .double(parts.red), "green": .double(parts.green), "blue": .double(parts.blue), "alpha": .double(parts.alpha)]])
            }
        }
        return .array(colors)
    }

    /// How a colour picked in the editor is written: `#RRGGBB`, or `#RRGGBBAA` when translucent.
    static func colorPresentations(_ params: JSON, _ snapshot: Snapshot) -> JSON {
        guard let color = params["color"],
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
        let span = ByteRange(snapshot.offset(of: start), snapshot.offset(of: end))
        return [["label": .string(label), "textEdit": ["range": snapshot.range(span), "newText": .string(JSONWriter.quoted(label))]]]
    }
}
