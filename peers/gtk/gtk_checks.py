"""The gtk peer's --self-check: small systems whose answers are derived by hand, through the same request handler.

Every expected value is what GTK allocates: x and y floored, widths and heights ceiled (whole pixels), the root at
(0, 0) and the allocated size. Run: /usr/bin/python3 peers/gtk/adapter.py --self-check
"""
import json

from plumb_peer import PROTOCOL, RESULT_FORMAT, c, close, lp

ROOT = ["root.x", "root.y", "root.w", "root.h"]


def frame(view):
    return ["%s.%s" % (view, k) for k in "xywh"]


def pinned(w, h, prio=1000):
    """root.x == 0, root.y == 0, root.w == w (at prio), root.h == h."""
    return [c({"root.x": 1}, 0), c({"root.y": 1}, 0), c({"root.w": 1}, -w, prio=prio), c({"root.h": 1}, -h)]


def values(view, x, y, w, h):
    return dict(zip(frame(view), (x, y, w, h)))


def self_check(checker):
    s, check = checker, checker.check
    h = s.peer.hello()
    sup = h["supports"]
    check("hello", h["protocol"] == PROTOCOL and h["solver"] == "gtk" and sup["levels"] == 3
          and sup["strict_priorities"] is False and sup["exact"] is False and sup["resolution"] == 1
          and sup["drops_unsatisfiable"] is True and sup["may_fail"] and sup["churn"]
          and json.loads(json.dumps(h)) == h, h)

    # The harness's first system: x == 10, y == x + 5 (each the left edge of a child of its own).
    r = s.solve(lp(["x", "y"], [c({"x": 1}, -10), c({"y": 1, "x": -1}, -5)]))
    check("first system (x, y as left edges)", r.get("status") == "ok" and r.get("format") == RESULT_FORMAT
          and close(r.get("values"), {"x": 10, "y": 15}), r)

    # Root 320 x 480; v.x = root.x + 8, 2·v.w = 2·root.w - 32, v.y = root.y + 10, v.h = 44; `free` is in no row.
    whole = lp(ROOT + frame("v") + frame("free"),
               pinned(320, 480) + [c({"v.x": 1, "root.x": -1}, -8), c({"v.w": 2, "root.w": -2}, 32),
                                   c({"v.y": 1, "root.y": -1}, -10), c({"v.h": 1}, -44)])
    r = s.solve(whole)
    want = dict(values("root", 0, 0, 320, 480), **values("v", 8, 10, 304, 44), **values("free", 0, 0, 0, 0))
    check("whole pixels: root is the layout, views its children", r.get("status") == "ok"
          and close(r.get("values"), want) and r.get("rounds") == [], r)

    # Half pixels (root 375 x 667): a.centerX == root.centerX, a.w = 100 -> a.x = 137.5, floored to 137;
    # a.y = 10.5 -> 10; a.h = 20.25 -> ceil 21; b.x = a.right + 1/4 = 237.75 -> 237; b.w = a.w/2 + 1/2 = 50.5 -> 51.
    halves = lp(ROOT + frame("a") + frame("b"), pinned(375, 667) + [
        c({"a.x": 1, "a.w": "1/2", "root.x": -1, "root.w": "-1/2"}, 0), c({"a.w": 1}, -100),
        c({"a.y": 1}, "-10.5"), c({"a.h": 1}, "-20.25"),
        c({"b.x": 1, "a.x": -1, "a.w": -1}, "-1/4"), c({"b.w": 1, "a.w": "-1/2"}, "-1/2")])
    r = s.solve(halves)
    want = dict(values("root", 0, 0, 375, 667), **values("a", 137, 10, 100, 21), **values("b", 237, 0, 51, 0))
    check("rounding: x, y floored, width, height ceiled", r.get("status") == "ok" and close(r.get("values"), want), r)

    # v.w == 2·v.h on one child (two attributes of one widget), v.h = 10.5: h = ceil(10.5) = 11, w = 21.
    r = s.solve(lp(ROOT + frame("v"), pinned(100, 100) + [c({"v.w": 1, "v.h": -2}, 0), c({"v.h": 1}, "-10.5")]))
    check("width and height of one child", r.get("status") == "ok"
          and close(r.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 0, 0, 21, 11))), r)

    # v.x == 10 and v.x == 20, both required: GTK drops the later one without a word; the answer is a layout.
    clash = [c({"v.x": 1}, -10, label="v.x is 10"), c({"v.x": 1}, -20, label="v.x is 20"), c({"v.w": 1}, -30)]
    r1 = s.solve(lp(ROOT + frame("v"), pinned(100, 100) + clash))
    r2 = s.solve(lp(ROOT + frame("v"), pinned(100, 100) + [clash[1], clash[0], clash[2]]))
    check("unsatisfiable required row dropped silently, the later one",
          r1.get("status") == "ok" and r2.get("status") == "ok"
          and close(r1.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 10, 0, 30, 0)))
          and close(r2.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 20, 0, 30, 0))), [r1, r2])
    a = s.handle({"op": "load", "id": 2, "workload": {"system": lp(ROOT + frame("v"), pinned(100, 100) + clash),
                                                       "operations": []}})
    b = s.handle({"op": "run", "id": 3, "values": True})
    check("timed run of that system: a layout, not infeasible", a.get("status") == "ok" and b.get("status") == "ok"
          and close(b.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 10, 0, 30, 0))), [a, b])

    # Weighted strengths: v.x == 100 @750 (strong) beats v.x == 50 @250 (weak); v.y: 10 @750 > 20 @500 > 30 @250.
    soft = lp(ROOT + frame("v"), pinned(200, 200) + [
        c({"v.x": 1}, -50, prio=250), c({"v.x": 1}, -100, prio=750), c({"v.y": 1}, -30, prio=250),
        c({"v.y": 1}, -20, prio=500), c({"v.y": 1}, -10, prio="1500/2")])
    r = s.solve(soft)
    check("three levels as strong, medium, weak", r.get("status") == "ok"
          and close(r.get("values"), dict(values("root", 0, 0, 200, 200), **values("v", 100, 10, 0, 0))), r)

    # Resize: root.w == 320 @250 with an edit at 999; v.x = 8, v.right = root.right - 8, v.w >= 250 required, so
    # GTK measures the layout's minimum width as 266. Rounds: 400 -> v.w 384; 200.5 -> 201 (half up), below the
    # minimum: the parent gets 266, v.w 250 (as a GtkWindow is never smaller than its minimum); 100 -> 266 too.
    resize = lp(ROOT + frame("v"), pinned(320, 100, prio=250) + [
        c({"v.x": 1, "root.x": -1}, -8), c({"v.x": 1, "v.w": 1, "root.x": -1, "root.w": -1}, 8),
        c({"v.w": 1}, -250, ">=")], [{"variable": "root.w", "priority": 999}], [{"root.w": 400}, {"root.w": "200.5"},
                                                                              {"root.w": 100}])
    r = s.solve(resize)
    rounds = [x.get("values") for x in r.get("rounds", [])]
    check("resize: a suggested root.w is the parent's allocated width, raised to GTK's measured minimum",
          r.get("status") == "ok"
          and close(r.get("values"), dict(values("root", 0, 0, 320, 100), **values("v", 8, 0, 304, 0)))
          and len(rounds) == 3 and close(rounds[0], dict(values("root", 0, 0, 400, 100), **values("v", 8, 0, 384, 0)))
          and close(rounds[1], dict(values("root", 0, 0, 266, 100), **values("v", 8, 0, 250, 0)))
          and close(rounds[2], dict(values("root", 0, 0, 266, 100), **values("v", 8, 0, 250, 0))), r)
    resize["constraints"].pop()  # without v.w >= 250: 200.5 rounds half up to 201, v.w = 185; 100 -> v.w 84
    r = s.solve(resize)
    rounds = [x.get("values") for x in r.get("rounds", [])]
    check("resize to a half pixel rounds half up", r.get("status") == "ok" and len(rounds) == 3
          and close(rounds[1], dict(values("root", 0, 0, 201, 100), **values("v", 8, 0, 185, 0)))
          and close(rounds[2], dict(values("root", 0, 0, 100, 100), **values("v", 8, 0, 84, 0))), r)

    # root.x == 7 after root.x == 0, both required: GTK drops super.LEFT == 7; v.left == super.left + 3 -> 3.
    r = s.solve(lp(ROOT + frame("v"), pinned(100, 100) + [c({"root.x": 1}, -7), c({"v.x": 1, "root.x": -1}, -3)]))
    check("the root's origin: a contradicting row dropped", r.get("status") == "ok"
          and close(r.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 3, 0, 0, 0))), r)

    # What GTK cannot take is "unsupported".
    views = ROOT + frame("a") + frame("b") + frame("c")
    base = pinned(100, 100)
    cases = [
        ("three attributes in a row", lp(views, base + [c({"a.x": 1, "b.x": -1, "c.x": -1}, 0)]), "3 attributes"),
        ("x + 2w (left and width) and another view", lp(views, base + [c({"a.x": 1, "a.w": 2, "b.x": -1}, 0)]),
         "3 attributes"),
        ("an edit on a view", lp(views, base, [{"variable": "a.x", "priority": 500}]), "edit variable a.x"),
        ("four levels", lp(views, base + [c({"a.x": 1}, -k, prio=p) for k, p in ((1, 100), (2, 200), (3, 300),
                                                                                 (4, 400))]), "4 distinct"),
    ]
    for name, system, why in cases:
        r = s.solve(system)
        check("unsupported: " + name, r.get("status") == "unsupported" and why in r.get("message", ""), r)

    # A workload: a.x = 10 (id 4), a.w = 50 (5), b.x = a.right + 5 (6), b.w = 20 (7), root 300 x 200 (ids 0-3).
    # Then a.x = 20 (b.x 75); b.x = a.x as id 9 instead of id 6 (b.x 20); id 9's constant -> b.x = a.x + 7 (27).
    ops = [{"kind": "update", "steps": [{"set_constant": 4, "constant": "-20"}, {"solve": True}]},
           {"kind": "remake", "steps": [{"remove": 6}, {"add": 9, "constraint": c({"b.x": 1, "a.x": -1}, 0)},
                                        {"solve": True}]},
           {"kind": "update", "steps": [{"set_constant": 9, "constant": -7}, {"solve": True}]}]
    system = lp(ROOT + frame("a") + frame("b"), pinned(300, 200) + [
        c({"a.x": 1}, -10), c({"a.w": 1}, -50), c({"b.x": 1, "a.x": -1, "a.w": -1}, -5), c({"b.w": 1}, -20)])
    a = s.handle({"op": "load", "id": 6, "workload": {"system": system, "operations": ops}})
    b = s.handle({"op": "run", "id": 7, "values": True})
    check("workload with set_constant, remove, add", a == {"id": 6, "status": "ok"} and b.get("status") == "ok"
          and len(b.get("operations", [])) == 3 and all(t >= 0 for t in b["operations"] + [b["build_solve_s"]])
          and close(b.get("values"), dict(values("root", 0, 0, 300, 200), **values("a", 20, 0, 50, 0),
                                          **values("b", 27, 0, 20, 0))), [a, b])
    b3 = s.handle({"op": "run", "id": 8, "repeat": 3, "warmup": 2})
    check("two warm-ups and three runs back to back", b3.get("status") == "ok" and len(b3.get("runs", [])) == 3
          and all(len(x["operations"]) == 3 for x in b3["runs"]), b3)
    # one removal that leaves a view free: after removing b.x's row, b.x is whatever GTK keeps (not judged here)
    a = s.handle({"op": "load", "id": 9, "workload": {"system": system, "operations": [
        {"kind": "update", "steps": [{"remove": 7}, {"add": 8, "constraint": c({"b.w": 1}, -33)}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 10, "values": True})
    check("removal then a new row", a.get("status") == "ok" and b.get("status") == "ok"
          and b["values"]["b.w"] == 33 and b["values"]["b.x"] == 65, [a, b])

    # A resize in a workload: suggest root.w after the rounds (root.w == 300 @250, edit @999, b.right = root.right).
    work = lp(ROOT + frame("b"), pinned(300, 200, prio=250) + [
        c({"b.x": 1, "b.w": 1, "root.x": -1, "root.w": -1}, 0), c({"b.w": 1}, -20)],
        [{"variable": "root.w", "priority": 999}], [{"root.w": 250}])
    a = s.handle({"op": "load", "id": 11, "workload": {"system": work, "operations": [
        {"kind": "resize", "steps": [{"suggest": "root.w", "value": "410"}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 12, "values": True})
    check("resize operation", a.get("status") == "ok" and b.get("status") == "ok"
          and close(b.get("values"), dict(values("root", 0, 0, 410, 200), **values("b", 390, 0, 20, 0))), [a, b])

    check_refused_calls_and_churn(s)
    return checker.done()


def check_refused_calls_and_churn(s):
    """plumb_peer's Checker.check_refused_calls_and_churn, for what GTK can be asked: its system needs an edit on a
    variable other than the root's size, and GTK does not refuse a contradicting required row (it drops it). Here:
    v.x == 10 and v.w == v.x + 5 required (root 100 x 100), root.w editable; marked: v.x == 17 required (taken, and
    dropped by GTK's solver: not refused), the removal of id 1002 (refused), a suggestion for v.y (refused); each
    followed by a marked solve. Values still v.x = 10, v.w = 15. Then churn: v.w's row removed and made again."""
    system = lp(ROOT + frame("v"), pinned(100, 100, prio=250) + [c({"v.x": 1}, -10), c({"v.w": 1, "v.x": -1}, -5)],
                [{"variable": "root.w", "priority": 999}])
    marked = [{"add": 7, "constraint": c({"v.x": 1}, -17)}, {"remove": 1002}, {"suggest": "v.y", "value": "123"}]
    steps = [dict(step, may_fail=True) for call in marked for step in (call, {"solve": True})]
    a = s.handle({"op": "load", "id": 47, "workload": {"system": system, "operations": [
        {"kind": "update", "steps": steps}]}})
    b = s.handle({"op": "run", "id": 48, "values": True})
    groups = {j // 2 for k, j in b.get("refused", [])}
    s.check("refused calls listed (a contradicting row is dropped, not refused), values as before them",
            a.get("status") == "ok" and b.get("status") == "ok" and groups == {1, 2}
            and close(b.get("values"), dict(values("root", 0, 0, 100, 100), **values("v", 10, 0, 15, 0))), [a, b])
    remake = [{"remove": 5}, {"add": 5, "constraint": c({"v.w": 1, "v.x": -1}, -5)}, {"solve": True}]
    a = s.handle({"op": "load", "id": 49, "workload": {"system": system, "operations": [
        {"kind": "remake", "steps": remake}]}})
    b = [s.handle({"op": "churn", "id": 50 + k, "cycles": n}) for k, n in enumerate((0, 20, 30))]
    bad = s.handle({"op": "churn", "id": 53, "cycles": -1})
    s.check("churn counts its cycles", a.get("status") == "ok" and [x.get("cycles") for x in b] == [0, 20, 50]
            and all(x.get("seconds", -1) >= 0 for x in b) and bad.get("status") == "error", [a, b, bad])
