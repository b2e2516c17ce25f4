import Foundation
import Testing
@testable import CustomerCenterLanguageServer

@Suite struct DiagnosticsTests {
    @Test(arguments: [PositionEncoding.utf8, .utf16])
    func diagnosticsArePublishedWithExactRangesOnNonASCIILines(_ encoding: PositionEncoding) throws {
        var client = TestClient(encodings: [encoding.rawValue])
        // A malformed placeholder after Japanese text and an emoji on the same line.
        let text = sample.replacingOccurrences(of: "\"ja\": \"ヘルプ 😀\"", with: "\"ja\": \"ヘルプ 😀 {{price}}\"")
        client.open(sampleURI, text)
        let published = client.published()
        #expect(published.count == 1)
        let notification = try #require(published.first)
        #expect(notification["method"] == "textDocument/publishDiagnostics")
        #expect(notification["params"]?["version"] == 1)
        let diagnostics = notification["params"]?["diagnostics"]?.array ?? []
        let placeholder = try #require(diagnostics.first { $0["code"] == "l10n.malformed-placeholder" })
        #expect(Position(placeholder["range"]?["start"]) == position(of: "{{price}}", in: text, encoding: encoding))
        #expect(Position(placeholder["range"]?["end"]) == position(of: "{{price}}", in: text, offset: 9, encoding: encoding))
        #expect(placeholder["source"] == "customer-center")
        let unused = try #require(diagnostics.first { $0["code"] == "ref.unused-string" })
        #expect(unused["tags"] == [1])
        #expect(unused["severity"] == 2)
        let contrast = try #require(diagnostics.first { $0["code"] == "appearance.low-contrast" })
        #expect(contrast["relatedInformation"]?[0]?["location"]?["uri"] == .string(sampleURI))
    }

    @Test func onlyTheNewestVersionIsPublished() {
        var client = TestClient()
        client.open(sampleURI, sample)
        for version in 2...4 {
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": .int(version)],
                                                     "contentChanges": [["text": .string(sample + String(repeating: " ", count: version))]]])
        }
        let published = client.published()
        #expect(published.count == 1)
        #expect(published.first?["params"]?["version"] == 4)
        #expect(client.published().isEmpty)
    }

    @Test func anEditMakesADiagnosticAppearAndAnotherClearsIt() {
        var client = TestClient()
        client.open(sampleURI, sample)
        _ = client.published()
        let at = position(of: "\"restore\"}", in: sample, occurrence: 0)
        let edit: (String, Int) -> Void = { text, version in
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": .int(version)], "contentChanges": [
                ["range": ["start": at.json, "end": Position(line: at.line, character: at.character + 9).json], "text": .string(text)]]])
        }
        edit("\"restor\"", 2)
        let broken = client.published().first?["params"]?["diagnostics"]?.array ?? []
        #expect(broken.contains { $0["code"] == "ref.unresolved-string" })
        edit("\"restore\"", 3)
        let fixed = client.published().first?["params"]?["diagnostics"]?.array ?? []
        #expect(!fixed.contains { $0["code"] == "ref.unresolved-string" })
    }

    @Test func aClientThatPullsGetsNoPushes() {
        var client = TestClient(capabilities: ["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        client.open(sampleURI, sample)
        #expect(client.published().isEmpty)
        let report = client.result("textDocument/diagnostic", ["textDocument": TestClient.document(sampleURI)])
        #expect(report["kind"] == "full")
        #expect(report["items"]?.array?.contains { $0["code"] == "ref.unused-string" } == true)
    }

    @Test func theConfigurationFileAppliesAndIsWatched() {
        let configuration = "/work/app/.customer-center.json"
        var client = TestClient(files: [configuration: #"{"rules": {"ref.unused-string": "off"}}"#],
                                capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        #expect(client.received.contains { $0["method"] == "client/registerCapability" })
        client.open(sampleURI, sample)
        let codes = { (published: [JSON]) in (published.first?["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string } }
        #expect(!codes(client.published()).contains("ref.unused-string"))
        // The file changes on disk; the client says so; the document is linted again under it.
        client.fileBox.files[configuration] = Array(#"{"rules": {"appearance.low-contrast": "off"}}"#.utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string("file://" + configuration), "type": 2]]])
        let after = codes(client.published())
        #expect(after.contains("ref.unused-string"))
        #expect(!after.contains("appearance.low-contrast"))
        // Opened and edited in the editor, it wins over the disk.
        client.open("file://" + configuration, #"{"rules": {"ref.unused-string": "off", "appearance.low-contrast": "off"}}"#)
        let published = client.published()
        let document = published.first { $0["params"]?["uri"] == .string(sampleURI) }
        #expect(document != nil)
        #expect(!((document?["params"]?["diagnostics"]?.array ?? []).contains { $0["code"] == "ref.unused-string" }))
    }

    /// The run's rule for what a folder holds: a JSON Schema or problem matcher named like a
    /// config, and a file the configuration excludes, get no diagnostics.
    @Test func documentsThatAreNotConfigsAreNotServed() {
        var client = TestClient()
        func diagnostics(_ uri: String) -> [JSON]? {
            client.published().last { $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array
        }
        client.open("file:///work/app/customer-center.schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {}}"#)
        #expect(diagnostics("file:///work/app/customer-center.schema.json")?.isEmpty == true)
        client.open("file:///work/app/customer_center.json", "{\"screens\": {}}")
        #expect(diagnostics("file:///work/app/customer_center.json")?.isEmpty == false, "a config is served")
        client.open("file:///work/app/.customer-center.json", #"{"exclude": ["legacy/**"]}"#)
        _ = client.published()
        client.open("file:///work/app/legacy/customer_center.json", "{\"screens\": {}}")
        #expect(diagnostics("file:///work/app/legacy/customer_center.json")?.isEmpty == true)
    }

    @Test func theConfigurationFileItselfIsChecked() {
        var client = TestClient()
        let uri = "file:///work/app/.customer-center.json"
        client.open(uri, #"{"rules": {"ref.unused-strin": "off"}}"#)
        let diagnostics = client.published().first?["params"]?["diagnostics"]?.array ?? []
        #expect(diagnostics.first?["code"] == "schema.unknown-field")
        // Hover on a rule id explains the rule.
        let hover = client.result("textDocument/hover", TestClient.at(uri, Position(line: 0, character: 14)))
        #expect(hover == .null, "not a rule id")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": #"{"rules": {"ref.unused-string": "off"}}"#]]])
        let explained = client.result("textDocument/hover", TestClient.at(uri, Position(line: 0, character: 14)))
        #expect(explained["contents"]?["value"]?.string?.contains("ref.unused-string") == true)
    }
}

@Suite struct NavigationTests {
    static func client() -> TestClient {
        var client = TestClient(encodings: ["utf-16"])
        client.open(sampleURI, sample)
        return client
    }

    @Test func definitionOfAKeyAndOfAnOffer() {
        var client = Self.client()
        let reference = position(of: "\"restore\"}", in: sample, offset: 2)
        let definition = client.result("textDocument/definition", TestClient.at(sampleURI, reference))
        #expect(Position(definition["range"]?["start"]) == position(of: "\"restore\": {", in: sample))
        let offer = client.result("textDocument/definition", TestClient.at(sampleURI, position(of: "\"stay\"}", in: sample, offset: 1)))
        #expect(Position(offer["range"]?["start"]) == position(of: "\"stay\": {", in: sample))
        #expect(client.result("textDocument/definition", TestClient.at(sampleURI, Position(line: 0, character: 0))) == .null)
    }

    @Test func referencesListEveryUse() {
        var client = Self.client()
        let at = TestClient.at(sampleURI, position(of: "\"restore\": {", in: sample, offset: 1)).merging(["context": ["includeDeclaration": true]])
        let places = client.result("textDocument/references", at).array ?? []
        #expect(places.count == 3)  // the definition and two uses
        let without = client.result("textDocument/references", at.merging(["context": ["includeDeclaration": false]])).array ?? []
        #expect(without.count == 2)
    }

    @Test func renameChangesTheKeyEverywhereAndRefusesWhatItMust() throws {
        var client = Self.client()
        let at = TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3))
        let prepared = client.result("textDocument/prepareRename", at)
        #expect(prepared["placeholder"] == "restore")
        let edit = client.result("textDocument/rename", at.merging(["newName": "restore_purchase_title"]))
        let edits = try #require(edit["changes"]?[sampleURI]?.array)
        #expect(edits.count == 3)
        let renamed = applying(edits, to: sample)
        #expect(!renamed.contains("\"restore\"}") && renamed.contains("\"title_key\": \"restore_purchase_title\""))
        var after = TestClient()
        after.open(sampleURI, renamed)
        let codes = (after.published().first?["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string }
        #expect(!codes.contains("ref.unresolved-string"))
        // A name in use.
        let taken = client.request("textDocument/rename", at.merging(["newName": "title"]))
        #expect(taken["error"]?["message"]?.string?.contains("already defined") == true)
        // A built-in key the SDKs read.
        let builtIn = sample.replacingOccurrences(of: "\"unused\"", with: "\"contact_support\"")
        var other = TestClient()
        other.open(sampleURI, builtIn)
        let refusal = other.request("textDocument/rename", TestClient.at(sampleURI, position(of: "\"contact_support\"", in: builtIn, offset: 2)).merging(["newName": "x"]))
        #expect(refusal["error"]?["message"]?.string?.contains("SDKs read") == true)
        #expect(other.result("textDocument/prepareRename", TestClient.at(sampleURI, position(of: "\"contact_support\"", in: builtIn, offset: 2))) == .null)
    }

    @Test func documentSymbolsNestScreensPathsAndOptions() {
        var client = Self.client()
        let symbols = client.result("textDocument/documentSymbol", ["textDocument": TestClient.document(sampleURI)]).array ?? []
        #expect(symbols.map { $0["name"]?.string ?? "" } == ["screens", "promotional_offers", "localized_strings"])
        let screens = symbols[0]["children"]?.array ?? []
        #expect(screens.map { $0["name"]?.string ?? "" } == ["MANAGEMENT", "NO_ACTIVE"])
        #expect((screens[0]["children"]?.array ?? []).map { $0["name"]?.string ?? "" } == ["restore", "cancel"])
        #expect((symbols[2]["children"]?.array ?? []).count == 4)
        // Every selection range lies within its range.
        func check(_ symbol: JSON) {
            let range = (Position(symbol["range"]?["start"])!, Position(symbol["range"]?["end"])!)
            let selection = (Position(symbol["selectionRange"]?["start"])!, Position(symbol["selectionRange"]?["end"])!)
            #expect(range.0 <= selection.0 && selection.1 <= range.1, "\(symbol["name"] ?? .null)")
            for child in symbol["children"]?.array ?? [] { check(child) }
        }
        symbols.forEach(check)
    }
}

@Suite struct HoverAndCompletionTests {
    @Test func hoverOnAKeyShowsEveryLocaleAndItsFallback() {
        var client = NavigationTests.client()
        let hover = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 3)))
        let text = hover["contents"]?["value"]?.string ?? ""
        #expect(text.contains("| de | Wiederherstellen |"))
        #expect(text.contains("| ja | Restore *(missing: falls back to en)* |"))
        #expect(text.contains("Used as"))
    }

    @Test func hoverOnAnOfferSaysItInWords() {
        var client = NavigationTests.client()
        let hover = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"stay\"}", in: sample, offset: 2)))
        let text = hover["contents"]?["value"]?.string ?? ""
        #expect(text.contains("first seen more than 2 weeks ago"))
        #expect(text.contains("path 'cancel'"))
        #expect(text.contains("`stay`"))
    }

    @Test func hoverOnAColourGivesItsContrast() {
        var client = NavigationTests.client()
        let hover = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"#777777\"", in: sample, offset: 3)))
        let text = hover["contents"]?["value"]?.string ?? ""
        #expect(text.contains("4.48:1") && text.contains("fails WCAG AA"))
    }

    static func labels(_ result: JSON) -> [String] { (result["items"]?.array ?? []).compactMap { $0["label"]?.string } }

    @Test func completionOffersKeysOffersEnumsLocalesAndFields() {
        var client = NavigationTests.client()
        let keys = Self.labels(client.result("textDocument/completion", TestClient.at(sampleURI, position(of: "\"restore\"}", in: sample, offset: 1))))
        #expect(keys == ["title", "restore", "unused", "offer_title"])
        let offers = Self.labels(client.result("textDocument/completion", TestClient.at(sampleURI, position(of: "\"stay\"}", in: sample, offset: 1))))
        #expect(offers == ["stay"])
        let types = Self.labels(client.result("textDocument/completion", TestClient.at(sampleURI, position(of: "\"CANCEL\"", in: sample, offset: 1))))
        #expect(types.contains("CUSTOM_URL") && types.contains("MISSING_PURCHASE"))
        let locales = Self.labels(client.result("textDocument/completion", TestClient.at(sampleURI, position(of: "\"de\": \"Wiederherstellen\"", in: sample, offset: 1))))
        #expect(Array(locales.prefix(2)) == ["de", "ja"], "the config's locales first; the key's other locales are not offered")
        #expect(!locales.contains("en") && locales.contains("fr"))
        // A new member of a path, its quotes typed: the fields the path does not have yet.
        let typing = sample.replacingOccurrences(of: "\"title_key\": \"restore\"}", with: "\"title_key\": \"restore\", \"\"}")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": 2], "contentChanges": [["text": .string(typing)]]])
        let fields = Self.labels(client.result("textDocument/completion", TestClient.at(sampleURI, position(of: "\"\"}", in: typing, offset: 1))))
        #expect(fields.contains("url") && fields.contains("feedback_survey") && !fields.contains("id") && !fields.contains("title_key"))
    }
}

@Suite struct EditingTests {
    @Test func everyFixIsAQuickFixThatRemovesItsFinding() throws {
        var client = TestClient()
        let text = sample.replacingOccurrences(of: "\"CANCEL\"", with: "\"cancel\"")
        client.open(sampleURI, text)
        let at = position(of: "\"cancel\", \"title_key\"", in: text, offset: 2)
        let actions = client.result("textDocument/codeAction", ["textDocument": TestClient.document(sampleURI),
                                                                 "range": ["start": at.json, "end": at.json], "context": ["diagnostics": []]]).array ?? []
        let fix = try #require(actions.first { $0["kind"] == "quickfix" && $0["diagnostics"]?[0]?["code"] == "schema.enum-value" })
        let fixed = applying(fix["edit"]?["changes"]?[sampleURI]?.array ?? [], to: text)
        #expect(fixed == sample)
    }

    @Test func fixAllAppliesTheSafeFixes() throws {
        var client = TestClient()
        let text = sample.replacingOccurrences(of: "\"support\": {\"email\": \"help@example.com\"}", with: "\"support\": {\"email\": \" help@example.com \"},")
        client.open(sampleURI, text)
        let actions = client.result("textDocument/codeAction", ["textDocument": TestClient.document(sampleURI),
                                                                 "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                                                                 "context": ["diagnostics": [], "only": ["source.fixAll"]]]).array ?? []
        #expect(actions.count == 1)
        let fixed = applying(actions[0]["edit"]?["changes"]?[sampleURI]?.array ?? [], to: text)
        #expect(fixed == sample)
    }

    @Test func createTheMissingKeyAndAddTheMissingTranslations() throws {
        var client = TestClient()
        let text = sample.replacingOccurrences(of: "\"title_key\": \"restore\"}", with: "\"title_key\": \"restore_now\"}")
        client.open(sampleURI, text)
        let at = position(of: "\"restore_now\"", in: text, offset: 2)
        let actions = client.result("textDocument/codeAction", ["textDocument": TestClient.document(sampleURI), "range": ["start": at.json, "end": at.json], "context": ["diagnostics": []]]).array ?? []
        let create = try #require(actions.first { $0["title"]?.string?.hasPrefix("Create the key") == true })
        let created = applying(create["edit"]?["changes"]?[sampleURI]?.array ?? [], to: text)
        #expect(created.contains(#""restore_now": {"en": ""}"#))
        var check = TestClient()
        check.open(sampleURI, created)
        let codes = (check.published().first?["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string }
        #expect(!codes.contains("ref.unresolved-string") && !codes.contains("json.syntax"))
        // `restore` has no Japanese text: add it, as the default-locale text to translate.
        let missing = position(of: "\"restore\": {", in: sample, offset: 2)
        var original = TestClient()
        original.open(sampleURI, sample)
        let more = original.result("textDocument/codeAction", ["textDocument": TestClient.document(sampleURI), "range": ["start": missing.json, "end": missing.json], "context": ["diagnostics": []]]).array ?? []
        let add = try #require(more.first { $0["title"]?.string?.hasPrefix("Add ja") == true })
        let added = applying(add["edit"]?["changes"]?[sampleURI]?.array ?? [], to: sample)
        #expect(added.contains(#""restore": {"en": "Restore", "de": "Wiederherstellen", "ja": "Restore"}"#))
    }

    @Test func ignoreThisFindingEditsOrCreatesTheConfigurationFile() throws {
        let configuration = "/work/app/.customer-center.json"
        var client = TestClient(files: [configuration: "{\n  \"platforms\": [\"ios\"]\n}\n"])
        client.open(sampleURI, sample)
        let at = position(of: "\"unused\"", in: sample, offset: 2)
        let request: JSON = ["textDocument": TestClient.document(sampleURI), "range": ["start": at.json, "end": at.json], "context": ["diagnostics": []]]
        let actions = client.result("textDocument/codeAction", request).array ?? []
        let ignore = try #require(actions.first { $0["title"]?.string?.hasPrefix("Ignore this ref.unused-string") == true })
        let edits = try #require(ignore["edit"]?["changes"]?["file://" + configuration]?.array)
        let updated = applying(edits, to: "{\n  \"platforms\": [\"ios\"]\n}\n")
        #expect(updated.contains(#""ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/unused", "file": "customer_center.json"}]"#))
        // With that configuration on disk, the finding is gone.
        client.fileBox.files[configuration] = Array(updated.utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string("file://" + configuration), "type": 2]]])
        let codes = (client.published().first?["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string }
        #expect(!codes.contains("ref.unused-string"))
        // No configuration file and a client that can create files: one is created.
        var fresh = TestClient(capabilities: ["workspace": ["workspaceEdit": ["resourceOperations": ["create"]]]])
        fresh.open(sampleURI, sample)
        let created = fresh.result("textDocument/codeAction", request).array?.first { $0["title"]?.string?.hasPrefix("Ignore") == true }
        #expect(created?["edit"]?["documentChanges"]?[0]?["kind"] == "create")
    }

    @Test func formattingIsTheFormatCommandsOutput() {
        var client = TestClient()
        let messy = "{\"screens\":{},\n\"localization\":{\"default\":\"en\",\"localized_strings\":{}}}"
        client.open(sampleURI, messy)
        let edits = client.result("textDocument/formatting", ["textDocument": TestClient.document(sampleURI), "options": ["tabSize": 2, "insertSpaces": true]]).array ?? []
        #expect(edits.count == 1)
        let formatted = applying(edits, to: messy)
        #expect(formatted.hasPrefix("{\n  \"localization\""))
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(sampleURI), "version": 2], "contentChanges": [["text": .string(formatted)]]])
        #expect(client.result("textDocument/formatting", ["textDocument": TestClient.document(sampleURI), "options": [:]]) == [])
    }

    @Test func inlayHintsShowTheDefaultText() {
        var client = NavigationTests.client()
        let hints = client.result("textDocument/inlayHint", ["textDocument": TestClient.document(sampleURI),
                                                             "range": ["start": ["line": 0, "character": 0], "end": ["line": 99, "character": 0]]]).array ?? []
        let labels = hints.compactMap { $0["label"]?.string }
        #expect(labels.contains("“Restore”") && labels.contains("“Stay”"))
        let first = hints.first { $0["label"] == "“Restore”" }
        #expect(Position(first?["position"]) == position(of: "\"restore\"}", in: sample, offset: 9))
    }

    @Test func coloursHaveSwatchesAndPresentations() throws {
        var client = NavigationTests.client()
        let colors = client.result("textDocument/documentColor", ["textDocument": TestClient.document(sampleURI)]).array ?? []
        #expect(colors.count == 4)
        let grey = try #require(colors.first)
        #expect(grey["color"]?["red"] == .double(Double(0x77) / 255))
        let presentations = client.result("textDocument/colorPresentation", ["textDocument": TestClient.document(sampleURI),
                                                                              "color": ["red": 1, "green": 0, "blue": 0, "alpha": 0.5],
                                                                              "range": grey["range"]!]).array ?? []
        #expect(presentations.first?["label"] == "#FF000080")
        let recoloured = applying([presentations[0]["textEdit"]!], to: sample)
        #expect(recoloured.contains(##""text_color": "#FF000080""##))
    }
}

@Suite struct OutOfRangeRequestTests {
    @Test func positionsPastALineOrInsideASurrogatePairAnswerSanely() {
        var client = TestClient(encodings: ["utf-16"])
        client.open(sampleURI, sample)
        let emoji = position(of: "😀", in: sample)
        // Inside the emoji's surrogate pair, past the end of a line, past the end of the file.
        for at in [Position(line: emoji.line, character: emoji.character + 1), Position(line: 2, character: 10_000), Position(line: 10_000, character: 3)] {
            let params = TestClient.at(sampleURI, at)
            #expect(client.request("textDocument/hover", params)["error"] == nil)
            #expect(client.request("textDocument/definition", params)["error"] == nil)
            #expect(client.request("textDocument/completion", params)["error"] == nil)
            #expect(client.request("textDocument/references", params.merging(["context": ["includeDeclaration": true]]))["error"] == nil)
        }
        // The Japanese text's hover still points at the right characters afterwards.
        #expect(client.server.editor.store[sampleURI]?.text == sample)
        let hover = client.result("textDocument/hover", TestClient.at(sampleURI, position(of: "\"title\"", in: sample, occurrence: 1, offset: 2)))
        #expect(hover["contents"]?["value"]?.string?.contains("ヘルプ 😀") == true)
    }
}

@Suite struct PullRefreshTests {
    @Test func aConfigurationChangeAsksAPullingClientToPullAgain() {
        let configuration = "/work/app/.customer-center.json"
        var client = TestClient(files: [configuration: "{}"],
                                capabilities: ["textDocument": ["diagnostic": [:]], "workspace": ["diagnostics": ["refreshSupport": true]]])
        client.open(sampleURI, sample)
        #expect(client.published().isEmpty)
        client.fileBox.files[configuration] = Array(#"{"rules": {"ref.unused-string": "off"}}"#.utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string("file://" + configuration), "type": 2]]])
        let out = client.published()
        #expect(out.first?["method"] == "workspace/diagnostic/refresh")
        let report = client.result("textDocument/diagnostic", ["textDocument": TestClient.document(sampleURI)])
        #expect(report["items"]?.array?.contains { $0["code"] == "ref.unused-string" } == false)
    }
}
