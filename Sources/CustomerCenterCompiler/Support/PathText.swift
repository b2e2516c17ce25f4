/// File paths as text, the way reports and baselines compare them.

import JSONSyntax
package enum PathText {
    /// A path with `.` segments and repeated slashes removed (`./a//b.json` → `a/b.json`).
    @Sendable package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? path : joined)
    }
}
