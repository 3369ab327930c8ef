import PlumbSystem
import PlumbFrontEnd
import PlumbText
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

/// The hand-written layouts under `corpus/`, every `*.layout` file in every folder, in path order.
public struct Corpus: Sendable {
    public let root: String
    public let entries: [CorpusEntry]

    /// Loads every layout file under `root`; a malformed file is an error naming file, line and column, and so is a
    /// `root` that is not a folder.
    public init(root: String) throws(CorpusError) {
        guard Corpus.isDirectory(root) else { throw CorpusError(path: root, message: "not a folder (a corpus is a folder of .layout files)") }
        self.root = root
        var entries: [CorpusEntry] = []
        for path in Corpus.layoutFiles(under: root) {
            let full = root + "/" + path
            let bytes: [UInt8]
            do { bytes = try readFile(atPath: full) } catch { throw CorpusError(path: full, message: error.description) }
            let name = String(path.split(separator: "/").last?.split(separator: ".").first ?? "layout")
            do {
                let script = try LayoutFile(file: Corpus.shownPath(path, root: root), name: name).parse(String(decoding: bytes, as: UTF8.self))
                entries.append(try CorpusEntry(path: path, script: script))
            } catch {
                throw CorpusError(path: full, message: error.description)
            }
        }
        self.entries = entries
    }

    /// How messages name the file at `path` (relative to `root`): `corpus/features/x.layout` for the checkout's
    /// corpus, the full path otherwise.
    public static func shownPath(_ path: String, root: String) -> String {
        root.hasSuffix("/corpus") || root == "corpus" ? "corpus/" + path : root + "/" + path
    }

    /// The corpus folder of this checkout: `corpus/` beside `Package.swift`, found from the working directory upward.
    public static func defaultRoot() -> String? {
        var directory = currentDirectory()
        for _ in 0..<8 {
            if read(directory + "/Package.swift") != nil, isDirectory(directory + "/corpus") { return directory + "/corpus" }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
        return nil
    }

    static func layoutFiles(under root: String, prefix: String = "") -> [String] { files(under: root, suffix: ".layout", prefix: prefix) }

    /// The files below `root` whose names end in `suffix`, relative to `root`, sorted.
    public static func files(under root: String, suffix: String, prefix: String = "") -> [String] {
        var found: [String] = []
        for name in folderEntries(atPath: prefix.isEmpty ? root : root + "/" + prefix) ?? [] {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if isDirectory(root + "/" + relative) {
                found += files(under: root, suffix: suffix, prefix: relative)
            } else if name.hasSuffix(suffix) {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// Whether `path` is a folder that can be opened.
    public static func isDirectory(_ path: String) -> Bool { isFolder(atPath: path) }

    /// The current directory's path (`.` if it cannot be read).
    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A file's bytes, or nil.
    public static func read(_ path: String) -> [UInt8]? { readFileBytes(atPath: path) }
}

/// A corpus file that cannot be used.
public struct CorpusError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let message: String
    public var description: String { message.hasPrefix(path) ? message : "\(path): \(message)" }
}
