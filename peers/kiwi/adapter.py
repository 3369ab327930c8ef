#!/usr/bin/env python3
"""kiwi (kiwisolver, the Python binding of nucleic/kiwi) as a plumb-solver/1 program.

The harness runs it with `bench run --external kiwi="python3 peers/kiwi/adapter.py"`; it speaks plumb-solver/1
(docs/solver-protocol.md) on standard input and output: a hello line, then one JSON answer per request
(`solve`, `load`, `run`, `quit`). Needs Python 3 and `pip install kiwisolver` (written against 1.5.1). The protocol,
the parsing and the timing loop are in ../plumb_peer.py; this file only says how kiwi takes a system.

Other modes:
    adapter.py --time FILE.json [--repeat R] [--warmup W] [--no-rounds]   time a layout-lp/1 file with the same run code and
        print {"name", "build_solve_s", "build_solve_q1", "build_solve_q3", "edit_total_s", "repeat"}
        (medians and quartiles over R runs after W warm-ups; defaults R=200, W=20)
    adapter.py --self-check   small systems derived by hand, through the same request handler; PASS/FAIL lines
    adapter.py --installed    exit 0 when the installed kiwisolver is the version this adapter supports (1.5.1)

Priority mapping: 1000 -> strength.required. The distinct non-required priorities of the system (constraints,
edits and every constraint an operation adds, together), sorted high to low: one level -> strong; two -> strong,
weak; three -> strong, medium, weak. More than three levels -> status "unsupported".

Edits: in layout-lp/1 an edit variable has no effect until a value is suggested, while kiwi's addEditVariable
pulls the variable to 0 at once. So edit variables are made editable after the initial solve (inside the timed
build region of `run`; `solve` reads the initial values before adding them).

Limits:
  * kiwi weighs its strengths (strong 1e6, medium 1e3, weak 1) and minimizes the weighted sum, so many
    lower-level errors can outweigh one higher-level error (1001 weak errors of 1 against one medium error of 1);
    layout-lp/1 orders levels strictly. Hence "strict_priorities": false and at most three levels.
  * Values are floats: exact numbers ("1/3") are rounded to the nearest double when read.
  * On an infeasible required set kiwi names only the constraint it refused, not the rest of the conflict.
  * set_constant is emulated: the old kiwi constraint is removed and one with the new constant is added.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/, for plumb_peer
import plumb_peer  # noqa: E402
from plumb_peer import PROTOCOL, RESULT_FORMAT, c, close, lp  # noqa: E402

kiwi = plumb_peer.require("kiwisolver", "python3 -m pip install kiwisolver==1.5.1", "kiwi adapter")


class Kiwi(plumb_peer.Peer):
    name = "kiwi"
    version = kiwi.__version__
    supported_versions = ("1.5.1",)  # what peer.json installs; --installed checks it
    supports = {"levels": 3, "strict_priorities": False, "exact": False,
                "edits": True, "remove": True, "set_constant": True, "repeat": True}
    required = kiwi.strength.required
    levels = (("strong", kiwi.strength.strong), ("medium", kiwi.strength.medium), ("weak", kiwi.strength.weak))
    refused = kiwi.UnsatisfiableConstraint

    def variable(self, name):
        return kiwi.Variable(name)

    def constraint(self, terms, constant, relation, strength):
        return kiwi.Constraint(kiwi.Expression([kiwi.Term(v, k) for v, k in terms], constant), relation, strength)

    def solver(self, variables):
        s = kiwi.Solver()
        return plumb_peer.Steps(add=s.addConstraint, remove=s.removeConstraint, edit=s.addEditVariable,
                                suggest=s.suggestValue, solve=s.updateVariables)

    def value(self, variable):
        return variable.value()


KIWI = Kiwi()


# ---------------------------------------------------------------------------------------------------- --self-check

def self_check(checker):
    s, check = checker, checker.check
    h = KIWI.hello()
    check("hello", h["protocol"] == PROTOCOL and h["supports"]["levels"] == 3 and json.loads(json.dumps(h)) == h, h)

    # root.x = 0, root.w = 320, v.x = root.x + 8, v.w = root.w - 16; "free" is in no constraint and reads 0.
    pinned = lp(["root.x", "root.w", "v.x", "v.w", "free"],
                 [c({"root.x": "1"}, "0"), c({"root.w": 1}, "-320"),
                  c({"v.x": "1", "root.x": "-1"}, "-8"), c({"v.w": "2", "root.w": "-2"}, "32")])
    a = s.handle({"op": "solve", "id": 1, "system": pinned})
    r = a.get("result", {})
    check("pinned layout", a["id"] == 1 and r.get("status") == "ok" and r.get("format") == RESULT_FORMAT
          and close(r.get("values"), {"root.x": 0, "root.w": 320, "v.x": 8, "v.w": 304, "free": 0})
          and r.get("rounds") == [], a)

    # x == 100 @750 beats x == 50 @250; y: 10 @750 beats 20 @500 beats 30 @250 (strong/medium/weak).
    soft = lp(["x", "y"], [c({"x": "1"}, "-50", prio=250), c({"x": "1"}, "-100", prio=750),
                            c({"y": "1"}, "-30", prio=250), c({"y": "1"}, "-20", prio=500),
                            c({"y": "1"}, "-10", prio="1500/2")])
    r = s.handle({"op": "solve", "id": 2, "system": soft})["result"]
    check("soft conflict across levels", r["status"] == "ok" and close(r["values"], {"x": 100, "y": 10}), r)

    # x == 10 and x == 20, both required: kiwi refuses the second one.
    bad = lp(["x"], [c({"x": "1"}, "-10", label="x is 10"), c({"x": "1"}, "-20")])
    r = s.handle({"op": "solve", "id": 3, "system": bad})["result"]
    check("infeasible pair", r["status"] == "infeasible" and r["conflict"] == ["#1"], r)
    bad["constraints"].reverse()
    r = s.handle({"op": "solve", "id": 4, "system": bad})["result"]
    check("infeasible pair (labelled)", r["status"] == "infeasible" and r["conflict"] == ["x is 10"], r)

    # w == 200 @250 sets the initial layout (the edit is inactive); rounds suggest w = 320, then 50 @750.
    edit = lp(["w", "v.w"], [c({"v.w": "1", "w": "-1"}, "16"), c({"w": "1"}, "-200", prio=250)],
               [{"variable": "w", "priority": 750}], [{"w": "320"}, {"w": "1/2"}])
    r = s.handle({"op": "solve", "id": 5, "system": edit})["result"]
    check("edit with suggestion rounds", r["status"] == "ok" and close(r["values"], {"w": 200, "v.w": 184})
          and len(r["rounds"]) == 2 and close(r["rounds"][0]["values"], {"w": 320, "v.w": 304})
          and close(r["rounds"][1]["values"], {"w": 0.5, "v.w": -15.5}), r)

    # a = 0, b = a + 10 (id 1), c = b + 5 (id 2), d free. Then: b = a + 20; c = a + 1 as id 9 instead of id 2;
    # id 9's constant -> c = a + 7; a suggestion moves the edit variable d to 3 (it was never suggested: 0).
    ops = [{"kind": "update", "steps": [{"set_constant": 1, "constant": "-20"}, {"solve": True}]},
           {"kind": "remake", "steps": [{"remove": 2}, {"add": 9, "constraint": c({"c": "1", "a": "-1"}, "-1")},
                                        {"solve": True}]},
           {"kind": "update", "steps": [{"set_constant": 9, "constant": -7}, {"suggest": "d", "value": "3"},
                                        {"solve": True}]}]
    work = {"system": lp(["a", "b", "c", "d", "e"], [c({"a": "1"}, "0"), c({"b": "1", "a": "-1"}, "-10"),
                                                       c({"c": "1", "b": "-1"}, "-5")],
                          [{"variable": "d", "priority": 500}]), "operations": ops}
    a = s.handle({"op": "load", "id": 6, "workload": work})
    b = s.handle({"op": "run", "id": 7, "values": True})
    check("workload with remove/add/set_constant", a == {"id": 6, "status": "ok"} and b.get("status") == "ok"
          and len(b.get("operations", [])) == 3 and all(t >= 0 for t in b["operations"] + [b["build_solve_s"]])
          and close(b.get("values"), {"a": 0, "b": 20, "c": 7, "d": 3, "e": 0}), [a, b])
    b2 = s.handle({"op": "run", "id": 8})
    check("second run, fresh solver, no values", b2.get("status") == "ok" and "values" not in b2, b2)
    b3 = s.handle({"op": "run", "id": 14, "repeat": 3, "warmup": 2})
    check("two warm-ups and three runs back to back", b3.get("status") == "ok" and len(b3.get("runs", [])) == 3
          and all(len(r["operations"]) == 3 and r["build_solve_s"] >= 0 for r in b3["runs"]), b3)
    b4 = s.handle({"op": "run", "id": 15, "repeat": 0})
    check("repeat 0 is an error", b4.get("status") == "error" and "repeat" in b4.get("message", ""), b4)

    four = lp(["x"], [c({"x": "1"}, "-1", prio=p) for p in (100, 200, 300)])
    a = s.handle({"op": "load", "id": 9, "workload": {"system": four, "operations": [
        {"kind": "update", "steps": [{"add": 3, "constraint": c({"x": "1"}, "0", prio=400)}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 10})
    check("four levels (one added by an operation) unsupported", a["status"] == "unsupported"
          and "4 distinct" in a["message"] and b["status"] == "error", [a, b])
    a = s.handle({"op": "load", "id": 11, "workload": {"system": pinned, "operations": [
        {"kind": "update", "steps": [{"solve": True}]}, {"kind": "update", "steps": [{"remove": 42}]}]}})
    check("unknown id is an error naming the step", a["status"] == "error"
          and "operations[1].steps[0]" in a["message"], a)
    s.handle({"op": "load", "id": 12, "workload": {"system": pinned, "operations": [
        {"kind": "update", "steps": [{"add": 4, "constraint": c({"v.x": "1"}, "-9")}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 13})
    check("operation adding a conflicting required constraint", b["status"] == "infeasible"
          and "operations[0].steps[0]" in b["message"], b)
    checker.check_refused_calls_and_churn(close)
    return checker.done()


if __name__ == "__main__":
    sys.exit(plumb_peer.main(KIWI, self_check))
