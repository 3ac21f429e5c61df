import FairnessModel
import Foundation
import Yams

/// Reads spec files: YAML 1.1 (JSON is accepted, being YAML), one game per file.
///
/// Every field is checked as it is read and an error names the file, the line and column of the offending
/// node and the field's path; unknown fields are refused (a misspelt `secotrs` is an error, not a silently
/// ignored line). The format is documented in `docs/spec.md` and as a JSON Schema in
/// `docs/spec.schema.json`.
public enum SpecParser {
    /// Reads and checks the spec in `file`.
    /// - Throws: ``SpecError`` naming the file, place and field of the first problem.
    public static func parse(contentsOf file: URL) throws -> GameSpec {
        try parse(readText(file), file: file.relativePath)
    }

    /// The text of `file`, or a ``SpecError`` saying plainly why there is none: no such file, a directory,
    /// no permission, not UTF-8. Read through a file handle, which also reads devices and pipes
    /// (`/dev/null`, `/dev/stdin`) where `String(contentsOf:)` on Linux fails with a misleading error.
    /// The largest spec file read, in bytes.
    static let maximumBytes = 1 << 20

    static func readText(_ file: URL) throws -> String {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: file.relativePath, line: 0, column: 0, field: "", message: "cannot read the file: \(reason)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { throw failure("no such file") }
        guard !isDirectory.boolValue else { throw failure("it is a directory, not a spec file") }
        guard FileManager.default.isReadableFile(atPath: file.path) else { throw failure("permission denied") }
        var data = Data()
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            // A spec is a page of text: stop at the cap (a device like /dev/zero would never end).
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                data.append(chunk)
                if data.count > maximumBytes { throw failure("it is larger than \(maximumBytes) bytes; a spec file is a page of text") }
            }
        } catch let error as SpecError {
            throw error
        } catch {
            throw failure(error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw failure("it is not UTF-8 text") }
        return text
    }

    /// Reads and checks the spec in `text`; `file` names it in errors.
    /// - Throws: ``SpecError`` naming the place and field of the first problem.
    public static func parse(_ text: String, file: String = "<input>") throws -> GameSpec {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SpecError(
                    file: file, line: 1, column: 1, field: "", message: "the file is empty; a spec needs version, name and wheel or dice")
            }
            root = node
        } catch let error as SpecError {
            throw error
        } catch let error as YamlError {
            throw Self.error(error, file: file)
        } catch {
            throw SpecError(file: file, line: 1, column: 1, field: "", message: "not YAML or JSON: \(error)")
        }
        return try SpecReader(file: file).game(root)
    }

    static func error(_ error: YamlError, file: String) -> SpecError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let what = [context.map { "\($0)" }, problem].compactMap { $0 }.joined(separator: ": ")
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            return SpecError(file: file, line: mark.line, column: mark.column, field: "", message: "not valid YAML or JSON: \(what)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SpecError(
                file: file, line: context.mark.line, column: context.mark.column, field: duplicates.joined(separator: ", "),
                message: "the key appears more than once")
        default:
            return SpecError(file: file, line: 1, column: 1, field: "", message: "not valid YAML or JSON: \(error)")
        }
    }
}
