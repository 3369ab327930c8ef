import ArgumentParser
import PlumbHarness
import PlumbCorpus
#if canImport(Glibc)
import Glibc
#endif

/// `bench peers`: the solvers from outside Plumb that this repository can run beside its back ends.
struct Peers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The peers: solvers from outside Plumb, each an adapter under peers/ (list, install, self-check).",
        discussion: """
        A peer runs beside the back ends with `bench run --peer NAME`. Nothing is installed during a run: install a \
        peer's dependencies first with `bench peers install NAME` (pip packages, Debian packages or a build, as its \
        peers/NAME/peer.json says). docs/peers.md tells how to add a solver of your own.
        """,
        subcommands: [ListPeers.self, InstallPeers.self, CheckPeers.self],
        defaultSubcommand: ListPeers.self
    )
}

/// The checkout's peers, or a usage error saying where they are looked for.
func peerCatalog() throws -> PeerCatalog {
    guard let root = PeerCatalog.defaultRoot(from: Corpus.currentDirectory()) else {
        throw ValidationError("no peers/ folder found: run bench from the Plumb checkout")
    }
    do { return try PeerCatalog(root: root) } catch {
        printError(error.description)
        throw ExitCode(1)
    }
}

/// The peers named, or every one; an unknown name is a usage error listing the names.
func selectedPeers(_ names: [String], in catalog: PeerCatalog) throws -> [Peer] {
    if names.isEmpty { return catalog.peers }
    var peers: [Peer] = []
    for name in names {
        do { peers.append(try catalog.peer(named: name)) } catch { throw ValidationError(error.description) }
    }
    return peers
}

struct ListPeers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the peers, whether each is installed here, and (asking each installed one) what it supports."
    )

    func run() throws {
        let catalog = try peerCatalog()
        for peer in catalog.peers {
            print("\(peer.name): \(peer.summary)")
            guard peer.isInstalled else {
                print("  not installed here: `bench peers install \(peer.name)`")
                continue
            }
            let program = ExternalSolver(name: peer.name, command: peer.run, timeLimit: 60)
            defer { program.stop() }
            do {
                try program.start()
                guard let hello = program.hello else { continue }
                print("  installed: \(hello.solver) \(hello.version); " + hello.traits.joined(separator: ", "))
            } catch {
                print("  installed, but its adapter does not start: \(error.description)")
            }
        }
        if catalog.peers.isEmpty { print("No peers under \(catalog.root).") }
    }
}

struct InstallPeers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install what a peer needs (its peer.json's install command), then check that it is installed."
    )

    @Argument(help: "The peers to install (see `bench peers`).")
    var names: [String] = []

    @Flag(help: "Install every peer.")
    var all = false

    func validate() throws {
        if names.isEmpty && !all { throw ValidationError("name the peers to install, or pass --all (`bench peers` lists them)") }
    }

    func run() throws {
        let catalog = try peerCatalog()
        var failed: [String] = []
        for peer in try selectedPeers(all ? [] : names, in: catalog) {
            if peer.isInstalled {
                print("\(peer.name): already installed")
                continue
            }
            print("\(peer.name): \(peer.install)")
            let status = Peer.shell(peer.install)
            if status == 0 && peer.isInstalled {
                print("\(peer.name): installed")
            } else {
                printError("\(peer.name): the install command exited with status \(status)"
                           + (status == 0 ? ", and the peer still does not count as installed (`\(peer.installedCheck)`)" : ""))
                failed.append(peer.name)
            }
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }
}

struct CheckPeers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run each installed peer's own self-check (small systems derived by hand); exit 1 if one fails."
    )

    @Argument(help: "The peers to check (default: every installed one).")
    var names: [String] = []

    func run() throws {
        let catalog = try peerCatalog()
        var failed: [String] = [], skipped: [String] = []
        for peer in try selectedPeers(names, in: catalog) {
            guard peer.isInstalled else {
                if names.isEmpty { skipped.append(peer.name); continue }
                printError("\(peer.name) is not installed here: `bench peers install \(peer.name)`")
                failed.append(peer.name)
                continue
            }
            print("\(peer.name):")
            if Peer.shell(peer.selfCheck) != 0 { failed.append(peer.name) }
        }
        if !skipped.isEmpty { print("Not installed, not checked: " + skipped.joined(separator: ", ")) }
        if !failed.isEmpty {
            printError("self-check failed: " + failed.joined(separator: ", "))
            throw ExitCode(1)
        }
    }
}
