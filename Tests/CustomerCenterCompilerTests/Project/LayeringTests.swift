import Foundation
import Testing
import JSONSyntax

/// Which way dependencies point (docs/design.md): a folder of the library may name the types of the
/// folders below it, never those above. The check reads the sources: a type declared at the top
/// level of one folder and named (outside comments and string literals, in an interpolation's code
/// too) in a file of a folder that may not see it is a violation, reported with both places.
@Suite struct LayeringTests {
    /// Each folder and the folders it may use. `Run` is the top floor (the Workspace, its jobs and
    /// the run log): it composes the rest, and only the CLI, the language server and the tests name it.
    static let allowed: [String: Set<String>] = {
        let base: Set<String> = ["Support"]
        let source = base.union(["Source"])
        let diagnostics = source.union(["Diagnostics"])
        // The rules that the parser, the decoders, the configuration file and the preview report:
        // descriptors and messages only, so every stage above the diagnostics may name them.
        let reported = diagnostics.union(reportedRuleFolders)
        let model = reported.union(["Model"])
        let schema = model.union(["Schema"])
        let decode = schema.union(["Decode"])
        let resolve = decode.union(["Resolve"])
        return [
            "Support": base, "Source": source, "Diagnostics": diagnostics, "Model": model,
            "Rules/Syntax": diagnostics, "Rules/Schema": diagnostics, "Rules/Compatibility": diagnostics,
            "Rules/Preview": diagnostics, "Rules/Configuration": diagnostics,
            "Schema": schema, "Decode": decode, "Resolve": resolve,
            // Stand on the model and its resolution, never on rules, each other or the renderers.
            "Rules": resolve, "Compile": resolve, "Format": resolve, "Diff": resolve, "Init": resolve,
            // Shows what `compile` produces.
            "Preview": resolve.union(["Compile"]),
            // Knows diagnostics and nothing of the model.
            "Render": diagnostics,
            // The lint pipeline of one file and the configuration file: everything but the run.
            "Lint": resolve.union(["Rules", "Render"]),
            // Fixes re-lint: the pipeline, not the run.
            "Fix": resolve.union(["Rules", "Lint", "Render"]),
            // Translation files: the model, the l10n rules' checks, the pipeline's decoding, the
            // preview's limits and the fixes' diff; the run writes what they produce.
            "Strings": resolve.union(["Rules", "Lint", "Render", "Fix", "Compile", "Preview"]),
            // The run (docs/design.md) composes everything; nothing names it but the CLI,
            // the language server and the tests.
            "Run": resolve.union(["Rules", "Lint", "Fix", "Compile", "Render", "Format", "Diff", "Preview", "Init", "Schema", "Strings"]),
        ]
    }()

    /// Folders of `Rules/` that stand beside the diagnostics rather than on the resolved model.
    static let reportedRuleFolders: Set<String> = ["Rules/Syntax", "Rules/Schema", "Rules/Compatibility", "Rules/Preview", "Rules/Configuration"]

    static let library = TestPaths.packageRoot.appendingPathComponent("Sources/CustomerCenterCompiler")

    /// Every Swift file of the library by folder, with comments and string literals blanked.
    static func sources() throws -> [(folder: String, file: String, text: String)] {
        let manager = FileManager.default
        var result: [(String, String, String)] = []
        for folder in try manager.contentsOfDirectory(atPath: library.path).sorted() {
            let url = library.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: url.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                let subfolder = name.split(separator: "/").dropLast().first.map { "\(folder)/\($0)" }
                let layer = subfolder.flatMap { reportedRuleFolders.contains($0) ? $0 : nil } ?? folder
                result.append((layer, "\(folder)/\(name)", text))
            }
        }
        return result
    }

    /// The code of a Swift file: comments and string literals blanked (names in messages and
    /// examples are not dependencies), the code of their interpolations kept (`"\(Linter.x)"` is).
    static func blankingCommentsAndStrings(_ text: String) -> String {
        var reader = CodeReader(characters: Array(text))
        reader.readCode(untilParenthesis: false)
        return reader.code
    }

    /// Reads Swift text by hand: line and block comments, string literals (`"`, `"""`, raw with any
    /// number of `#`), escapes, and interpolations that may hold strings of their own.
    struct CodeReader {
        let characters: [Character]
        var index = 0
        var code = ""

        func at(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        /// Code up to the end, or (in an interpolation) to its closing parenthesis.
        mutating func readCode(untilParenthesis: Bool) {
            var depth = 0
            while let character = at(0) {
                if character == "/", at(1) == "/" {
                    while let next = at(0), next != "\n" { index += 1 }
                    continue
                }
                if character == "/", at(1) == "*" {
                    skipBlockComment()
                    continue
                }
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                if at(hashes) == "\"" {
                    let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                    index += hashes + (multiline ? 3 : 1)
                    code.append(" ")
                    readString(hashes: hashes, multiline: multiline)
                    continue
                }
                if untilParenthesis, character == "(" { depth += 1 }
                if untilParenthesis, character == ")" {
                    if depth == 0 { index += 1; return }
                    depth -= 1
                }
                code.append(character)
                index += 1
            }
        }

        mutating func skipBlockComment() {
            var depth = 0
            while let character = at(0) {
                if character == "/", at(1) == "*" { depth += 1; index += 2; continue }
                if character == "*", at(1) == "/" {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                    continue
                }
                if character == "\n" { code.append("\n") }
                index += 1
            }
        }

        /// A literal's text, blanked, from after its opening quote to after its closing one.
        mutating func readString(hashes: Int, multiline: Bool) {
            let quotes = multiline ? 3 : 1
            while let character = at(0) {
                if character == "\\" {
                    var escapeHashes = 0
                    while escapeHashes < hashes, at(1 + escapeHashes) == "#" { escapeHashes += 1 }
                    if escapeHashes == hashes {
                        if at(1 + hashes) == "(" {
                            index += 2 + hashes
                            code.append(" ")
                            readCode(untilParenthesis: true)
                            code.append(" ")
                        } else {
                            index += 2 + hashes  // an escaped character, `\\"` included
                        }
                        continue
                    }
                }
                if character == "\"", (0..<quotes).allSatisfy({ at($0) == "\"" }),
                   (0..<hashes).allSatisfy({ at(quotes + $0) == "#" }) {
                    index += quotes + hashes
                    return
                }
                if character == "\n" { code.append("\n") }
                index += 1
            }
        }
    }

    /// Types declared at the top level of a file (nested types share names across folders).
    static func topLevelTypes(_ text: String) -> [String] {
        let pattern = try! Regex(#"(?m)^(?:public |package |internal |fileprivate )?(?:final |indirect )?(?:struct|enum|class|protocol|actor|typealias) ([A-Z][A-Za-z0-9]*)"#)
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    @Test func noFolderNamesATypeOfAFolderAboveIt() throws {
        let files = try Self.sources()
        #expect(files.count > 50, "found the library's sources")
        var home: [String: String] = [:]
        for file in files {
            for type in Self.topLevelTypes(file.text) { home[type] = file.folder }
        }
        #expect(home["RuleDescriptor"] == "Diagnostics")
        #expect(home["Workspace"] == "Run" && home["RunLog"] == "Run")
        #expect(Self.allowed.keys.contains("Run") && Self.allowed.values.allSatisfy { $0 == Self.allowed["Run"] || !$0.contains("Run") },
                "only the run itself sees the run")
        var violations: [String] = []
        for file in files {
            guard let allowed = Self.allowed[file.folder] else { continue }
            let code = Self.blankingCommentsAndStrings(file.text)
            let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            for (type, folder) in home where folder != file.folder && !allowed.contains(folder) && words.contains(type) {
                violations.append("\(file.file) names \(type) (\(folder))")
            }
        }
        #expect(violations.sorted() == [])
    }

    /// The check itself: a file of `Compile/` that named the linter would be caught.
    @Test func theCheckSeesAnUpwardName() {
        let code = Self.blankingCommentsAndStrings(#"let x = Linter.analyze(source) // Render"# + "\n" + #"let y = "RuleCatalog""#)
        let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        #expect(words.contains("Linter"))
        #expect(!words.contains("Render"))
        #expect(!words.contains("RuleCatalog"))
    }

    /// An interpolation is code wherever its string is: in a plain, multi-line or raw literal, nested
    /// in another interpolation's string; what is around it, and escaped quotes, stay text.
    @Test func theCheckReadsInterpolations() {
        let source = ##"""
            let a = "found \(Linter.count) in \"Render\" /* Fix */"
            let b = """
                "Preview" \(Policy.name("\(Workspace.x) Strings"))
                """
            let c = #"Compile \#(RunLog.y) \(Format)"#
            /* Diff "\(Init)" */ let d = 1
            """##
        let code = Self.blankingCommentsAndStrings(source)
        let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        for name in ["Linter", "Policy", "Workspace", "RunLog", "a", "d"] { #expect(words.contains(name), "\(name)") }
        for name in ["found", "Render", "Fix", "Preview", "Strings", "Compile", "Format", "Diff", "Init"] {
            #expect(!words.contains(name), "\(name)")
        }
        #expect(code.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
    }
}
