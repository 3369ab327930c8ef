import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

// The tools' file reader and writer, on swift-system's file descriptors (`FileDescriptor`, `FilePath`), in a module of
// their own: an app that links the front end gets no file helpers. Folders and file identity still go through
// `stat` and `opendir`, which this swift-system (1.8) does not wrap.

/// Why a file or folder could not be read or written.
public struct FileReadError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// The largest input file read (256 MiB): a layout-lp/1 file of a million views is a few hundred megabytes less.
/// Anything longer, `/dev/zero` included, is an error rather than memory without bound.
public let inputFileSizeLimit = 256 << 20

/// The bytes of the file at `path`, read up to `limit` bytes (the one file reader the tools share).
/// - Complexity: O(file size); reads in 64 KiB chunks, so never more than `limit` bytes plus one chunk.
public func readFile(atPath path: String, limit: Int = inputFileSizeLimit) throws(FileReadError) -> [UInt8] {
    let file: FileDescriptor
    do { file = try FileDescriptor.open(FilePath(path), .readOnly) } catch {
        throw FileReadError(path: path, reason: "cannot open the file (\(error))")
    }
    defer { try? file.close() }
    var info = stat()
    if fstat(file.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        throw FileReadError(path: path, reason: "is a folder, not a file")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n: Int
        do { n = try buffer.withUnsafeMutableBytes { try file.read(into: $0) } } catch {
            throw FileReadError(path: path, reason: "cannot be read (\(error))")
        }
        if n == 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
        if bytes.count > limit {
            throw FileReadError(path: path, reason: "is longer than \(limit >> 20) MiB, the most Plumb reads")
        }
    }
    return bytes
}

/// The bytes of the file at `path`, or nil when it cannot be read (see `readFile(atPath:limit:)`).
public func readFileBytes(atPath path: String) -> [UInt8]? { try? readFile(atPath: path) }

/// The names in the folder at `path` (hidden ones, starting with `.`, left out), sorted; nil when it is no folder
/// that can be opened. The one folder reader the tools share.
/// - Complexity: O(n log n) for n entries.
public func folderEntries(atPath path: String) -> [String]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
}

/// Whether `path` is a folder that can be opened.
public func isFolder(atPath path: String) -> Bool {
    guard let dir = opendir(path) else { return false }
    closedir(dir)
    return true
}

/// Writes `bytes` to the file at `path`, replacing it (the one file writer the tools share).
public func writeFile(_ bytes: [UInt8], atPath path: String) throws(FileReadError) {
    let file: FileDescriptor
    do {
        file = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .truncate],
                                       permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
        throw FileReadError(path: path, reason: "cannot be written (\(error))")
    }
    // unbuffered: a full disk is reported by the write itself (`/dev/full` takes the open)
    do {
        _ = try file.closeAfter { try file.writeAll(bytes) }
    } catch {
        throw FileReadError(path: path, reason: "cannot be written in full (\(error))")
    }
}

/// Whether anything (a file, a folder, a device) exists at `path`.
public func fileExists(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}

/// Whether `a` and `b` name one file (the same device and inode, through any path or symbolic link); false when
/// either does not exist. A tool that reads `a` and writes `b` refuses when they are one, or it would replace its input.
public func isSameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}
