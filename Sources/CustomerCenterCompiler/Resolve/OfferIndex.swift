/// `promotional_offers` by key, the first offer of a repeated key: each key's position among
/// the config's offers, not a copy of the offer (about 340 bytes each, so a dictionary of them
/// was 1.4 MB of a 41 MB config's 1,573 offers). Reads like the dictionary it replaces: by key,
/// and as `(key, value)` pairs.
package struct OfferIndex: Collection, Sendable {
    package typealias Element = (key: String, value: Offer)
    package typealias Index = Dictionary<String, Int>.Index

    private let positions: [String: Int]
    private let offers: [Offer]

    /// The offers of `offers` that have a key, by key (the first of repeated keys).
    init(_ offers: [Offer]) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(offers.count)
        for (position, offer) in offers.enumerated() {
            if let key = offer.key?.value, positions[key] == nil { positions[key] = position }
        }
        self.positions = positions
        self.offers = offers
    }

    package var startIndex: Index { positions.startIndex }
    package var endIndex: Index { positions.endIndex }
    package func index(after index: Index) -> Index { positions.index(after: index) }

    package subscript(position: Index) -> Element {
        let (key, at) = positions[position]
        return (key, offers[at])
    }

    /// The offer of `key`.
    package subscript(key: String) -> Offer? { positions[key].map { offers[$0] } }

    /// The keys.
    package var keys: Dictionary<String, Int>.Keys { positions.keys }

    /// The offers.
    package var values: [Offer] { positions.values.map { offers[$0] } }
}
