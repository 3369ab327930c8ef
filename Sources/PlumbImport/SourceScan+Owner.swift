import PlumbText
/// Whose file it is: a view controller's (its `view` is the screen, the root) or a view's or a cell's (`self` is a
/// view of its own), read from the classes it declares, and only where it declares none from what the code says.
extension SourceScan {
    /// A class the file declares: `class FeedCell: UITableViewCell`, `@interface FeedCell : UITableViewCell`,
    /// `@implementation ProfileViewController` (no superclass written).
    struct DeclaredClass: Equatable {
        var name: String
        var superclass: String?
    }

    /// Every class, extension or category the file declares, in order.
    /// - Complexity: O(characters).
    func declaredClasses() -> [DeclaredClass] {
        var found: [DeclaredClass] = []
        var i = 0
        while i < masked.count {
            defer { i += 1 }
            guard i == 0 || !isName(masked[i - 1]) else { continue }
            var k: Int
            if matches("class ", at: i) || matches("extension ", at: i) {
                k = i + (matches("class ", at: i) ? 6 : 10)
            } else if matches("@interface ", at: i) || matches("@implementation ", at: i) {
                k = i + (matches("@interface ", at: i) ? 11 : 16)
            } else {
                continue
            }
            let name = word(from: &k)
            guard !name.isEmpty, name != "func", name != "var", name != "let" else { continue }   // `class func`
            while k < masked.count && (masked[k] == " " || masked[k] == "\t") { k += 1 }
            var superclass: String?
            if k < masked.count, masked[k] == ":" {
                k += 1
                while k < masked.count && masked[k].isWhitespace { k += 1 }
                let parent = word(from: &k)
                if !parent.isEmpty { superclass = parent }
            }
            found.append(DeclaredClass(name: name, superclass: superclass))
        }
        return found
    }

    /// The name starting at `k` (after spaces), `k` moved past it.
    func word(from k: inout Int) -> String {
        while k < masked.count && (masked[k] == " " || masked[k] == "\t") { k += 1 }
        let start = k
        while k < masked.count && isName(masked[k]) { k += 1 }
        return String(masked[start..<k])
    }

    /// Whether the file is a view controller's: a class it declares is a controller by its name or superclass
    /// (`ProfileViewController`, `: UIViewController`, `: BaseController`); when it declares only views (`: UIView`,
    /// `FeedCell`), it is not, whatever its code names (`self.viewModel` is no `self.view`); when it declares no class,
    /// the code decides: `self.view` or `view.addSubview` as whole names.
    /// - Complexity: O(characters).
    func isViewControllerFile() -> Bool {
        let classes = declaredClasses()
        func isController(_ name: String) -> Bool { name.hasSuffix("Controller") }
        func isView(_ name: String) -> Bool {
            ["View", "Cell", "Button", "Bar", "Control", "Label", "Header", "Footer"].contains { name.hasSuffix($0) }
        }
        if classes.contains(where: { isController($0.name) || $0.superclass.map(isController) == true }) { return true }
        if classes.contains(where: { isView($0.name) || $0.superclass.map(isView) == true }) { return false }
        let plain = String(masked)
        return plain.contains("UIViewController") || plain.contains("NSViewController")
            || containsWord(plain, "self.view") || containsWord(plain, "view.addSubview")
    }
}
