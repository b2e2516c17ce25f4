import Testing
@testable import CustomerCenterCompiler

/// The ISO 639-1 check scans a list of bytes instead of building a set at the start: it accepts
/// exactly the codes listed (every one of the 676 letter pairs compared) and nothing else.
@Suite struct ISO639ListTests {
    @Test func acceptsExactlyTheListedCodes() {
        let listed = Set(String(describing: LocaleCode.iso639_1Codes).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(listed.count == 184)
        #expect(listed.isSuperset(of: ["aa", "de", "en", "zh", "zu"]))
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for first in letters {
            for second in letters {
                #expect(LocaleCode.isISO639_1(first + second) == listed.contains(first + second), "\(first)\(second)")
            }
        }
        for other in ["", "e", "eng", "en ", " en", "EN", "jp", "é"] { #expect(!LocaleCode.isISO639_1(other), "\(other)") }
        #expect(LocaleCode.isWellFormed("de-AT") && LocaleCode.isWellFormed("zu") && !LocaleCode.isWellFormed("jp"))
    }
}
