#!/usr/bin/env python3
"""cassowary (the pure-Python `cassowary` package on PyPI, 0.5.2) as a plumb-solver/1 program.

The harness runs it with `bench run --external cassowary-py="python3 peers/cassowary/adapter.py"` (Plumb's own
back end is already called `cassowary`); it speaks plumb-solver/1 (docs/solver-protocol.md) on standard input and
output. Needs Python 3 and `pip install cassowary` (written against 0.5.2). The protocol, the parsing, the timing
loop and the `--time FILE`, `--self-check` and `--installed` modes are in ../plumb_peer.py.

What the package's source says (cassowary/utils.py, simplex_solver.py, expression.py):
  * Strengths are weights: REQUIRED = 1001001000, STRONG = 1e6, MEDIUM = 1e3, WEAK = 1. A required constraint is
    one whose strength equals REQUIRED; every other one puts strength * weight times its error variables into one
    objective, so many lower-level errors can outweigh a higher-level one, as in kiwi. Hence
    "strict_priorities": false and at most three levels.
  * Priority mapping, as for kiwi: 1000 -> REQUIRED; the distinct other priorities (constraints, edits and every
    constraint an operation adds), high to low: one -> STRONG; two -> STRONG, WEAK; three -> STRONG, MEDIUM, WEAK;
    more -> "unsupported".
  * A required constraint that cannot hold raises RequiredFailure from add_constraint (when the constraint is
    added, whatever auto_solve says). The answer names only that constraint, not the rest of the conflict.
  * An inequality is stored as `expression >= 0`; Constraint(expression, LEQ) without a right-hand side would
    silently mean >= too, so a `<=` row is negated here and handed over as >=.
  * add_edit_var holds the variable at its current value at once; as with kiwi, edit variables are made editable
    after the initial solve. suggest_value only moves the edit's constant: the solver needs resolve() (a dual
    simplex pass) afterwards, and its `with solver.edit():` block removes the edit variables when it ends, so it
    is not used. `auto_solve` is turned off (it re-optimises and rewrites every value after each add and remove);
    a solve step runs optimize (after adds and removes) or resolve (after suggestions), and a step that changes
    the tableau first settles pending suggestions. Until its first suggestion an edit holds its variable where the
    initial solve left it (kiwi's pulls it to 0); in layout-lp/1 it has no effect yet.
  * remove_constraint forgets one of a soft equality's two error variables (insert_error_var files them under the
    variable, not the constraint); randomized remove-then-solve runs checked against fresh solves and kiwi found no
    wrong optimum from it.
  * set_constant is emulated: the old constraint is removed and one with the new constant is added.
  * Values are floats. Variable values live in the Variable objects, which a workload reuses across fresh solvers,
    so a fresh solver sets them back to 0 first.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/, for plumb_peer
import plumb_peer  # noqa: E402
from plumb_peer import c, close, lp  # noqa: E402

cassowary = plumb_peer.require("cassowary", "python3 -m pip install cassowary==0.5.2", "cassowary adapter")
from cassowary.expression import Constraint, Expression  # noqa: E402


class Steps:
    """One SimplexSolver with auto_solve off, its suggestions settled before the tableau changes."""
    __slots__ = ("s", "pending")

    def __init__(self):
        self.s = cassowary.SimplexSolver()
        self.s.auto_solve = False
        self.pending = False

    def add(self, cn):
        if self.pending:
            self.solve()
        self.s.add_constraint(cn)

    def remove(self, cn):
        if self.pending:
            self.solve()
        self.s.remove_constraint(cn)

    def edit(self, variable, strength):
        self.s.add_edit_var(variable, strength)

    def suggest(self, variable, value):
        if self.s.needs_solving:
            self.s.solve()
        self.s.suggest_value(variable, value)
        self.pending = True

    def solve(self):
        if self.pending:
            self.s.resolve()
            self.pending = False
        elif self.s.needs_solving:
            self.s.solve()


class PyCassowary(plumb_peer.Peer):
    name = "cassowary"
    version = cassowary.__version__
    supported_versions = ("0.5.2",)  # what peer.json installs; --installed checks it
    supports = {"levels": 3, "strict_priorities": False, "exact": False,
                "edits": True, "remove": True, "set_constant": True, "repeat": True}
    required = cassowary.REQUIRED
    levels = (("strong", cassowary.STRONG), ("medium", cassowary.MEDIUM), ("weak", cassowary.WEAK))
    refused = cassowary.RequiredFailure

    def variable(self, name):
        return cassowary.Variable(name)

    def constraint(self, terms, constant, relation, strength):
        sign = -1.0 if relation == "<=" else 1.0
        expr = Expression(constant=sign * constant)
        for v, k in terms:
            expr.set_variable(v, sign * k)
        return Constraint(expr, Constraint.EQ if relation == "==" else Constraint.GEQ, strength=strength)

    def solver(self, variables):
        for v in variables.values():
            v.value = 0.0
        return Steps()

    def value(self, variable):
        return variable.value


# ---------------------------------------------------------------------------------------------------- --self-check

def self_check(checker):
    check = checker.check
    h = checker.peer.hello()
    check("hello", h["protocol"] == plumb_peer.PROTOCOL and h["solver"] == "cassowary" and h["version"] == "0.5.2"
          and h["supports"] == {"levels": 3, "strict_priorities": False, "exact": False, "edits": True,
                                "remove": True, "set_constant": True, "repeat": True, "may_fail": True, "churn": True}, h)

    # x0 = 4; x1 = x0 + 10 = 14; 2*x2 = 4*x1 - 16, so x2 = 20; x3 = x2/2 + 1 = 11; "free" is in no row: 0.
    chain = lp(["x0", "x1", "x2", "x3", "free"],
               [c({"x0": "1"}, "-4"), c({"x1": "1", "x0": "-1"}, "-10"), c({"x2": "2", "x1": "-4"}, "16"),
                c({"x3": "1", "x2": "-1/2"}, "-1")])
    r = checker.solve(chain)
    check("required equality chain", r.get("status") == "ok" and r.get("rounds") == []
          and close(r.get("values"), {"x0": 4, "x1": 14, "x2": 20, "x3": 11, "free": 0}), r)

    # w >= 100 required beats w == 50 @750 (strong): w = 100. x <= 30 required beats x == 80 @250: x = 30.
    # y: 10 @750 beats 20 @500 beats 30 @250 (strong, medium, weak): y = 10.
    soft = lp(["w", "x", "y"], [c({"w": "1"}, "-50", prio=750), c({"w": "1"}, "-100", ">="),
                                c({"x": "1"}, "-80", prio=250), c({"x": "1"}, "-30", "<="),
                                c({"y": "1"}, "-30", prio=250), c({"y": "1"}, "-20", prio=500),
                                c({"y": "1"}, "-10", prio=750)])
    r = checker.solve(soft)
    check("soft constraints lose to required ones", r.get("status") == "ok"
          and close(r.get("values"), {"w": 100, "x": 30, "y": 10}), r)

    # x == 10 and x >= 20, both required: the second one added is refused and named.
    bad = lp(["x"], [c({"x": "1"}, "-10", label="x is 10"), c({"x": "1"}, "-20", ">=")])
    r = checker.solve(bad)
    check("required conflict is infeasible", r.get("status") == "infeasible" and r.get("conflict") == ["#1"]
          and r.get("values") == {}, r)
    bad["constraints"].reverse()
    r = checker.solve(bad)
    check("required conflict is infeasible (labelled)", r.get("status") == "infeasible"
          and r.get("conflict") == ["x is 10"], r)

    # v.w = w - 16; w == 200 @250 sets the initial layout (the edit @750 is inactive): w = 200, v.w = 184.
    # Round 1 suggests w = 320 (v.w = 304), round 2 w = 1/2 (v.w = -15.5): the edit outweighs w == 200.
    edit = lp(["w", "v.w"], [c({"v.w": "1", "w": "-1"}, "16"), c({"w": "1"}, "-200", prio=250)],
              [{"variable": "w", "priority": 750}], [{"w": "320"}, {"w": "1/2"}])
    r = checker.solve(edit)
    check("edit variable with suggestions", r.get("status") == "ok" and close(r.get("values"), {"w": 200, "v.w": 184})
          and len(r.get("rounds", [])) == 2 and close(r["rounds"][0].get("values"), {"w": 320, "v.w": 304})
          and close(r["rounds"][1].get("values"), {"w": 0.5, "v.w": -15.5}), r)

    # id 0: x == 100 @750, id 1: x == 50 @250, id 2: y = x + 5, edit e @500. Each prefix of the operations:
    # remove 0 -> x = 50; add 3: x <= 20 -> x = 20; id 1's constant -> x == 10, suggest e = 3 -> x = 10;
    # remove 3, add 4: x == 70 @500 -> x = 70; remove 4 -> x = 10 again (the removed rows leave nothing behind).
    system = lp(["x", "y", "e"], [c({"x": "1"}, "-100", prio=750), c({"x": "1"}, "-50", prio=250),
                                  c({"y": "1", "x": "-1"}, "-5")], [{"variable": "e", "priority": 500}])
    ops = [[{"remove": 0}], [{"add": 3, "constraint": c({"x": "1"}, "-20", "<=")}],
           [{"set_constant": 1, "constant": "-10"}, {"suggest": "e", "value": "3"}],
           [{"remove": 3}, {"add": 4, "constraint": c({"x": "1"}, "-70", prio=500)}], [{"remove": 4}]]
    want = [(50, 0), (20, 0), (10, 3), (70, 3), (10, 3)]
    checker.check_operations(system, ops, [{"x": x, "y": x + 5, "e": e} for x, e in want], close)

    checker.check_refused_calls_and_churn(close)
    checker.check_conflicting_operation(chain, c({"x3": "1"}, "-12"))

    four = lp(["x"], [c({"x": "1"}, "-1", prio=p) for p in (100, 200, 300, 400)])
    r = checker.solve(four)
    check("four levels unsupported", r.get("status") == "unsupported" and "4 distinct" in r.get("message", ""), r)

    # Weighted, not strict. Three levels (z == 0 @750 is strong), so x == 0 @500 is medium (1000 per unit) and
    # 2000x == 2000 @250 weak (1 per unit of a row worth 2000 per unit of x): x = 1 costs 1000 and x = 0 costs 2000,
    # so x = 1, where layout-lp/1's strict levels give x = 0.
    r = checker.solve(lp(["x", "z"], [c({"z": "1"}, "0", prio=750), c({"x": "1"}, "0", prio=500),
                                      c({"x": "2000"}, "-2000", prio=250)]))
    check("strengths are weights (strict_priorities false)", r.get("status") == "ok"
          and close(r.get("values"), {"x": 1, "z": 0}), r)
    return checker.done()


if __name__ == "__main__":
    sys.exit(plumb_peer.main(PyCassowary(), self_check))
