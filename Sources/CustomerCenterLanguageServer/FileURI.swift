/// `file:` URIs and the paths they name.
enum FileURI {
    /// The absolute path of a `file:` URI.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        if !rest.hasPrefix("/") { rest = rest.drop(while: { $0 != "/" }) }  // file://host/path
        return percentDecoded(String(rest))
    }

    /// The `file:` URI of an absolute path.
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

    /// The display path of a document (its file path, or the URI itself).
    static func displayPath(_ uri: String) -> String { path(of: uri) ?? uri }
}
