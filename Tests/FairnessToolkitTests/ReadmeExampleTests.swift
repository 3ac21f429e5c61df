import Foundation
import Testing

/// README.md's library example is the code of LibraryUsageTests.swift, which the suite compiles and runs.
@Test func readmeShowsThisExample() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LibraryUsageTests.swift")
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let example = try #require(
        source.components(separatedBy: "// README-EXAMPLE-BEGIN\n").last?
            .components(separatedBy: "// README-EXAMPLE-END").first)
    let block = try #require(
        readme.components(separatedBy: "<!-- library-example -->\n```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
    #expect(block == example, "README.md's library example differs from LibraryUsageTests.swift")
}
