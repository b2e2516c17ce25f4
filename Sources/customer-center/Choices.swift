import CustomerCenterCompiler

enum InputFormatChoice: String, CaseIterable {
    case authoring, response, auto

    var format: InputFormat? {
        switch self {
        case .authoring: return .authoring
        case .response: return .response
        case .auto: return nil
        }
    }
}

enum PlatformChoice: String, CaseIterable {
    case ios, android, all

    var platforms: Set<Platform> {
        switch self {
        case .ios: return [.ios]
        case .android: return [.android]
        case .all: return Set(Platform.allCases)
        }
    }
}

/// `1 finding`, `2 findings`.
func countText(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
