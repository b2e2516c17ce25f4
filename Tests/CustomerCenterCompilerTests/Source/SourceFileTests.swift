import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct SourceFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let offset: Int
        let line: Int
        let column: Int
        var testDescription: String { "\(String(decoding: bytes, as: UTF8.self).debugDescription)@\(offset)" }
    }

    static let cases: [Case] = [
        Case(bytes: Array("abc".utf8), offset: 0, line: 1, column: 1),
        Case(bytes: Array("abc".utf8), offset: 3, line: 1, column: 4),
        Case(bytes: Array("a\nb".utf8), offset: 2, line: 2, column: 1),
        Case(bytes: Array("a\r\nb".utf8), offset: 3, line: 2, column: 1),
        Case(bytes: Array("a\rb".utf8), offset: 2, line: 2, column: 1),
        Case(bytes: Array("a\r\n\r\nb".utf8), offset: 5, line: 3, column: 1),
        Case(bytes: Array("é日😀x".utf8), offset: 9, line: 1, column: 4),
        Case(bytes: [0xEF, 0xBB, 0xBF] + Array("{x".utf8), offset: 4, line: 1, column: 2),
        Case(bytes: Array("ab".utf8), offset: 99, line: 1, column: 3),
    ]

    @Test(arguments: cases)
    func locations(_ testCase: Case) {
        let source = SourceFile(path: "f", bytes: testCase.bytes)
        let location = source.location(of: testCase.offset)
        #expect(location.line == testCase.line)
        #expect(location.column == testCase.column)
    }

    @Test func lineBytesDropLineBreaksAndBOM() {
        let source = SourceFile(path: "f", bytes: [0xEF, 0xBB, 0xBF] + Array("one\r\ntwo\rthree\n".utf8))
        #expect(source.lineStarts.count == 4)
        #expect(String(decoding: source.lineBytes(0), as: UTF8.self) == "one")
        #expect(String(decoding: source.lineBytes(1), as: UTF8.self) == "two")
        #expect(String(decoding: source.lineBytes(2), as: UTF8.self) == "three")
        #expect(source.lineBytes(3).isEmpty)
    }
}
