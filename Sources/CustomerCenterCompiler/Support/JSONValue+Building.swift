import JSONSyntax

/// Building JSON for output (payloads, manifests, baselines, reports): every stage that writes
/// JSON uses these, so they live below all of them.
extension JSONValue {
    /// A string node for generated output (no source position).
    static func text(_ value: String) -> JSONValue { JSONValue(.string(value), range: .at(0)) }
    /// An integer node for generated output.
    static func integer(_ value: Int) -> JSONValue { JSONValue(.number(JSONNumber(text: String(value))), range: .at(0)) }
    /// A boolean node for generated output.
    static func flag(_ value: Bool) -> JSONValue { JSONValue(.bool(value), range: .at(0)) }
    /// An array node for generated output.
    static func list(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values), range: .at(0)) }
    /// An object node for generated output, members in the given order.
    static func record(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.0, keyRange: .at(0), value: $0.1) }), range: .at(0))
    }
}
