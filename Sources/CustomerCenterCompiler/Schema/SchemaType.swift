/// A declarative description of a JSON document's shape: one definition drives the decoder's
/// checks (`schema.*`, `compat.*`) and the generated JSON Schema, so they cannot drift apart.

import JSONSyntax
package indirect enum SchemaType: Sendable {
    case object(ObjectSchema)
    /// An object used as a map: any keys, every value of one type.
    case map(MapSchema)
    case array(SchemaType, minItems: Int? = nil)
    case string(StringSchema)
    case integer(minimum: Int64?, maximum: Int64?)
    /// Any JSON number; a rule judges its value (the JSON Schema still says integer and range).
    case integerCheckedByRule(minimum: Int64?, maximum: Int64?)
    /// A whole number from 0 to `UInt64.max` in any notation (`12.0`, `1e19`): Swift's `UInt`.
    case unsignedInteger64
    case boolean

    /// A plain string.
    package static let text = SchemaType.string(StringSchema())

    /// What users call the JSON type ("an object", "a string").
    var expectation: String {
        switch self {
        case .object, .map: return "an object"
        case .array: return "an array"
        case .string(let s): return s.enumValues.isEmpty ? "a string" : "one of \(MessageText.alternatives(s.enumValues))"
        case .integer(let minimum, _), .integerCheckedByRule(let minimum, _): return minimum == 0 ? "a whole number ≥ 0" : "a whole number"
        case .unsignedInteger64: return "a whole number from 0 to 18446744073709551615"
        case .boolean: return "true or false"
        }
    }
}

/// An object with a fixed set of fields.
package struct ObjectSchema: Sendable {
    /// The definition's name in the generated schema (`Path`, `Offer`).
    package let name: String
    /// What the object is, for editor hovers.
    package let description: String
    /// Its fields, in documentation order.
    package let fields: [Field]
    /// Each field's name as UTF-8, for matching ASCII keys by their bytes.
    let fieldNamesUTF8: [[UInt8]]
    /// Whether every field's name is ASCII (then an ASCII key names a field only byte for byte).
    let fieldNamesAreASCII: Bool

    /// Creates an object schema.
    package init(_ name: String, _ description: String, fields: [Field]) {
        self.name = name
        self.description = description
        self.fields = fields
        self.fieldNamesUTF8 = fields.map { Array($0.name.utf8) }
        self.fieldNamesAreASCII = fieldNamesUTF8.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
    }

    /// The field named `name`.
    package func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}

/// A map's key and value description.
package struct MapSchema: Sendable {
    /// What a key is ("a localization key", "a store product id").
    package let keyDescription: String
    /// What a value is.
    package let description: String
    /// The type of every value.
    package let value: SchemaType
    /// Keys must be one of these (screen keys), when not empty.
    package let keyEnum: [String]

    /// Creates a map schema.
    package init(key: String, description: String, value: SchemaType, keyEnum: [String] = []) {
        self.keyDescription = key
        self.description = description
        self.value = value
        self.keyEnum = keyEnum
    }
}

/// Constraints on a string.
package struct StringSchema: Sendable {
    /// Allowed values, when it is an enum.
    package var enumValues: [String] = []
    /// An empty string is suspicious (`schema.empty-value`).
    package var nonEmpty = false
    /// A format the JSON Schema names, for editors.
    package var format: Format? = nil
    /// A regular expression for the JSON Schema (editor validation only; rules check the rest).
    package var pattern: String? = nil
    /// Values outside `enumValues` that Android's enum still accepts (`UNKNOWN`).
    package var androidExtraValues: [String] = []

    /// JSON Schema formats we use.
    package enum Format: String, Sendable {
        case email
        case uri
        case duration
    }

    /// Creates constraints.
    package init(enumValues: [String] = [], nonEmpty: Bool = false, format: Format? = nil, pattern: String? = nil,
                androidExtraValues: [String] = []) {
        self.enumValues = enumValues
        self.androidExtraValues = androidExtraValues
        self.nonEmpty = nonEmpty
        self.format = format
        self.pattern = pattern
    }
}

/// One field of an object.
package struct Field: Sendable {
    /// The JSON key.
    package let name: String
    /// Its type.
    package let type: SchemaType
    /// Whether the authoring format requires it.
    package let required: Bool
    /// What it is, for editor hovers and `schema` output.
    package let description: String
    /// What each SDK needs of it in a response (ignored for the authoring format).
    package let ios: Need
    /// What Android needs of it in a response.
    package let android: Need

    /// Creates a field. `ios`/`android` default to the authoring requirement.
    package init(_ name: String, _ type: SchemaType, required: Bool = false, _ description: String,
                ios: Need? = nil, android: Need? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.description = description
        let fallback: Need = required ? .required : .optional
        self.ios = ios ?? fallback
        self.android = android ?? fallback
    }

    /// What an SDK's decoder needs of a field.
    package enum Need: Sendable, Equatable {
        /// Must be present and not null.
        case required
        /// May be absent or null.
        case optional
        /// May be absent, but `null` fails (a non-null Kotlin property with a default).
        case optionalNotNull
        /// The decoder never reads it.
        case ignored
    }

    /// The need of `platform`.
    package func need(on platform: Platform) -> Need { platform == .ios ? ios : android }
}

extension SchemaType {
    /// The root of a format's documents.
    package static func root(of format: InputFormat) -> SchemaType {
        .object(format == .authoring ? AuthoringSchema.root : ResponseSchema.root)
    }

    /// The type at `tokens` below this one (a field of an object, a value of a map, an element
    /// of an array), or `nil` where the format has nothing.
    package func descendant<S: Sequence>(_ tokens: S) -> SchemaType? where S.Element == String {
        var current = self
        for token in tokens {
            switch current {
            case .object(let object):
                guard let field = object.field(token) else { return nil }
                current = field.type
            case .map(let map): current = map.value
            case .array(let element, _):
                guard Int(token) != nil else { return nil }
                current = element
            default: return nil
            }
        }
        return current
    }
}
