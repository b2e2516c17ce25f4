/// A path pattern of the configuration file's `include` / `exclude` (docs/configuration.md), matched against
/// a path relative to the configuration file's folder, `/`-separated: `*` is any run of
/// characters within one segment, `?` one character, `[abc]` one of a set, `**` any number of
/// whole segments (`**/customer_center*.json`, `configs/**`). A pattern without a `/` matches
/// the file name at any depth, as `.gitignore` does.

import JSONSyntax
package struct Glob: Sendable, Equatable {
    /// The pattern as written.
    package let pattern: String
    private let segments: [Substring]

    /// Reads a pattern (a leading `./` or `/` is dropped).
    package init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        if text.hasPrefix("/") { text = text.dropFirst() }
        var segments = text.split(separator: "/", omittingEmptySubsequences: true)
        if !pattern.contains("/") { segments.insert("**", at: 0) }
        if text.hasSuffix("/") { segments.append("**") }
        self.segments = segments
    }

    /// Whether `path` (relative, `/`-separated) matches.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(Array(first.utf8)[...], Array(segment.utf8)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One segment: `*`, `?` and `[...]` over bytes (a name is compared as its UTF-8).
    private static func matchSegment(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: (p: Int, n: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex {
                switch pattern[p] {
                case UInt8(ascii: "*"):
                    star = (p, n)
                    p += 1
                    continue
                case UInt8(ascii: "?"):
                    p += 1
                    n += 1
                    continue
                case UInt8(ascii: "["):
                    if let (matched, next) = matchClass(pattern, at: p, byte: name[n]) {
                        if matched {
                            p = next
                            n += 1
                            continue
                        }
                    } else if pattern[p] == name[n] {
                        p += 1
                        n += 1
                        continue
                    }
                default:
                    if pattern[p] == name[n] {
                        p += 1
                        n += 1
                        continue
                    }
                }
            }
            guard let resume = star else { return false }
            star = (resume.p, resume.n + 1)
            p = resume.p + 1
            n = resume.n + 1
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// `[abc]`, `[a-z]`, `[!abc]` at `start`: whether `byte` is in it and where the class ends;
    /// `nil` when the `[` opens no class (it is then a literal).
    private static func matchClass(_ pattern: ArraySlice<UInt8>, at start: Int, byte: UInt8) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.endIndex, pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.endIndex {
            let current = pattern[index]
            if current == UInt8(ascii: "]"), !first { return (matched != negated, index + 1) }
            first = false
            if index + 2 < pattern.endIndex, pattern[index + 1] == UInt8(ascii: "-"), pattern[index + 2] != UInt8(ascii: "]") {
                if current <= pattern[index + 2], (current...pattern[index + 2]).contains(byte) { matched = true }
                index += 3
            } else {
                if current == byte { matched = true }
                index += 1
            }
        }
        return nil
    }
}
