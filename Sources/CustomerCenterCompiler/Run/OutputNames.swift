import PlatformLayer

/// How the relative paths of an output folder compare (`compile --out-dir`: a payload written, a
/// payload a manifest lists): exactly, unless the volume says it does not tell names apart by case
/// (macOS's APFS and HFS+ by default). There a payload renamed only by case (`de-de` becomes
/// `de-DE`) is the same file as before: the new set replaces it rather than reporting it as a
/// stale payload of its own.
package enum OutputNames {
    /// Whether names in `folder` differ by case; when the volume cannot say, they do (the
    /// careful answer: at worst a stale payload named, never a file taken for another).
    package static func caseSensitive(in folder: String) -> Bool {
        OS.namesAreCaseSensitive(in: folder) ?? true
    }

    /// Whether `first` and `second` name the same entry of a folder whose names are
    /// `caseSensitive` or not.
    package static func same(_ first: String, _ second: String, caseSensitive: Bool) -> Bool {
        caseSensitive ? first == second : first.lowercased() == second.lowercased()
    }
}
