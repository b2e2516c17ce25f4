import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `diff` sees every change customers see (docs/commands.md, `diff`): each shipped example, and a
/// config of each format with every field the examples leave out, changed one leaf at a time (a
/// string, number or boolean) and with one object member at a time removed, is reported, never
/// "no semantic changes"; a member removed that the format or iOS requires is breaking.
@Suite struct DiffMutationTests {
    /// Mutations customers cannot see, each with why, keyed by format, `changed` or `removed`,
    /// and the member's pointer with array positions as `*`.
    static let invisible: [String: String] = [
        // Without `supported`, the locales are those the texts have: here the same two.
        "authoring removed /localization/supported": "the locales the texts have are the ones it lists",
        "authoring removed /support/display_user_details_section": "true is its default",
        "response removed /customer_center/support/display_user_details_section": "true is its default",
        "response removed /customer_center/support/support_tickets/customer_details/email": "false is its default",
        "response changed /customer_center/appearance/mode": "neither SDK reads it",
        "response removed /customer_center/appearance/mode": "neither SDK reads it",
        "response changed /customer_center/localization/supported/*": "neither SDK reads it",
        "response removed /customer_center/localization/supported": "neither SDK reads it",
        "response changed /customer_center/screens/MANAGEMENT/paths/*/feedback_survey/options/*/title_in_default_locale": "neither SDK reads it",
        "response removed /customer_center/screens/MANAGEMENT/paths/*/feedback_survey/options/*/title_in_default_locale": "neither SDK reads it",
        "response changed /customer_center/last_published_app_version": "Android reads it there and never uses it; iOS reads the top level's",
        "response removed /customer_center/last_published_app_version": "Android reads it there and never uses it; iOS reads the top level's",
    ]

    /// An iOS response with a field of every kind the examples leave out.
    static let richResponse = """
        {"last_published_app_version": "2.1.0", "itunes_track_id": 123456,
         "customer_center": {
          "appearance": {"mode": "CUSTOM", "light": {"accent_color": "#112233"}, "dark": {"text_color": "#FFFFFF"}},
          "change_plans": [{"group_id": "g", "group_name": "Plans", "products": [{"product_id": "yearly", "selected": true}]}],
          "last_published_app_version": "2.0.0",
          "localization": {"locale": "en_US", "supported": ["en_US"], "localized_strings": {"contact_support": "Write to us"}},
          "screens": {
            "MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "subtitle": "More help", "paths": [
              {"id": "refund", "type": "REFUND_REQUEST", "title": "Refund", "refund_window": "P30D"},
              {"id": "site", "type": "CUSTOM_URL", "title": "Site", "url": "https://example.com", "open_method": "IN_APP"},
              {"id": "act", "type": "CUSTOM_ACTION", "title": "Act", "action_identifier": "do_it"},
              {"id": "cancel", "type": "CANCEL", "title": "Cancel",
               "promotional_offer": {"ios_offer_id": "stay", "eligible": true, "title": "Stay", "subtitle": "Please",
                                     "product_mapping": {"monthly": "stay_monthly"},
                                     "cross_product_promotions": {"weekly": {"store_offer_identifier": "xp", "target_product_id": "yearly"}}},
               "feedback_survey": {"title": "Why?", "options": [{"id": "price", "title": "Price", "title_in_default_locale": "Price"}]}}]},
            "NO_ACTIVE": {"type": "NO_ACTIVE", "title": "None", "offering": {"type": "SPECIFIC", "offering_id": "main", "button_text": "Buy"},
                          "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title": "Restore"}]}
          },
          "support": {"email": "help@example.com", "should_warn_customer_to_update": false, "display_purchase_history_link": true,
                      "display_user_details_section": true, "display_virtual_currencies": true,
                      "should_warn_customers_about_multiple_subscriptions": true,
                      "support_tickets": {"allow_creation": true, "customer_type": "all", "customer_details": {"app_user_id": true, "email": false}}}
         }}
        """

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

    /// The shipped examples, and a config of each format with the fields they leave out.
    static func documents() throws -> [(name: String, text: String, format: InputFormat)] {
        var documents: [(String, String, InputFormat)] = []
        for (file, format) in [("Examples/customer_center.json", InputFormat.authoring), ("Examples/customer_center.v2.json", .authoring),
                               ("Examples/response.json", .response)] {
            documents.append((file, try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8), format))
        }
        documents.append(("DiffClassificationTests.authoring", DiffClassificationTests.authoring, .authoring))
        documents.append(("richResponse", richResponse, .response))
        return documents
    }

    @Test func everyLeafChangedAndEveryMemberRemovedIsReported() throws {
        var unseen = Set(Self.invisible.keys)
        for (name, text, format) in try Self.documents() {
            let root = try #require(JSONParserHelper.root(SourceFile(path: name, text: text)))
            let mutations = Self.mutations(of: root)
            #expect(mutations.count > 50, "\(name): \(mutations.count) mutations")
            for mutation in mutations {
                let mutated = JSONWriter(sortKeys: false).write(mutation.document)
                let diff = ConfigDiff.compare(SourceFile(path: name, text: text), SourceFile(path: "mutated.json", text: mutated), inputFormat: format)
                let key = "\(format.rawValue) \(mutation.what) \(mutation.pattern)"
                if Self.invisible[key] != nil {
                    unseen.remove(key)
                    #expect(diff.changes.isEmpty, "\(mutation) in \(name) is listed as invisible but reported: \(diff.changes.map(\.message))")
                    continue
                }
                // A document that is no longer a config at all is refused (exit 3): reported too.
                if diff.problem != nil { continue }
                #expect(!diff.changes.isEmpty, "\(mutation) in \(name): no semantic changes")
                if mutation.removal, Self.isRequired(mutation.tokens, format: format) {
                    #expect(diff.hasBreakingChanges, "\(mutation) in \(name) removes a required member: \(diff.changes.map(\.message))")
                }
            }
        }
        #expect(unseen.isEmpty, "listed as invisible but never mutated: \(unseen.sorted())")
    }
}
