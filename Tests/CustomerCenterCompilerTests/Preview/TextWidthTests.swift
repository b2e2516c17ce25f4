import Testing

@testable import CustomerCenterCompiler

/// The preview's width model: the typical advance of a language's text is measured on the texts
/// `init` writes in it. The preview may not name `init`'s texts (it sits below it), so the
/// measured table is written out in `TextWidth`; this pins it to what the texts measure today.
@Suite struct TextWidthTests {
    @Test func theTypicalAdvancesAreThoseOfInitsTexts() {
        var measured: [String: (regular: Double, bold: Double)] = [:]
        for locale in DefaultConfig.locales + ["zh-hant"] {
            guard let texts = DefaultConfig.translations(for: locale) else { continue }
            var regular = 0.0, bold = 0.0, count = 0
            for scalar in texts.joined().unicodeScalars {
                regular += TextWidth.advance(scalar, bold: false)
                bold += TextWidth.advance(scalar, bold: true)
                count += 1
            }
            if count > 0 { measured[locale] = (regular / Double(count), bold / Double(count)) }
        }
        #expect(Set(measured.keys) == Set(TextWidth.typicalAdvances.keys))
        for (locale, value) in measured {
            let written = TextWidth.typicalAdvances[locale]
            #expect(abs((written?.regular ?? 0) - value.regular) < 0.0005, "\(locale) regular")
            #expect(abs((written?.bold ?? 0) - value.bold) < 0.0005, "\(locale) bold")
        }
    }
}
