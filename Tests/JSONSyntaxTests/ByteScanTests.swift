import Testing
import TestSupport
@testable import JSONSyntax

/// The word-at-a-time scans against the obvious byte loop, on every byte value at every position
/// of every alignment, and on random buffers (a fixed seed, so a failure repeats).
@Suite struct ByteScanTests {
    static func naiveSpecial(_ bytes: [UInt8], from: Int, quote: UInt8) -> Int {
        bytes.indices.first { $0 >= from && (bytes[$0] == quote || bytes[$0] == 0x5C || bytes[$0] < 0x20 || bytes[$0] >= 0x80) } ?? bytes.count
    }

    static func naiveLineBreak(_ bytes: [UInt8], from: Int) -> Int {
        bytes.indices.first { $0 >= from && (bytes[$0] == 0x0A || bytes[$0] == 0x0D) } ?? bytes.count
    }

    @Test func everyByteAtEveryPositionIsFound() {
        for length in [1, 7, 8, 9, 16, 17, 24, 40] {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    for from in [0, 1, position] where from <= length {
                        bytes.withUnsafeBufferPointer { buffer in
                            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                                #expect(ByteScan.firstSpecialInString(buffer, from: from, quote: quote) == Self.naiveSpecial(bytes, from: from, quote: quote),
                                        "byte \(value) at \(position) of \(length) from \(from)")
                            }
                            #expect(ByteScan.firstLineBreak(buffer, from: from) == Self.naiveLineBreak(bytes, from: from),
                                    "byte \(value) at \(position) of \(length) from \(from)")
                            let escape = bytes.indices.first { $0 >= from && (bytes[$0] < 0x20 || bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] == 0x7F) } ?? length
                            #expect(ByteScan.firstNeedingEscape(buffer, from: from) == escape, "byte \(value) at \(position) of \(length) from \(from)")
                        }
                    }
                }
            }
        }
    }

    /// Two special bytes in one word, every kind after every kind at every pair of places: a
    /// test's borrow from the lower one never hides it nor flags a byte below it.
    @Test func twoSpecialsInOneWordFindTheFirst() {
        let values: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x27, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        for first in 0..<8 {
            for second in first + 1..<9 {
                for a in values {
                    for b in values {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 9)
                        bytes[first] = a
                        bytes[second] = b
                        bytes.withUnsafeBufferPointer { buffer in
                            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                                #expect(ByteScan.firstSpecialInString(buffer, from: 0, quote: quote) == Self.naiveSpecial(bytes, from: 0, quote: quote),
                                        "\(a) at \(first), \(b) at \(second)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func randomBuffersAgreeWithTheByteLoop() {
        var generator = SeededGenerator(seed: 18)
        // Few special bytes, so runs are long and the word loop does the work.
        let alphabet: [UInt8] = Array("abc def ghij".utf8) + [0x22, 0x27, 0x5C, 0x0A, 0x0D, 0x09, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x00, 0x21, 0x5B, 0x5D]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 70)
            let bytes = (0..<length).map { _ -> UInt8 in
                generator.next() % 8 == 0 ? alphabet[Int(generator.next() % UInt64(alphabet.count))] : UInt8(ascii: "x")
            }
            let from = length == 0 ? 0 : Int(generator.next() % UInt64(length + 1))
            bytes.withUnsafeBufferPointer { buffer in
                #expect(ByteScan.firstSpecialInString(buffer, from: from, quote: 0x22) == Self.naiveSpecial(bytes, from: from, quote: 0x22))
                #expect(ByteScan.firstLineBreak(buffer, from: from) == Self.naiveLineBreak(bytes, from: from))
                var i = 0
                while i + 8 <= length {
                    let word = ByteScan.word(buffer, at: i)
                    for target in [UInt8(0x20), 0x7B, 0x7D, 0x00, 0xFF] {
                        let flags = ByteScan.matches(target, in: word)
                        for k in 0..<8 {
                            #expect((flags >> (8 * UInt64(k) + 7)) & 1 == (bytes[i + k] == target ? 1 : 0))
                        }
                        #expect(flags & ~0x8080_8080_8080_8080 == 0)
                    }
                    i += 1
                }
            }
        }
    }

    /// What `UTF8Validation.endOfValidRun` means, by the standard library's decoder: from a
    /// non-ASCII byte, step over whole well-formed scalars until an ASCII byte or a bad one.
    static func plainEndOfValidRun(_ bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i < bytes.count, bytes[i] >= 0x80 {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[i...].makeIterator()
            guard case .valid(let scalar) = parser.parseScalar(from: &iterator) else { return i }
            i += scalar.count
        }
        return i
    }

    @Test func multiByteRunsEndWhereTheStandardDecoderStops() {
        var generator = SeededGenerator(seed: 2026)
        // Well-formed sequences of every length and lead byte class, and the ill-formed ones
        // next to them: lone and extra continuation bytes, overlongs, surrogates, past U+10FFFF,
        // bytes never used, sequences cut short (the buffer end cuts them too).
        let pieces: [[UInt8]] = [
            [0x61], [0x22], [0xC3, 0xA9], [0xDF, 0xBF], [0xC2, 0x80], [0xE3, 0x81, 0x84], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBD], [0xE1, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF1, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE3, 0x81], [0xC3],
            [0xF0, 0x90, 0x80], [0xE3, 0x41, 0x84], [0xC3, 0xC3, 0xA9],
        ]
        for _ in 0..<5_000 {
            let bytes = (0..<Int(generator.next() % 12)).flatMap { _ in
                generator.next() % 4 == 0 ? pieces[Int(generator.next() % UInt64(pieces.count))] : pieces[2 + Int(generator.next() % 12)]
            }
            let starts = bytes.indices.filter { bytes[$0] >= 0x80 }
            bytes.withUnsafeBufferPointer { buffer in
                for from in starts {
                    #expect(UTF8Validation.endOfValidRun(buffer, from: from) == Self.plainEndOfValidRun(bytes, from: from), "\(bytes) from \(from)")
                }
            }
        }
        // Long runs of the common two- and three-byte sequences (the eight-byte step), with one
        // piece of any kind put somewhere in them.
        var wordSteps = 0
        for _ in 0..<5_000 {
            var bytes = (0..<Int(generator.next() % 24)).flatMap { _ in pieces[[2, 3, 4, 5, 9, 10][Int(generator.next() % 6)]] }
            let odd = pieces[Int(generator.next() % UInt64(pieces.count))]
            bytes.insert(contentsOf: odd, at: Int(generator.next() % UInt64(bytes.count + 1)))
            bytes.withUnsafeBufferPointer { buffer in
                for from in [0, 1, 2, 3] where from < bytes.count && bytes[from] >= 0x80 {
                    #expect(UTF8Validation.endOfValidRun(buffer, from: from) == Self.plainEndOfValidRun(bytes, from: from), "\(bytes) from \(from)")
                }
                if bytes.count >= 8, bytes[0] >= 0xC2, bytes[0] != 0xE0, bytes[0] != 0xED, bytes[0] < 0xF0,
                   Self.plainEndOfValidRun(bytes, from: 0) >= 6 { wordSteps += 1 }
            }
        }
        #expect(wordSteps > 1_000, "\(wordSteps) runs long enough for the eight-byte step")
    }

    @Test func quotingEscapesExactlyWhatJSONNeeds() {
        // Every byte value, alone and inside a long plain run (the run is copied whole).
        for value in 0...0x7F {
            let text = String(repeating: "abcdefgh", count: 3) + String(UnicodeScalar(UInt8(value))) + "ijk"
            let quoted = JSONWriter.quoted(text)
            let expected: String = {
                switch value {
                case 0x22: return "\\\""
                case 0x5C: return "\\\\"
                case 0x0A: return "\\n"
                case 0x0D: return "\\r"
                case 0x09: return "\\t"
                case 0x08: return "\\b"
                case 0x0C: return "\\f"
                case 0..<0x20, 0x7F: return "\\u00" + String(value, radix: 16).leftPadded(to: 2)
                default: return String(UnicodeScalar(UInt8(value)))
                }
            }()
            #expect(quoted == "\"abcdefghabcdefghabcdefgh\(expected)ijk\"", "byte \(value)")
        }
        #expect(JSONWriter.quoted("日本語 \u{1F600} é") == "\"日本語 \u{1F600} é\"")
        #expect(JSONWriter.quoted("") == "\"\"")
    }

    @Test func keysThatAreEqualAsTextAreDuplicatesHoweverWritten() {
        // The parser reads a plain ASCII key's signature from the bytes and any other key's from
        // its decoded text: both must agree, or an escaped spelling would hide a repeat.
        for (json, duplicates) in [
            (#"{"ab": 1, "a\u0062": 2}"#, 1),
            (#"{"a\u0062": 1, "ab": 2}"#, 1),
            (#"{"é": 1, "e\u0301": 2}"#, 1),
            (#"{"": 1, "": 2, "a": 3}"#, 1),
            (#"{"ab": 1, "ba": 2, "abc": 3, "acb": 4}"#, 0),
            (#"{"x": {"k": 1}, "y": {"k": 2}}"#, 0),
        ] {
            let issues = JSONParser.parse(Array(json.utf8)).issues.filter { if case .duplicateKey = $0.kind { return true } else { return false } }
            #expect(issues.count == duplicates, "\(json)")
        }
        // Past the linear limit the table takes over, with the same verdicts.
        let many = (0..<300).map { #""k\#($0)": 0"# } + [#""k\u0031": 1"#, #""k299": 2"#]
        let issues = JSONParser.parse(Array("{\(many.joined(separator: ","))}".utf8)).issues
        #expect(issues.count == 2)
    }
}

/// A small deterministic generator (SplitMix64).
extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
