import ArgumentParser
import PlumbSolver
import PlumbBackEnds

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the back ends this build has and what each guarantees.")

    func run() {
        if availableBackEnds.isEmpty {
            print("No back end in this build yet. `bench lower FILE` prints the lowered system.")
            return
        }
        for type in availableBackEnds + PlumbBackEnds.variants {
            let c = type.capabilities
            let traits = [
                c.exact ? "exact" : "floating point",
                c.strictPriorities ? "strict priorities" : "weighted priorities",
                c.incremental ? "incremental" : "re-solving",
                c.explainsConflicts ? "explains conflicts" : nil,
                c.detectsAmbiguity ? "detects ambiguity" : nil,
            ].compactMap { $0 }
            print("\(type.name): \(traits.joined(separator: ", "))")
        }
    }
}
