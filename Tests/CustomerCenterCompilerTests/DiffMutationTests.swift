import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `diff` sees every change customers see (docs/commands.md, `diff`): each shipped example, in
/// both formats, changed one leaf at a time (a string, number or boolean) and with one object
/// member at a time removed, is reported, never "no semantic changes"; a member removed that the
/// format or a target SDK requires is breaking.
@Suite struct DiffMutationTests {
    /// Members whose removal customers cannot see, each with why. Keyed by format and the
    /// member's pointer with array positions as `*`.
    static let invisible: [String: String] = [
        // Without `supported`, the locales are those the texts have: here the same two.
        "authoring /localization/supported": "the locales the texts have are the ones it lists",
    ]

    /// One mutation: what was done, where, and the mutated document.
    struct Mutation: CustomStringConvertible {
        var what: String
        var tokens: [String]
        var removal: Bool
        var document: JSONValue
        var description: String { "\(what) /\(tokens.joined(separator: "/"))" }
        /// The pointer with array positions as `*`.
        var pattern: String { "/" + tokens.map { Int($0) != nil ? "*" : $0 }.joined(separator: "/") }
    }

    /// Every leaf changed and every object member removed, one at a time.
    static func mutations(of root: JSONValue) -> [Mutation] {
        var result: [Mutation] = []
        func walk(_ value: JSONValue, _ tokens: [String], _ rebuild: @escaping (JSONValue) -> JSONValue) {
            switch value.kind {
            case .object(let members):
                for (index, member) in members.enumerated() {
                    var without = members
                    without.remove(at: index)
                    result.append(Mutation(what: "removed", tokens: tokens + [member.key], removal: true,
                                           document: rebuild(JSONValue(.object(without), range: value.range))))
                    walk(member.value, tokens + [member.key]) { changed in
                        var copy = members
                        copy[index].value = changed
                        return rebuild(JSONValue(.object(copy), range: value.range))
                    }
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    walk(element, tokens + [String(index)]) { changed in
                        var copy = elements
                        copy[index] = changed
                        return rebuild(JSONValue(.array(copy), range: value.range))
                    }
                }
            case .string(let text):
                result.append(Mutation(what: "changed", tokens: tokens, removal: false, document: rebuild(JSONValue(.string(text + "2"), range: value.range))))
            case .number(let number):
                let next = Int64(number.text).map { String($0 + 1) } ?? number.text + "1"
                result.append(Mutation(what: "changed", tokens: tokens, removal: false, document: rebuild(JSONValue(.number(JSONNumber(text: next)), range: value.range))))
            case .bool(let flag):
                result.append(Mutation(what: "changed", tokens: tokens, removal: false, document: rebuild(JSONValue(.bool(!flag), range: value.range))))
            case .null, .invalid:
                break
            }
        }
        walk(root, []) { $0 }
        return result
    }

    /// Whether the format (authoring) or iOS (a response) requires the member at `tokens`.
    static func isRequired(_ tokens: [String], format: InputFormat) -> Bool {
        guard let name = tokens.last, case .object(let parent)? = SchemaType.root(of: format).descendant(tokens.dropLast()),
              let field = parent.field(name) else { return false }
        return format == .authoring ? field.required : field.ios == .required
    }

    static let examples: [(file: String, format: InputFormat)] = [
        ("Examples/customer_center.json", .authoring), ("Examples/customer_center.v2.json", .authoring), ("Examples/response.json", .response),
    ]

    @Test(arguments: examples.map(\.file))
    func everyLeafChangedAndEveryMemberRemovedIsReported(_ file: String) throws {
        let format = try #require(Self.examples.first { $0.file == file }?.format)
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
        let root = try #require(JSONParserHelper.root(SourceFile(path: file, text: text)))
        let mutations = Self.mutations(of: root)
        #expect(mutations.count > 50, "\(mutations.count) mutations")
        var unseen: Set<String> = Set(Self.invisible.keys.filter { $0.hasPrefix("\(format.rawValue) ") })
        for mutation in mutations {
            let mutated = JSONWriter(sortKeys: false).write(mutation.document)
            let diff = ConfigDiff.compare(SourceFile(path: file, text: text), SourceFile(path: "mutated.json", text: mutated), inputFormat: format)
            let key = "\(format.rawValue) \(mutation.pattern)"
            if Self.invisible[key] != nil {
                unseen.remove(key)
                #expect(diff.changes.isEmpty, "\(mutation) is listed as invisible but reported: \(diff.changes.map(\.message))")
                continue
            }
            // A document that is no longer a config at all is refused (exit 3): reported too.
            if diff.problem != nil { continue }
            #expect(!diff.changes.isEmpty, "\(mutation) in \(file): no semantic changes")
            if mutation.removal, Self.isRequired(mutation.tokens, format: format) {
                #expect(diff.hasBreakingChanges, "\(mutation) removes a required member: \(diff.changes.map(\.message))")
            }
        }
        #expect(unseen.isEmpty, "listed as invisible but never mutated: \(unseen.sorted())")
    }
}
