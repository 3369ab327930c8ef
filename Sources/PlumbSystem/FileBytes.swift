#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read.
public struct FileReadError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// The largest input file read (256 MiB): a layout-lp/1 file of a million views is a few hundred megabytes less.
/// Anything longer, `/dev/zero` included, is an error rather than memory without bound.
public let inputFileSizeLimit = 256 << 20

/// The bytes of the file at `path`, read up to `limit` bytes (the one file reader the tools share).
/// - Complexity: O(file size); never reads more than `limit + 1` bytes.
public func readFile(atPath path: String, limit: Int = inputFileSizeLimit) throws(FileReadError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        throw FileReadError(path: path, reason: "cannot open the file (\(String(cString: strerror(errno))))")
    }
    defer { fclose(file) }
    var info = stat()
    if fstat(fileno(file), &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        throw FileReadError(path: path, reason: "is a folder, not a file")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if bytes.count > limit {
            throw FileReadError(path: path, reason: "is longer than \(limit >> 20) MiB, the most Plumb reads")
        }
        if n < buffer.count {
            if ferror(file) != 0 { throw FileReadError(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))") }
            break
        }
    }
    return bytes
}

/// The bytes of the file at `path`, or nil when it cannot be read (see `readFile(atPath:limit:)`).
public func readFileBytes(atPath path: String) -> [UInt8]? { try? readFile(atPath: path) }
