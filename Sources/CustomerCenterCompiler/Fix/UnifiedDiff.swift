/// A unified diff of two texts by lines (`--fix-dry-run`), as `diff -u` prints it.

import JSONSyntax
package enum UnifiedDiff {
    /// The diff of `old` and `new`; empty when they are equal.
    package static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        let script = editScript(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Group changes with `context` lines around them into hunks; changes closer than
        // 2 × context lines share one.
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            let start = max(0, index - context)
            var lastChange = index
            var cursor = index
            while cursor < script.count, cursor - lastChange <= 2 * context {
                if script[cursor].kind != .same { lastChange = cursor }
                cursor += 1
            }
            let end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            let oldStart = hunk.first(where: { $0.kind != .insert })?.oldLine ?? hunk.first?.oldLine ?? 0
            let newStart = hunk.first(where: { $0.kind != .delete })?.newLine ?? hunk.first?.newLine ?? 0
            out += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
            for line in hunk {
                switch line.kind {
                case .same: out += " " + line.text + "\n"
                case .delete: out += "-" + line.text + "\n"
                case .insert: out += "+" + line.text + "\n"
                }
            }
            index = end
        }
        return out
    }

    struct Line {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: String
        /// Lines of the old (new) text before this one.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Myers' O(ND) shortest edit script.
    static func editScript(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count, m = b.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            // The trace costs D × (N + M) integers: past a bound (huge files with many changes),
            // show the change as one hunk rather than use unbounded memory.
            if (d + 1) * v.count > 8_000_000 {
                return a.enumerated().map { Line(kind: .delete, text: $1, oldLine: $0, newLine: 0) }
                    + b.enumerated().map { Line(kind: .insert, text: $1, oldLine: n, newLine: $0) }
            }
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? v[k + 1 + max] : v[k - 1 + max] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[k + max] = x
                if x >= n, y >= m { trace.append(v); break outer }
            }
        }
        // Walk the trace back.
        var script: [Line] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? k + 1 : k - 1
            let previousX = v[previousK + max], previousY = previousX - previousK
            while x > previousX, y > previousY {
                script.append(Line(kind: .same, text: a[x - 1], oldLine: x - 1, newLine: y - 1))
                x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX {
                    script.append(Line(kind: .insert, text: b[y - 1], oldLine: x, newLine: y - 1))
                } else {
                    script.append(Line(kind: .delete, text: a[x - 1], oldLine: x - 1, newLine: y))
                }
            }
            x = previousX; y = previousY
        }
        return script.reversed()
    }
}
