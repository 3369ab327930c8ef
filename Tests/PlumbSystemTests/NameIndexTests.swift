import Testing
@testable import PlumbSystem

@Suite("NameIndex")
struct NameIndexTests {
    @Test("ids follow first insertion; a repeated name changes nothing and gives its first id")
    func insertionOrder() {
        var index = NameIndex()
        #expect(index.insert("b") == nil)
        #expect(index.insert("a") == nil)
        #expect(index.insert("b") == 0)
        #expect(index.count == 2)
        #expect(index.names == ["b", "a"])
        #expect(index.id(of: "a") == 1)
        #expect(index.id(of: "c") == nil)
        #expect(index.isName("a", at: 1))
        #expect(!index.isName("b", at: 1))
    }

    @Test("names are compared by their exact bytes, not by canonical equivalence")
    func exactBytes() {
        var index = NameIndex()
        #expect(index.insert("\u{E9}") == nil)
        #expect(index.insert("e\u{301}") == nil)  // Swift's == calls these equal; JSON does not
        #expect(index.id(of: "e\u{301}") == 1)
        #expect(index.id(of: "\u{E9}") == 0)
        #expect(index.insert("") == nil)
        #expect(index.id(of: "") == 2)
        let long = String(repeating: "view.", count: 40)  // a name too long for Swift's inline small strings
        #expect(index.insert(long) == nil)
        #expect(index.id(of: long + "x") == nil)
        #expect(index.id(of: String(long.dropLast()) + ".") == 3)
    }

    @Test("growing past its capacity keeps every name findable")
    func growth() {
        var index = NameIndex(capacity: 2)
        let names = (0..<5_000).map { "v\($0).x" }
        for name in names { #expect(index.insert(name) == nil) }
        for (id, name) in names.enumerated() where id % 7 == 0 { #expect(index.id(of: name) == id) }
        #expect(index.insert("v4999.x") == 4_999)
        #expect(index.id(of: "v5000.x") == nil)
    }
}
