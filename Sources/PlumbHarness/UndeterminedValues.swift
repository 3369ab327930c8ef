import PlumbSystem

/// The values an ambiguity-detecting back end found undetermined, said in words: which, and why when the file's own
/// view (`self`, an imported view's or cell's file) takes its size from outside the file.
public enum UndeterminedValues {
    /// The warning for the variables an ambiguity-detecting back end found undetermined: which, and why when the
    /// file's own view (`self`) takes its size from outside the file.
    public static func warning(_ result: LayoutResult, text: String) -> String? {
        guard result.status == .ok, !result.ambiguous.isEmpty else { return nil }
        let names = result.ambiguous.map(\.name)
        var selfID: String?
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[0] == "self", words[1] != "root" { selfID = String(words[1]) }
        }
        var why = ""
        if let selfID, names.contains("\(selfID).w") || names.contains("\(selfID).h") {
            why = " \(selfID), the view the file describes, takes its size from outside the file (its superview, or a "
                + "cell's content as UIKit sizes it), so nothing in it fixes where the rest go: lay it out at a size with "
                + "--root W×H (375x44, say)."
        }
        let shown = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", ... (\(names.count) in all)" : "")
        return "warning: \(names.count) of \(result.values.count) values are undetermined (any value in a range is optimal: "
            + "see \"ambiguous\"): \(shown).\(why)"
    }
}
