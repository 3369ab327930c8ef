import PlumbSystem
import PlumbCorpus
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

/// A solver from outside Plumb that the repository can run: an adapter program in `peers/NAME/` speaking
/// plumb-solver/1, and how to install and check what it needs.
///
/// Its `peer.json` (format `plumb-peer/1`) has four shell commands, run from the checkout; `{dir}` stands for the
/// peer's folder:
///
/// ```json
/// {"format": "plumb-peer/1", "name": "kiwi", "summary": "kiwisolver: the C++ kiwi Cassowary, through Python",
///  "run": "python3 {dir}/adapter.py", "installed": "python3 {dir}/adapter.py --installed",
///  "install": "python3 -m pip install kiwisolver==1.5.1", "self_check": "python3 {dir}/adapter.py --self-check"}
/// ```
public struct Peer: Sendable, Equatable {
    public var name: String
    /// What the solver is, in a line.
    public var summary: String
    /// The peer's folder, absolute.
    public var directory: String
    /// The adapter: a plumb-solver/1 program.
    public var run: String
    /// Exits 0 when what the adapter needs is installed here.
    public var installedCheck: String
    /// Installs what the adapter needs (pip, apt, a build); run only when asked (`bench peers install`).
    public var install: String
    /// The adapter's own tests: small systems derived by hand; exits 0 when all pass.
    public var selfCheck: String

    /// Whether `installedCheck` passes here (its output is discarded).
    public var isInstalled: Bool { Peer.shell(installedCheck + " >/dev/null 2>&1") == 0 }

    /// Runs `command` with `/bin/sh -c`, its output going where this process's goes; returns the exit status.
    public static func shell(_ command: String) -> Int32 {
        ProcessLauncher.shell(command).shellStatus
    }
}

/// The peers of a checkout: every `peers/*/peer.json`, by name.
public struct PeerCatalog: Sendable {
    public let root: String
    public let peers: [Peer]

    /// Reads every `peer.json` under `root` (the `peers/` folder); an unreadable one is an error naming the file and
    /// the field.
    public init(root: String) throws(PeerError) {
        self.root = root
        var peers: [Peer] = []
        var folderOfName: [String: String] = [:]
        for folder in Self.folders(in: root) {
            let path = "\(root)/\(folder)/peer.json"
            guard let bytes = readFileBytes(atPath: path) else {
                // a folder without peer.json is not a peer; one whose peer.json cannot be read is a broken peer
                if fileExists(atPath: path) {
                    throw PeerError("\(path): cannot be read as a file (a folder, a device, or no permission); a peer's "
                        + "peer.json is a plumb-peer/1 JSON file")
                }
                continue
            }
            let peer = try Self.read(bytes, path: path, directory: "\(root)/\(folder)")
            if let other = folderOfName[peer.name] {
                throw PeerError("\(path): \"name\": \"\(peer.name)\" is taken by \(root)/\(other)/peer.json as well; "
                    + "each peer needs a name of its own (it names the back end in reports)")
            }
            folderOfName[peer.name] = folder
            peers.append(peer)
        }
        self.peers = peers.sorted { $0.name < $1.name }
    }

    /// `peers/` of the checkout the current directory is in (found as `corpus/` is), or nil.
    public static func defaultRoot(from directory: String) -> String? {
        var directory = directory
        for _ in 0..<8 {
            if readFileBytes(atPath: directory + "/Package.swift") != nil, Corpus.isDirectory(directory + "/peers") { return directory + "/peers" }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
        return nil
    }

    /// The peer called `name`, or an error listing the names there are.
    public func peer(named name: String) throws(PeerError) -> Peer {
        guard let peer = peers.first(where: { $0.name == name }) else {
            throw PeerError("no peer named '\(name.excerpt)'; the peers are " + peers.map(\.name).joined(separator: ", ")
                            + " (`bench peers` lists them with what each supports)")
        }
        return peer
    }

    static func read(_ bytes: [UInt8], path: String, directory: String) throws(PeerError) -> Peer {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw PeerError("\(path): \(error)") }
        guard json["format"]?.stringValue == "plumb-peer/1" else { throw PeerError("\(path): \"format\" must be \"plumb-peer/1\"") }
        func field(_ key: String) throws(PeerError) -> String {
            guard let text = json[key]?.stringValue, !text.isEmpty else {
                throw PeerError("\(path): \"\(key)\" must be a non-empty string")
            }
            return text
        }
        let quoted = "'" + directory.replacingAll("'", "'\\''") + "'"
        func command(_ key: String) throws(PeerError) -> String { try field(key).replacingAll("{dir}", quoted) }
        let name = try field("name")
        guard BackEnd.isValidName(name) else {
            throw PeerError("\(path): \"name\" must be letters, digits, - and _ (it names the back end in reports)")
        }
        return Peer(name: name, summary: try field("summary"), directory: directory, run: try command("run"),
                    installedCheck: try command("installed"), install: try command("install"),
                    selfCheck: try command("self_check"))
    }

    static func folders(in root: String) -> [String] {
        (folderEntries(atPath: root) ?? []).filter { isFolder(atPath: root + "/" + $0) }
    }
}

/// A peer folder or name that cannot be used.
public struct PeerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
