/// Sets of the library's own `Hashable` types made by generic code that is never specialised.
///
/// Specialised code reaches the storage type of a `Set<Platform>` by its mangled name, and the
/// first such use in a process checks `Platform: Hashable` by scanning every protocol conformance
/// the process has loaded: about 130,000 instructions, a tenth of what a lint adds to a process's
/// start (docs/performance.md "The start"). Generic code is handed the conformance by its caller
/// and makes the storage type from it: nothing is looked up. For the sets every lint makes.
enum SetWithoutLookup {
    /// `Set(elements)`, made without looking up `Element: Hashable`.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    static func make<Element: Hashable>(_ elements: [Element]) -> Set<Element> {
        // Inserted one by one: `Set(elements)` asks at run time whether the array is another
        // kind of collection, a conformance lookup of its own.
        var set = Set<Element>(minimumCapacity: elements.count)
        for element in elements { set.insert(element) }
        return set
    }
}
