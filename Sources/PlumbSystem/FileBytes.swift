#if canImport(Glibc)
import Glibc
#endif

/// The bytes of the file at `path`, or nil when it cannot be opened (the one file reader the tools share).
public func readFileBytes(atPath path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if n < buffer.count { break }
    }
    return bytes
}
