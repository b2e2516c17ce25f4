import JSONSyntax

/// Something in a file: its bytes and its JSON pointer (what a finding points at).
package protocol Positioned {
    /// The bytes.
    var range: ByteRange { get }
    /// The pointer.
    var pointer: JSONPointer { get }
}

/// A value with where it came from: its bytes and its JSON pointer (for diagnostics and notes).
///
/// The pointer is kept as the enclosing value's pointer (shared by all siblings) plus this
/// value's token, and built only when asked for: a config has one located value per text per
/// locale, and decoding them must not allocate a pointer each.
package struct Located<Value: Sendable>: Sendable, Positioned {
    /// The value.
    package var value: Value
    /// The bytes of the value (for a map key: the key's bytes).
    package var range: ByteRange
    /// The enclosing value's pointer, or the value's own when `token` is `nil`.
    let parent: JSONPointer
    /// The value's key in `parent`.
    let token: String?

    /// Creates a located value with its full pointer.
    package init(_ value: Value, range: ByteRange, pointer: JSONPointer) {
        self.value = value
        self.range = range
        self.parent = pointer
        self.token = nil
    }

    /// Creates a located value that is member `key` of the value at `parent`.
    package init(_ value: Value, range: ByteRange, in parent: JSONPointer, key: String) {
        self.value = value
        self.range = range
        self.parent = parent
        self.token = key
    }

    /// The pointer of the value (for a map key: its entry).
    package var pointer: JSONPointer { token.map { parent.appending($0) } ?? parent }
}

/// Text the user sees: by key (authoring) or written out (response).
package enum TextSource: Sendable {
    /// A `*_key` naming an entry of `localized_strings`.
    case key(Located<String>)
    /// The text itself.
    case literal(Located<String>)

    /// The key or text, located.
    package var located: Located<String> {
        switch self {
        case .key(let value), .literal(let value): return value
        }
    }

    /// The key, when the text is given by key.
    package var key: Located<String>? {
        if case .key(let value) = self { return value }
        return nil
    }
}

/// A promotional offer attached to a path or survey option (`indirect`: an inline offer is large,
/// and every path would otherwise carry its full size).
package indirect enum OfferReference: Sendable {
    /// A `promotional_offer_key` naming an entry of `promotional_offers` (authoring).
    case key(Located<String>)
    /// The offer written inline (response).
    case inline(Offer)
}
