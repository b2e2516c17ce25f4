/// A RevenueCat SDK release, `MAJOR.MINOR.PATCH` (purchases-ios `5.20.0`, purchases-android `8.10.0`).
package struct SDKVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The three numbers.
    package let major: Int, minor: Int, patch: Int

    /// A version from its numbers.
    package init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `5.20.0`; `nil` for anything else (no `v`, no pre-release suffix, no missing part): the
    /// compatibility table's ranges are releases, and a guess at what `5.20` means would be one.
    package init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 6, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    /// The form a version is written in, for messages.
    package static let acceptedForm = "MAJOR.MINOR.PATCH, e.g. 5.20.0"

    package var description: String { "\(major).\(minor).\(patch)" }

    package static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

/// The oldest SDK versions still in customers' hands, per platform (`oldest_sdk` in
/// `.customer-center.json`, `--oldest-sdk`; docs/sdk-compatibility.md). A platform left out
/// means today's SDK only.
package struct OldestSDK: Sendable, Hashable {
    /// The oldest purchases-ios in the field, if said.
    package var ios: SDKVersion?
    /// The oldest purchases-android in the field, if said.
    package var android: SDKVersion?

    /// Nothing said: today's SDKs only.
    package init(ios: SDKVersion? = nil, android: SDKVersion? = nil) {
        self.ios = ios
        self.android = android
    }

    /// Whether neither platform is said.
    package var isEmpty: Bool { ios == nil && android == nil }

    /// The oldest version of `platform`, if said.
    package subscript(platform: Platform) -> SDKVersion? {
        get { platform == .ios ? ios : android }
        set { if platform == .ios { ios = newValue } else { android = newValue } }
    }

    /// These, with every platform `other` says taken from it (the command line over the file).
    package func overridden(by other: OldestSDK?) -> OldestSDK {
        OldestSDK(ios: other?.ios ?? ios, android: other?.android ?? android)
    }

    /// What went wrong reading `--oldest-sdk`.
    package struct ParseError: Error, Sendable, Equatable {
        /// The sentence.
        package let message: String
        /// A hint (the accepted form, or "did you mean").
        package let help: String
    }

    /// `ios=5.20.0,android=8.10.0` (either or both, once each).
    package static func parse(_ text: String) -> Result<OldestSDK, ParseError> {
        var result = OldestSDK()
        var seen = Set<Platform>()
        let form = "write PLATFORM=VERSION pairs separated by commas, e.g. 'ios=5.20.0,android=8.10.0' (VERSION: \(SDKVersion.acceptedForm))"
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                return .failure(ParseError(message: "'\(pair)' is not PLATFORM=VERSION", help: form))
            }
            let name = parts[0].trimmingSpaces, versionText = parts[1].trimmingSpaces
            guard let platform = Platform(rawValue: name.lowercased()) else {
                let hint = Suggestion.closest(to: name, among: Platform.allCases.map(\.rawValue)).map { "did you mean '\($0)'? " } ?? ""
                return .failure(ParseError(message: "'\(name)' is not a platform (ios or android)", help: hint + form))
            }
            guard seen.insert(platform).inserted else {
                return .failure(ParseError(message: "'\(platform.rawValue)' is given twice", help: form))
            }
            guard let version = SDKVersion(parsing: versionText) else {
                return .failure(ParseError(message: "'\(versionText)' is not a version for \(platform.rawValue)", help: "expected \(SDKVersion.acceptedForm)"))
            }
            result[platform] = version
        }
        return .success(result)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
