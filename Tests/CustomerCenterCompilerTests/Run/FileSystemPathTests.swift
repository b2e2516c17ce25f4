import Testing
@testable import CustomerCenterCompiler

/// `FileSystem.absolute` (every input and output path of a run goes through it): the current folder
/// before a relative path, `.` and empty parts dropped, `..` taking the part before it, the root
/// never left.
@Suite struct FileSystemPathTests {
    @Test func absolutePathsAreNormalised() {
        #expect(FileSystem.absolute("/a/./b//c/../d") == "/a/b/d")
        #expect(FileSystem.absolute("/a/b/") == "/a/b")
        #expect(FileSystem.absolute("/") == "/")
        #expect(FileSystem.absolute("/..") == "/")
        #expect(FileSystem.absolute("/a/..") == "/")
        #expect(FileSystem.absolute("/ä/日本/x.json") == "/ä/日本/x.json")
        let here = FileSystem.currentDirectory()
        #expect(FileSystem.absolute("x.json") == (here == "/" ? "/x.json" : here + "/x.json"))
        #expect(FileSystem.absolute(".") == here)
    }
}
