/// The units a translation file holds (`strings export`, `strings import`): one per localized
/// string key, the default locale's text as source and one locale's text as target.

import JSONSyntax
/// The translation file formats (docs/translation.md).
package enum StringsFormat: String, Sendable, CaseIterable {
    /// XLIFF 1.2, the version Xcode and translation management systems exchange.
    case xliff
    /// A gettext PO file (`msgctxt` = key, `msgid` = source, `msgstr` = target).
    case po

    /// The file name extension of an exported file.
    package var fileExtension: String { self == .xliff ? "xlf" : "po" }
}

/// What a locale has for a key, as the SDKs would look it up.
package enum UnitState: Sendable, Equatable {
    /// The locale's own, non-empty text.
    case translated
    /// No text of its own, nor one of its language: customers see the default locale's text.
    case missing
    /// No text of its own; customers see the text of `locale` (the language alone, `pt` for
    /// `pt-BR`, or the script's Chinese), which the unit offers as a suggestion to review.
    case fallingBack(locale: String)
}

/// One unit of an exported file.
package struct TranslationUnit: Sendable, Equatable {
    /// The `localized_strings` key (XLIFF `id`, PO `msgctxt`).
    package var key: String
    /// The default locale's text.
    package var source: String
    /// The locale's text: its own when translated, the fallback's when falling back, else empty.
    package var target: String
    /// Translated, missing or falling back.
    package var state: UnitState
    /// Notes for the translator, one sentence each: where the key is shown, what each
    /// placeholder is, the width limit.
    package var notes: [String]
    /// The room the preview gives the text at phone width, in characters of the locale's script,
    /// when the preview measures it (XLIFF `maxwidth` with `size-unit="char"`; a PO note says it).
    package var maxCharacters: Int?
    /// The 1-based line of the key in the config (PO `#:`, XLIFF's location context).
    package var line: Int
}

/// One exported file: a locale's units in a format.
package struct ExportedFile: Sendable {
    /// The locale as the config writes it.
    package var locale: String
    /// `<locale>.xlf` or `<locale>.po`.
    package var fileName: String
    /// The file's bytes.
    package var bytes: [UInt8]
    /// The units, in file order (by key), when they were kept (``StringsExport/run(_:format:locales:includeUnused:)``
    /// keeps them; `strings export` only counts them).
    package var units: [TranslationUnit]
    /// How many units it has in each state.
    package var translated = 0, missing = 0, fallingBack = 0

    /// How many units it has.
    package var unitCount: Int { translated + missing + fallingBack }
}

/// What `strings export` produced, or why it produced nothing.
package enum ExportResult: Sendable {
    /// One file per locale; `unusedLeftOut` keys no screen or SDK label uses were left out
    /// (without `--include-unused`), `withoutSource` keys have no default-locale text to
    /// translate from, `notRepresentable` texts hold characters XML 1.0 cannot carry.
    case exported(files: [ExportedFile], unusedLeftOut: [String], withoutSource: [String], notRepresentable: [String])
    /// The config cannot be used (its syntax errors, or not an authoring config); the report
    /// holds its findings.
    case unusableConfig(reason: String, report: FileReport)
    /// A requested locale the config does not translate into (with a did-you-mean), or its
    /// default locale.
    case unknownLocale(code: String, suggestion: String?, isDefault: Bool, known: [String])

    /// The exported files, when there are any.
    package var files: [ExportedFile] {
        if case .exported(let files, _, _, _) = self { return files }
        return []
    }
}

/// Why a config cannot be translated: its findings (syntax errors), or none.
package struct UnusableConfig: Error, Sendable {
    /// The config as messages name it.
    package var config: String
    /// What is wrong with it, without its name ("has JSON syntax errors (above)"), so a message
    /// can name it or say "it".
    package var problem: String
    /// The findings that say why, when there are any.
    package var report: FileReport

    /// One line naming the config.
    package var reason: String { "\(config) \(problem)" }
}

/// The config as a translation job reads it: parsed, decoded, resolved and authoring.
enum StringsConfig {
    /// The resolved authoring config of `source`, or why there is none.
    /// `likeLint`: read as `lint` reads it (the table into its columns, on every core), as
    /// `strings export` does.
    static func resolve(_ source: SourceFile, likeLint: Bool = false) -> Result<ResolvedConfig, UnusableConfig> {
        // No rule runs: the texts' index the rules read is not built.
        let analysis = Pipeline.decode(source, stopAfter: .resolve, likeLint: likeLint, indexingTexts: false)
        let errors = analysis.report.diagnostics.filter { $0.severity == .error && $0.id.descriptor?.isSyntax == true }
        if !errors.isEmpty {
            return .failure(UnusableConfig(config: source.path, problem: "has JSON syntax errors (above)", report: FileReport(source: source, diagnostics: errors)))
        }
        guard let config = analysis.config, let resolved = analysis.resolved else {
            return .failure(UnusableConfig(config: source.path, problem: "is not a Customer Center config", report: FileReport(source: source, diagnostics: [])))
        }
        guard config.format == .authoring else {
            return .failure(UnusableConfig(config: source.path, problem: "is an SDK response (one locale, no keys): translate the authoring config it was compiled from",
                                           report: FileReport(source: source, diagnostics: [])))
        }
        return .success(resolved)
    }
}
