#!/usr/bin/env python3
"""z3's optimizer (the `z3-solver` package) as an exact plumb-solver/1 program: rationals throughout.

The harness runs it with `bench run --external z3="python3 peers/z3/adapter.py"`; it speaks plumb-solver/1
(docs/solver-protocol.md) on standard input and output. Needs Python 3 and `pip install z3-solver` (written against
5.4.1.0). The protocol, the parsing, the timing loop and the `--time FILE`, `--self-check` and `--installed` modes
are in ../plumb_peer.py; this file says how z3 takes a system.

  * Exact: layout-lp/1's numbers are read as Fractions (plumb_peer's `number`), handed to z3 as rational literals
    ("n/d"), and z3's model values come back as Fractions, written as exact strings ("1/3"). z3's linear real
    arithmetic is exact, so nothing is rounded anywhere: "exact": true.
  * Each layout variable is a z3 Real. A required row is asserted as it is. A soft row gets an error variable e:
    e >= lhs and e >= -lhs for ==, e >= lhs and e >= 0 for <=, e >= -lhs and e >= 0 for >=; the level's
    violation is the least sum of its error variables.
  * Levels: z3's own lexicographic objectives. One Optimize holds the rows; each level's sum of error variables
    is an objective, added with minimize() from the highest priority down, and one check() (z3's default
    priority, 'lex') minimises the first, keeps its optimum (exactly: rationals) while minimising the second, and
    so on. No level is weighed against another: strict priorities, any number of levels. Solving level by level
    by hand (push, minimize one level, check, pop, assert `sum == optimum`, next level) gave the same answers on
    the corpus but was slower: each check starts over and the asserted sum is one dense row over the level's
    error variables (app family at 100 views 0.32 s against 0.13 s for build+solve; random at 1000 views over
    500 s against 200 s).
  * The Optimize runs with "incremental" set, which turns z3's preprocessing off: its equation solving made a
    100-view chain of required equalities take 5 s instead of 0.02 s (n^3 or worse).
  * z3 is not incremental here: solve() builds a fresh Optimize from the rows in use (their z3 terms are built
    at load time, before any clock), so add, remove and set_constant are bookkeeping and every solve starts
    over. An edit gets its soft row `v == value` at each suggestion.
  * Infeasible required rows: the check is unsat. solve() raises `Infeasible`; its `conflict` (computed
    only when asked, so not in a timed run) is an unsat core of the required rows from a plain z3 Solver,
    shrunk one row at a time until every row in it is needed: an irreducible conflicting set.
  * Time: every check has a limit (PLUMB_Z3_TIMEOUT seconds, default 120); past it z3 answers unknown and the
    request is an error saying so, so no system hangs the harness (whose own limit is 600 s per request).
  * An ambiguous layout gets whatever optimal point z3's model holds.
"""
import os
import sys
from fractions import Fraction

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/, for plumb_peer
import plumb_peer  # noqa: E402
from plumb_peer import REQUIRED, c, lp  # noqa: E402

z3 = plumb_peer.require("z3", "python3 -m pip install z3-solver==5.4.1.0", "z3 adapter")

TIMEOUT_MS = int(float(os.environ.get("PLUMB_Z3_TIMEOUT", "120")) * 1000)
ZERO = z3.RealVal(0)


def rational(q):
    """A Fraction as a z3 rational literal."""
    return z3.RealVal("%d/%d" % (q.numerator, q.denominator))


class Row:
    """A native constraint: its z3 assertions and, for a soft row, its error variable (built once, at load)."""
    __slots__ = ("priority", "facts", "error")

    def __init__(self, terms, constant, relation, priority):
        lhs = z3.Sum([rational(k) * v for v, k in terms] + [rational(constant)]) if terms else rational(constant)
        self.priority = priority
        if priority == REQUIRED:
            self.error = None
            self.facts = (lhs == ZERO if relation == "==" else lhs <= ZERO if relation == "<=" else lhs >= ZERO,)
        else:
            e = self.error = z3.FreshReal("e")
            if relation == "==":
                self.facts = (e >= lhs, e >= -lhs)
            else:
                self.facts = (e >= (lhs if relation == "<=" else -lhs), e >= ZERO)


class Infeasible(Exception):
    """The required rows cannot all hold; `conflict` is an irreducible set of them (computed when read)."""

    def __init__(self, rows):
        super().__init__("z3 found the required rows unsatisfiable")
        self.rows = rows

    @property
    def conflict(self):
        return irreducible(self.rows)


def irreducible(rows):
    """An irreducible unsatisfiable subset of the required rows `rows`: z3's unsat core, then deletion."""
    s = z3.Solver()
    s.set("timeout", TIMEOUT_MS)
    flags = [z3.FreshBool("r") for _ in rows]
    for b, r in zip(flags, rows):
        s.add(z3.Implies(b, z3.And(*r.facts)))
    if s.check(*flags) != z3.unsat:
        return list(rows)
    core = list(s.unsat_core())
    k = 0
    while k < len(core):  # drop each row without which the rest of the core is still unsatisfiable
        rest = core[:k] + core[k + 1:]
        if s.check(*rest) == z3.unsat:
            core = rest
        else:
            k += 1
    keep = {b.get_id() for b in core}
    return [r for b, r in zip(flags, rows) if b.get_id() in keep]


class Steps:
    """The rows in use and the edits; each solve builds one Optimize (see the module docstring)."""

    def __init__(self):
        self.rows = {}   # Row -> None: the rows in use, in order
        self.edits = {}  # variable -> priority
        self.suggested = {}  # variable -> the Row of its last suggestion
        self.model = None

    def add(self, row):
        self.rows[row] = None

    def remove(self, row):
        del self.rows[row]

    def edit(self, var, priority):
        self.edits[var] = priority

    def suggest(self, var, value):
        self.suggested[var] = Row(((var, Fraction(1)),), -value, "==", self.edits[var])

    def solve(self):
        o = z3.Optimize()
        o.set("timeout", TIMEOUT_MS)
        o.set("incremental", True)  # skips z3's preprocessing, whose equation solving blows up on chains of rows
        levels = {}
        facts = []
        for r in list(self.rows) + list(self.suggested.values()):
            facts.extend(r.facts)
            if r.error is not None:
                levels.setdefault(r.priority, []).append(r.error)
        o.add(*facts)
        for p in sorted(levels, reverse=True):  # in order of importance: lexicographic (z3's default priority)
            o.minimize(z3.Sum(levels[p]))
        answer = o.check()
        if answer == z3.sat:
            self.model = o.model()
            return
        if answer == z3.unsat:  # the objectives never make a problem unsat: the required rows conflict
            raise Infeasible([r for r in self.rows if r.error is None])
        raise RuntimeError("z3 gave up on a system of %d rows and %d priority levels (%s; the limit is %g s, "
                           "PLUMB_Z3_TIMEOUT)" % (len(self.rows), len(levels), o.reason_unknown(), TIMEOUT_MS / 1000))


class Z3Peer(plumb_peer.Peer):
    name = "z3"
    version = z3.get_version_string()
    supported_versions = ("5.4.1",)  # z3 of z3-solver 5.4.1.0, what peer.json installs; --installed checks it
    supports = {"levels": None, "strict_priorities": True, "exact": True,
                "edits": True, "remove": True, "set_constant": True, "repeat": True}
    required = REQUIRED
    levels = None  # any number: one optimization per priority, in turn
    refused = Infeasible
    number = Fraction
    last = None

    def strength(self, priority):
        return priority

    def variable(self, name):
        return z3.FreshReal("v")

    def constraint(self, terms, constant, relation, strength):
        return Row(terms, constant, relation, strength)

    def solver(self, variables):
        s = self.last = Steps()
        return plumb_peer.Steps(add=s.add, remove=s.remove, edit=s.edit, suggest=s.suggest, solve=s.solve)

    def value(self, variable):
        return self.last.model.eval(variable, model_completion=True).as_fraction()


Z3 = Z3Peer()


# ---------------------------------------------------------------------------------------------------- --self-check

def exactly(got, want):
    """Every value is the exact string of the wanted Fraction (as layout-result/1 writes it), and no others."""
    return (isinstance(got, dict) and set(got) == set(want)
            and all(isinstance(got[k], str) and Fraction(got[k]) == Fraction(v) for k, v in want.items()))


def self_check(checker):
    check = checker.check
    h = checker.peer.hello()
    check("hello", h["protocol"] == plumb_peer.PROTOCOL and h["solver"] == "z3" and h["version"] == "5.4.1"
          and h["supports"] == {"levels": None, "strict_priorities": True, "exact": True, "edits": True,
                                "remove": True, "set_constant": True, "repeat": True, "may_fail": True, "churn": True}, h)

    # x0 = 4; x1 = x0 + 10 = 14; 2*x2 = 4*x1 - 16, so x2 = 20; x3 = x2/2 + 1 = 11; "free" is in no row: 0.
    chain = lp(["x0", "x1", "x2", "x3", "free"],
               [c({"x0": "1"}, "-4"), c({"x1": "1", "x0": "-1"}, "-10"), c({"x2": "2", "x1": "-4"}, "16"),
                c({"x3": "1", "x2": "-1/2"}, "-1")])
    r = checker.solve(chain)
    check("required equality chain", r.get("status") == "ok" and r.get("rounds") == []
          and exactly(r.get("values"), {"x0": 4, "x1": 14, "x2": 20, "x3": 11, "free": 0}), r)

    # Thirds: 3w == 1 required, a = w + 1/6 (= 1/2), b == 0.1 @500 exactly 1/10, c = a / 7 = 1/14.
    thirds = lp(["w", "a", "b", "c"], [c({"w": "3"}, "-1"), c({"a": "1", "w": "-1"}, "-1/6"),
                                       c({"b": "1"}, "-0.1", prio=500), c({"c": "7", "a": "-1"}, "0")])
    r = checker.solve(thirds)
    check("exact fractions", r.get("status") == "ok" and r.get("values") == {"w": "1/3", "a": "1/2", "b": "1/10",
                                                                             "c": "1/14"}, r)

    # Strict levels. x == 0 @500 against three rows at 250 that want x == 10 (x - 10 == 0, 2x - 20 == 0 and
    # x >= 10): at x the 250 level costs |x - 10| + 2|x - 10| + max(0, 10 - x) = 4 (10 - x) for x <= 10, and 500
    # costs |x|. Weighted 1:1 (or 2:1) the three would win (x = 10); strictly the single row at 500 wins: x = 0,
    # the 250 level keeps its whole violation 40. On y, four levels: y == 15 @750.5 beats 10 @750, 20 @500 and
    # 30 @250: y = 15.
    strict = lp(["x", "y"], [c({"x": "1"}, "-10", prio=250), c({"x": "2"}, "-20", prio=250),
                             c({"x": "1"}, "-10", ">=", prio=250), c({"x": "1"}, "0", prio=500),
                             c({"y": "1"}, "-30", prio=250), c({"y": "1"}, "-20", prio=500),
                             c({"y": "1"}, "-10", prio=750), c({"y": "1"}, "-15", prio="750.5")])
    r = checker.solve(strict)
    check("strict priorities: one row at 500 beats three at 250", r.get("status") == "ok"
          and exactly(r.get("values"), {"x": 0, "y": 15}), r)

    # Within a level the sum counts: a == 0, a == 6, a == 10 all @300: the median minimises |a| + |a-6| + |a-10|,
    # a = 6 (total 10). b >= 5 required, b <= 2 @600 (violated by 3 at best), b == 9 @100: b = 5. A tie broken
    # by a lower level, in thirds: 3t <= 1 @400 and t >= 0 @400 hold on [0, 1/3]; t == 1 @200 picks t = 1/3.
    median = lp(["a", "b", "t"], [c({"a": "1"}, "0", prio=300), c({"a": "1"}, "-6", prio=300),
                                  c({"a": "1"}, "-10", prio=300), c({"b": "1"}, "-5", ">="),
                                  c({"b": "1"}, "-2", "<=", prio=600), c({"b": "1"}, "-9", prio=100),
                                  c({"t": "3"}, "-1", "<=", prio=400), c({"t": "1"}, "0", ">=", prio=400),
                                  c({"t": "1"}, "-1", prio=200)])
    r = checker.solve(median)
    check("sum within a level; inequalities required and soft", r.get("status") == "ok"
          and exactly(r.get("values"), {"a": 6, "b": 5, "t": "1/3"}), r)

    # x == 10, y == 3 and x >= 20 required (and a soft row on x): infeasible; the irreducible set is #0 and #2.
    bad = lp(["x", "y"], [c({"x": "1"}, "-10", label="x is 10"), c({"y": "1"}, "-3"),
                          c({"x": "1"}, "-20", ">="), c({"x": "1"}, "-15", prio=500)])
    r = checker.solve(bad)
    check("infeasible required pair", r.get("status") == "infeasible" and r.get("conflict") == ["x is 10", "#2"]
          and r.get("values") == {}, r)

    # v.w = w - 16; w == 200 @250 sets the initial layout (the edit @750 is inactive): w = 200, v.w = 184.
    # Round 1 suggests w = 320 (v.w = 304), round 2 w = 1/3 (v.w = -47/3): the edit outweighs w == 200.
    edit = lp(["w", "v.w"], [c({"v.w": "1", "w": "-1"}, "16"), c({"w": "1"}, "-200", prio=250)],
              [{"variable": "w", "priority": 750}], [{"w": "320"}, {"w": "1/3"}])
    r = checker.solve(edit)
    check("edit variable with suggestions", r.get("status") == "ok"
          and exactly(r.get("values"), {"w": 200, "v.w": 184}) and len(r.get("rounds", [])) == 2
          and exactly(r["rounds"][0].get("values"), {"w": 320, "v.w": 304})
          and exactly(r["rounds"][1].get("values"), {"w": "1/3", "v.w": "-47/3"}), r)

    # id 0: x == 100 @750, id 1: x == 50 @250, id 2: y = x + 5, edit e @500. Each prefix of the operations:
    # remove 0 -> x = 50; add 3: x <= 20 -> x = 20; id 1's constant -> x == 10, suggest e = 3 -> x = 10;
    # remove 3, add 4: x == 70 @500 -> x = 70; remove 4 -> x = 10 again. Then in one operation: x == 40 @250
    # (id 5), x >= 39 @240, id 1 -> x == 45: level 250 is |x - 45| + |x - 40|, 5 on all of [40, 45], where
    # x >= 39 @240 holds; x <= 41 @230 leaves [40, 41]; 3x == 121 @220 picks x = 121/3 (five levels in use).
    system = lp(["x", "y", "e"], [c({"x": "1"}, "-100", prio=750), c({"x": "1"}, "-50", prio=250),
                                  c({"y": "1", "x": "-1"}, "-5")], [{"variable": "e", "priority": 500}])
    ops = [[{"remove": 0}], [{"add": 3, "constraint": c({"x": "1"}, "-20", "<=")}],
           [{"set_constant": 1, "constant": "-10"}, {"suggest": "e", "value": "3"}],
           [{"remove": 3}, {"add": 4, "constraint": c({"x": "1"}, "-70", prio=500)}], [{"remove": 4}],
           [{"add": 5, "constraint": c({"x": "1"}, "-40", prio=250)},
            {"add": 6, "constraint": c({"x": "1"}, "-39", ">=", prio=240)},
            {"set_constant": 1, "constant": "-45"}, {"add": 7, "constraint": c({"x": "1"}, "-41", "<=", prio=230)},
            {"add": 8, "constraint": c({"x": "3"}, "-121", prio=220)}]]
    want = [(50, 0), (20, 0), (10, 3), (70, 3), (10, 3), (Fraction(121, 3), 3)]
    checker.check_operations(system, ops, [{"x": x, "y": x + 5, "e": e} for x, e in want], exactly)

    checker.check_edit_rounds_then_operation(exactly)
    checker.check_refused_calls_and_churn(exactly)
    checker.check_conflicting_operation(chain, c({"x3": "1"}, "-12"))
    checker.check_infeasible_run(bad)
    return checker.done()


if __name__ == "__main__":
    sys.exit(plumb_peer.main(Z3, self_check))
