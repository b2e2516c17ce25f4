/// The "first seen here / used again here" loop the duplicate rules share: calls `body` for
/// every value whose key an earlier value already had, with that first value.

import JSONSyntax
enum Repeats {
    static func forEach(_ values: [Located<String>], key: (Located<String>) -> String = \.value,
                        _ body: (_ repeated: Located<String>, _ first: Located<String>) -> Void) {
        var first: [String: Located<String>] = [:]
        for value in values {
            let name = key(value)
            if let earlier = first[name] { body(value, earlier) } else { first[name] = value }
        }
    }
}
