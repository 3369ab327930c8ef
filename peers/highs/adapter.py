#!/usr/bin/env python3
"""HiGHS (through highspy) as a plumb-solver/1 program: layout-lp/1 solved as a sequence of LPs, level by level.

The harness runs it with `bench run --external highs="python3 peers/highs/adapter.py"`; it speaks plumb-solver/1
(docs/solver-protocol.md) on standard input and output. Needs Python 3 and `pip install highspy` (written against
1.15.1). The protocol, the parsing, the timing loop and the `--time FILE` / `--self-check` modes are in
../plumb_peer.py; this file says how one HiGHS model holds a system and how it is solved.

This is what a user with an LP solver at hand would write: lexicographic goal programming.
  * Every layout variable is a free column. Every row `sum(k * x) + constant REL 0` is an LP row with bounds from
    -constant. A soft row gets error columns (>= 0) in the same row: an equality two (e+ and e-: lhs - e+ + e- =
    rhs), an inequality one (lhs - e <= rhs, lhs + e >= rhs); its violation is then the sum of its error columns.
  * solve(): the priority levels that hold soft rows, from the highest. For each: cost 1 on that level's error
    columns (0 elsewhere), run the simplex, read the optimum, then fix it before the next level:
      - an optimum of at most ZERO (1e-9): the level's error columns get the upper bound 0 (exact: a sum of
        non-negative columns is 0 only when each is);
      - otherwise a "level row" sum(level's error columns) <= optimum + 1e-12 * (1 + optimum), made the first
        time the level needs it and kept (free) afterwards, its columns added as the level grows. The cap only
        covers the rounding of the sum: any slack here is room the lower levels use to move the layout (a slack
        of 1e-9 relative moved a frame by 7e-7 against an optimum of 724), and HiGHS's own feasibility tolerance
        already gives 1e-9. Should a later LP come out infeasible from rounding, the caps are widened to
        1e-9 * (1 + optimum) and it is run once more.
    The values are read after the last level; the bounds and level rows set for this solve are then released,
    so the model is the plain system again for the next solve. No level is ever weighed against another, so
    priorities are strict and any number of levels is kept apart. Feasibility tolerances are 1e-9 (HiGHS's
    default is 1e-7), far inside the harness's 1e-6.
  * The model is changed in place and HiGHS warm-starts from its last basis: the system's rows go in as one batch
    at the first solve; later adds are batched until the next solve; remove frees the row (bounds -inf..inf) and
    fixes its error columns at 0 (the row stays in the matrix, unused: HiGHS renumbers rows on deletion);
    set_constant is plumb_peer's remove and add. An edit gets its soft row `v == value` at its first suggestion;
    later suggestions only move that row's bounds.
  * Infeasible required rows: the first LP of a solve (required rows plus the top level's objective, never
    unbounded since every cost is on a non-negative column) is infeasible. solve() raises `Infeasible`; its
    `conflict` (computed only when asked, so not in a timed run) is HiGHS's irreducible infeasible subset (getIis)
    mapped back to the required rows, or every required row when HiGHS gives none.
  * An ambiguous layout gets whatever optimal vertex HiGHS ends on. Values are floats: exact numbers are rounded
    to the nearest double when read. HiGHS's log is off and it runs on one thread, with the primal simplex: each
    level only changes costs, so the basis the last level ended on is feasible and the primal simplex goes on
    from it (HiGHS's default, the dual simplex, was 1.2 to 3 times slower on the generated families, most on
    suggestion rounds).
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/, for plumb_peer
import plumb_peer  # noqa: E402
from plumb_peer import REQUIRED, c, close, lp  # noqa: E402

highspy = plumb_peer.require("highspy", "python3 -m pip install highspy==1.15.1", "highs adapter")
import numpy as np  # noqa: E402  (a dependency of highspy)

INF = highspy.kHighsInf
STATUS = highspy.HighsModelStatus
SOLVED = (STATUS.kOptimal, STATUS.kModelEmpty)
NO_POINT = (STATUS.kInfeasible, STATUS.kUnboundedOrInfeasible)  # every objective here is bounded below by 0
ZERO = 1e-9   # a level optimum at most this is taken as 0 and fixed by bounds
CAP = 1e-12   # a positive level optimum is fixed as sum <= optimum + CAP * (1 + optimum): its rounding only
RETRY = 1e-9  # ... widened to RETRY * (1 + optimum) if HiGHS then finds no point (never seen on the corpus)
OPTIONS = {"output_flag": False, "log_to_console": False, "threads": 1, "solver": "simplex",
           "simplex_strategy": 4,  # primal: a new level changes only costs, so the last basis stays feasible
           "primal_feasibility_tolerance": 1e-9, "dual_feasibility_tolerance": 1e-9}
I32, F64 = np.int32, np.float64


class Var:
    """A layout variable: its column, the same in every solver of a workload (set by HiGHSPeer.solver)."""
    __slots__ = ("name", "col")

    def __init__(self, name):
        self.name, self.col = name, -1


class Row:
    """A native constraint: lower <= sum(k * x) [+ error columns] <= upper at a priority (REQUIRED: hard)."""
    __slots__ = ("terms", "cols", "coefs", "lower", "upper", "priority", "errors")

    def __init__(self, terms, constant, relation, priority):
        self.terms = terms  # [(Var, float)]
        self.cols = None    # [column], made at the first placement (columns are known by then)
        self.coefs = [k for _, k in terms]
        rhs = -constant
        self.lower = rhs if relation != "<=" else -INF
        self.upper = rhs if relation != ">=" else INF
        self.priority = priority
        # coefficients of the error columns: lhs - e+ + e- == rhs; lhs - e <= rhs; lhs + e >= rhs
        self.errors = () if priority == REQUIRED else {"==": (-1.0, 1.0), "<=": (-1.0,), ">=": (1.0,)}[relation]


class Level:
    """The soft rows of one priority in a solver: {Row: its error columns}, and the level row once made."""
    __slots__ = ("members", "cols", "row")

    def __init__(self):
        self.members, self.cols, self.row = {}, None, None

    def columns(self):
        if self.cols is None:
            self.cols = np.fromiter((j for errs in self.members.values() for j in errs), dtype=I32)
        return self.cols


class Infeasible(Exception):
    """The required rows cannot all hold; `conflict` names an irreducible subset of them (computed when read)."""

    def __init__(self, steps):
        super().__init__("HiGHS found the required rows infeasible")
        self.steps = steps

    @property
    def conflict(self):
        return self.steps.iis()


class Steps:
    """One HiGHS model, changed in place (see the module docstring)."""

    def __init__(self, count):
        self.h = h = highspy.Highs()
        for key, value in OPTIONS.items():
            h.setOptionValue(key, value)
        if count:
            h.addVars(count, np.full(count, -INF), np.full(count, INF))
        self.ncols, self.nrows = count, 0
        self.placed = {}   # Row -> (row index, error columns)
        self.pending = {}  # Rows added since the last solve, in order (a dict as an ordered set)
        self.levels = {}   # priority -> Level
        self.edits = {}    # Var -> its edit's Row (the suggested value in its bounds), made by edit()
        self.x = []        # column values after the last solve

    # -- the five steps

    def add(self, row):
        self.pending[row] = None

    def remove(self, row):
        if row in self.pending:  # added since the last solve: never placed
            del self.pending[row]
            return
        index, errs = self.placed.pop(row)
        h = self.h
        h.changeRowBounds(index, -INF, INF)
        if errs:
            n = len(errs)
            h.changeColsBounds(n, np.array(errs, dtype=I32), np.zeros(n), np.zeros(n))
            level = self.levels[row.priority]
            del level.members[row]
            level.cols = None

    def edit(self, var, priority):
        self.edits[var] = Row(((var, 1.0),), 0.0, "==", priority)

    def suggest(self, var, value):
        row = self.edits[var]
        row.lower = row.upper = value
        if row in self.placed:
            self.h.changeRowBounds(self.placed[row][0], value, value)
        else:
            self.pending[row] = None

    def solve(self):
        if self.pending:
            self._place()
        h = self.h
        levels = [self.levels[p] for p in sorted(self.levels, reverse=True) if self.levels[p].members]
        if not levels:
            self._run(True)
        fixed, capped = [], []
        last = len(levels) - 1
        for i, level in enumerate(levels):
            cols = level.columns()
            n = len(cols)
            h.changeColsCost(n, cols, np.ones(n))
            self._run(i == 0, capped)
            optimum = h.getObjectiveValue()
            if i == last:
                break
            h.changeColsCost(n, cols, np.zeros(n))
            if optimum <= ZERO:
                h.changeColsBounds(n, cols, np.zeros(n), np.zeros(n))
                fixed.append(cols)
            else:
                bound = optimum + CAP * (1.0 + optimum)
                if level.row is None:
                    h.addRow(-INF, bound, n, cols, np.ones(n))
                    level.row = self.nrows
                    self.nrows += 1
                else:
                    h.changeRowBounds(level.row, -INF, bound)
                capped.append((level.row, optimum))
        self.x = h.getSolution().col_value
        if levels:  # back to the plain system: the last level's costs, the bounds and level rows of this solve
            cols = levels[-1].columns()
            h.changeColsCost(len(cols), cols, np.zeros(len(cols)))
        for cols in fixed:
            n = len(cols)
            h.changeColsBounds(n, cols, np.zeros(n), np.full(n, INF))
        for index, _ in capped:
            h.changeRowBounds(index, -INF, INF)

    # -- the model

    def _run(self, first, capped=()):
        h = self.h
        h.run()
        status = h.getModelStatus()
        if status in SOLVED:
            return
        if first and status in NO_POINT:
            raise Infeasible(self)
        if status in NO_POINT and capped:  # the higher levels' caps too tight for HiGHS's rounding: widen, once
            for index, optimum in capped:
                h.changeRowBounds(index, -INF, optimum + RETRY * (1.0 + optimum))
            h.run()
            status = h.getModelStatus()
            if status in SOLVED:
                return
        raise RuntimeError("HiGHS ended with status %r (%s) on a %s LP" % (
            self.h.modelStatusToString(status), status, "first" if first else "later level's"))

    def _place(self):
        """The pending rows into the model: their error columns, then the rows, in one batch each."""
        rows = list(self.pending)
        self.pending.clear()
        h = self.h
        extra = sum(len(r.errors) for r in rows)
        if extra:
            h.addVars(extra, np.zeros(extra), np.full(extra, INF))
        col, index = self.ncols, self.nrows
        starts, indices, values, lower, upper = [], [], [], [], []
        grown = []
        for r in rows:
            if r.cols is None:
                r.cols = [v.col for v, _ in r.terms]
            starts.append(len(indices))
            indices += r.cols
            values += r.coefs
            errs = ()
            if r.errors:
                errs = tuple(range(col, col + len(r.errors)))
                col += len(errs)
                indices += errs
                values += r.errors
                level = self.levels.get(r.priority)
                if level is None:
                    level = self.levels[r.priority] = Level()
                level.members[r] = errs
                level.cols = None
                if level.row is not None:
                    grown.append((level.row, errs))
            lower.append(r.lower)
            upper.append(r.upper)
            self.placed[r] = (index, errs)
            index += 1
        h.addRows(len(rows), np.array(lower, dtype=F64), np.array(upper, dtype=F64), len(indices),
                  np.array(starts, dtype=I32), np.array(indices, dtype=I32), np.array(values, dtype=F64))
        for level_row, errs in grown:
            for j in errs:
                h.changeCoeff(level_row, j, 1.0)
        self.ncols, self.nrows = col, index

    def iis(self):
        """The required rows of HiGHS's irreducible infeasible subset (every required row when it gives none)."""
        required = [r for r in self.placed if r.priority == REQUIRED]
        try:
            self.h.setOptionValue("iis_strategy", int(highspy._core.IisStrategy.kIisStrategyIrreducible))
            status, iis = self.h.getIis()
            rows = set(iis.row_index_) if iis.valid_ else set()
        except Exception:  # an older highspy without getIis, or its failure: name them all
            rows = set()
        named = [r for r in required if self.placed[r][0] in rows]
        return named or required


class HiGHSPeer(plumb_peer.Peer):
    name = "highs"
    version = highspy.Highs().version()
    supports = {"levels": None, "strict_priorities": True, "exact": False,
                "edits": True, "remove": True, "set_constant": True, "repeat": True}
    required = REQUIRED
    levels = None  # any number: each priority is its own LP objective, in turn
    refused = Infeasible
    last = None

    def strength(self, priority):
        return priority  # the exact priority itself orders the levels

    def variable(self, name):
        return Var(name)

    def constraint(self, terms, constant, relation, strength):
        return Row(terms, constant, relation, strength)

    def solver(self, variables):
        for col, v in enumerate(variables.values()):
            v.col = col
        self.last = Steps(len(variables))
        s = self.last
        return plumb_peer.Steps(add=s.add, remove=s.remove, edit=s.edit, suggest=s.suggest, solve=s.solve)

    def value(self, variable):
        return self.last.x[variable.col]


HIGHS = HiGHSPeer()


# ---------------------------------------------------------------------------------------------------- --self-check

def self_check(checker):
    check = checker.check
    h = checker.peer.hello()
    check("hello", h["protocol"] == plumb_peer.PROTOCOL and h["solver"] == "highs" and h["version"] == "1.15.1"
          and h["supports"] == {"levels": None, "strict_priorities": True, "exact": False, "edits": True,
                                "remove": True, "set_constant": True, "repeat": True, "may_fail": True, "churn": True}, h)

    # x0 = 4; x1 = x0 + 10 = 14; 2*x2 = 4*x1 - 16, so x2 = 20; x3 = x2/2 + 1 = 11; "free" is in no row: 0.
    chain = lp(["x0", "x1", "x2", "x3", "free"],
               [c({"x0": "1"}, "-4"), c({"x1": "1", "x0": "-1"}, "-10"), c({"x2": "2", "x1": "-4"}, "16"),
                c({"x3": "1", "x2": "-1/2"}, "-1")])
    r = checker.solve(chain)
    check("required equality chain", r.get("status") == "ok" and r.get("rounds") == []
          and close(r.get("values"), {"x0": 4, "x1": 14, "x2": 20, "x3": 11, "free": 0}), r)

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
          and close(r.get("values"), {"x": 0, "y": 15}), r)

    # Within a level the sum counts: a == 0, a == 6, a == 10 all @300: the median minimises |a| + |a-6| + |a-10|,
    # a = 6 (total 10). With b: b >= 5 required, b <= 2 @600 (violated by 3 at best), b == 9 @100: b = 5.
    median = lp(["a", "b"], [c({"a": "1"}, "0", prio=300), c({"a": "1"}, "-6", prio=300),
                             c({"a": "1"}, "-10", prio=300), c({"b": "1"}, "-5", ">="),
                             c({"b": "1"}, "-2", "<=", prio=600), c({"b": "1"}, "-9", prio=100)])
    r = checker.solve(median)
    check("sum within a level; inequalities required and soft", r.get("status") == "ok"
          and close(r.get("values"), {"a": 6, "b": 5}), r)

    # x == 10 and x >= 20 required (y == 3 required besides, and a soft row on x): infeasible, HiGHS's IIS is the
    # two rows on x.
    bad = lp(["x", "y"], [c({"x": "1"}, "-10", label="x is 10"), c({"y": "1"}, "-3"),
                          c({"x": "1"}, "-20", ">="), c({"x": "1"}, "-15", prio=500)])
    r = checker.solve(bad)
    check("infeasible required pair", r.get("status") == "infeasible" and r.get("conflict") == ["x is 10", "#2"]
          and r.get("values") == {}, r)

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
    # remove 3, add 4: x == 70 @500 -> x = 70; remove 4 -> x = 10 again. Then in one operation: x == 40 @250
    # (id 5), x >= 39 @240, id 1 -> x == 45: level 250 is |x - 45| + |x - 40|, 5 on all of [40, 45], where
    # x >= 39 @240 holds; x <= 41 @230 leaves [40, 41]; x == 40.5 @220 picks x = 40.5 (five levels in use).
    system = lp(["x", "y", "e"], [c({"x": "1"}, "-100", prio=750), c({"x": "1"}, "-50", prio=250),
                                  c({"y": "1", "x": "-1"}, "-5")], [{"variable": "e", "priority": 500}])
    ops = [[{"remove": 0}], [{"add": 3, "constraint": c({"x": "1"}, "-20", "<=")}],
           [{"set_constant": 1, "constant": "-10"}, {"suggest": "e", "value": "3"}],
           [{"remove": 3}, {"add": 4, "constraint": c({"x": "1"}, "-70", prio=500)}], [{"remove": 4}],
           [{"add": 5, "constraint": c({"x": "1"}, "-40", prio=250)},
            {"add": 6, "constraint": c({"x": "1"}, "-39", ">=", prio=240)},
            {"set_constant": 1, "constant": "-45"}, {"add": 7, "constraint": c({"x": "1"}, "-41", "<=", prio=230)},
            {"add": 8, "constraint": c({"x": "1"}, "-40.5", prio=220)}]]
    want = [(50, 0), (20, 0), (10, 3), (70, 3), (10, 3), (40.5, 3)]
    checker.check_operations(system, ops, [{"x": x, "y": x + 5, "e": e} for x, e in want], close)

    # Edits in a workload: e is free until suggested (0 as an unused variable would read), then follows the
    # suggestions; a required row x == e + 1 makes x follow too.
    checker.check_edit_rounds_then_operation(close)
    checker.check_refused_calls_and_churn(close)
    checker.check_conflicting_operation(chain, c({"x3": "1"}, "-12"))
    checker.check_infeasible_run(bad)
    return checker.done()


if __name__ == "__main__":
    sys.exit(plumb_peer.main(HIGHS, self_check))
