/// The "first seen here / used again here" loop the duplicate rules share: calls `body` for
/// every value whose key an earlier value already had, with that first value.

import JSONSyntax
enum Repeats {
    static func forEach(_ values: [Located<String>], key: (Located<String>) -> String = \.value,
                        _ body: (_ repeated: Located<String>, _ first: Located<String>) -> Void) {
        // Positions, room for every key at once, and one look-up a value (a repeat, rare, puts
        // the first position back).
        var first: [String: Int] = [:]
        first.reserveCapacity(values.count)
        for (position, value) in values.enumerated() {
            let name = key(value)
            if let earlier = first.updateValue(position, forKey: name) {
                first[name] = earlier
                body(value, values[earlier])
            }
        }
    }
}
