#!/usr/bin/env python3
"""HiGHS (through highspy) as a plumb-solver/1 program: layout-lp/1 solved as a sequence of LPs, level by level.

The harness runs it with `bench run --external highs="python3 peers/highs/adapter.py"`; it speaks plumb-solver/1
(docs/solver-protocol.md) on standard input and output. Needs Python 3 and `pip install highspy` (written against
1.16.0, which peer.json installs and --installed asks for; 1.15.1 runs it too). The protocol, the parsing, the timing
loop and the `--time FILE`, `--self-check` and `--installed` modes are in ../plumb_peer.py; this file says how one
HiGHS model holds a system and how it is solved.

This is what a user with an LP solver at hand would write: lexicographic goal programming on one live model.
  * Every layout variable is a free column. Every row `sum(k * x) + constant REL 0` is an LP row with bounds from
    -constant. A soft row gets error columns (>= 0) in the same row: an equality two (e+ and e-: lhs - e+ + e- =
    rhs), an inequality one (lhs - e <= rhs, lhs + e >= rhs); its violation is then the sum of its error columns.
  * solve(): the priority levels that hold soft rows, from the highest. For each: cost 1 on that level's error
    columns (0 elsewhere), run the simplex, read the optimum, then fix it before the next level:
      - an optimum of at most ZERO (1e-9): the level's error columns get the upper bound 0 (exact: a sum of
        non-negative columns is 0 only when each is);
      - otherwise the level's "level row" sum(its error columns) <= optimum + 1e-12 * (1 + optimum). The cap only
        covers the rounding of the sum: any slack here is room the lower levels use to move the layout (a slack
        of 1e-9 relative moved a frame by 7e-7 against an optimum of 724), and HiGHS's own feasibility tolerance
        already gives 1e-9. Should a later LP come out infeasible from rounding, the caps are widened to
        1e-9 * (1 + optimum) and it is run once more.
    A level after the first whose error columns already sum to at most ZERO at the point the last LP ended on needs
    no LP: that point is optimal for it (its sum cannot go below 0), and it is fixed at 0 as above. (Reading the
    point costs a conversion of every column value, so only a level whose optimum was 0 at the last solve, or a new
    one, is looked at.) The values are read after the last level; the costs, bounds and caps set for this solve are
    then released, even when it fails, so the model is the plain system again for the next solve. No level is ever weighed against another, so priorities are strict and
    any number of levels is kept apart. Feasibility tolerances are 1e-9 (HiGHS's default is 1e-7), far inside the
    harness's 1e-6.
  * One model per solver, changed in place; every LP starts from the basis the last one ended on. HiGHS keeps it
    across bound and cost changes and added rows (their slacks come in basic); after a deletion it keeps what is
    left of it, puts it right (a deleted row whose slack was nonbasic leaves one basic column too many) and factors
    it anew: a few iterations, where a cold start takes thousands. The calls batch until the next solve:
      - add: the row (and its error columns) is added, all rows added since the last solve in one addRows;
      - remove: the row is deleted (deleteRows), with its error columns (deleteCols), all in one call each;
      - set_constant: the row's bounds move (changeRowBounds), nothing else (plumb_peer's Steps.set_constant);
      - an edit gets its soft row `v == value` at its first suggestion; later suggestions only move its bounds.
    HiGHS renumbers the rows (and columns) after the ones it deletes, keeping their order. So nothing here stores
    an index: each row and error column gets a serial number when added, rising, and its index is the number of
    live serials below its own (a binary search in Order). A level's row lives as long as the level: made the first
    time a solve caps the level, free (-inf..inf) between solves, a new member's error columns put in it with
    changeCoeff, a deleted member's taken out with its columns, deleted when the level's last soft row goes. The
    model thus holds the rows in use, the levels' rows and nothing else: it stays the same size under churn.
  * Infeasible required rows: the first LP of a solve (required rows plus the top level's objective, never
    unbounded since every cost is on a non-negative column) is infeasible. solve() raises `Infeasible`; its
    `conflict` (computed only when asked, so not in a timed run) is HiGHS's irreducible infeasible subset (getIis)
    mapped back to the required rows, or every required row when HiGHS gives none.
  * An ambiguous layout gets whatever optimal vertex HiGHS ends on. Values are floats: exact numbers are rounded
    to the nearest double when read (after the clock: the solution is copied when solved, converted when read).
    HiGHS runs on one thread, with the primal simplex: each level only changes costs, so the basis the last level
    ended on is feasible and the primal simplex goes on from it (HiGHS's default, the dual simplex, was 1.2 to 3
    times slower on the generated families, most on suggestion rounds).
  * Quiet: the model is highspy's pybind class `_Highs` itself, with output_flag off before any other call, as
    HiGHS asks for. highspy.Highs() (the Python class around it) turns callbacks on in its constructor, and from
    1.16.0 that prints HiGHS's banner on standard output before any option can be set: on the protocol's stream
    but for plumb_peer's redirect, and before every `--time` line and `--self-check` solve.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/, for plumb_peer
import plumb_peer  # noqa: E402  (first: serving, it points descriptor 1 at standard error before HiGHS loads)
from plumb_peer import REQUIRED, c, close, lp  # noqa: E402

highspy = plumb_peer.require("highspy", "python3 -m pip install highspy==1.16.0", "highs adapter")
import numpy as np  # noqa: E402  (a dependency of highspy)

VERSION = "%d.%d.%d" % (highspy.HIGHS_VERSION_MAJOR, highspy.HIGHS_VERSION_MINOR, highspy.HIGHS_VERSION_PATCH)
INF = highspy.kHighsInf
STATUS = highspy.HighsModelStatus
SOLVED = (STATUS.kOptimal, STATUS.kModelEmpty)
NO_POINT = (STATUS.kInfeasible, STATUS.kUnboundedOrInfeasible)  # every objective here is bounded below by 0
ZERO = 1e-9   # a level optimum at most this is taken as 0 and fixed by bounds
CAP = 1e-12   # a positive level optimum is fixed as sum <= optimum + CAP * (1 + optimum): its rounding only
RETRY = 1e-9  # ... widened to RETRY * (1 + optimum) if HiGHS then finds no point (never seen on the corpus)
OPTIONS = {"output_flag": False,  # first: HiGHS prints its banner at the first call made with it on
           "log_to_console": False, "threads": 1, "solver": "simplex",
           "simplex_strategy": 4,  # primal: a new level changes only costs, so the last basis stays feasible
           "primal_feasibility_tolerance": 1e-9, "dual_feasibility_tolerance": 1e-9}
I32, I64, F64 = np.int32, np.int64, np.float64


class Priority:
    """A soft priority as rows and levels carry it: one object per distinct priority, hashed by identity (a Fraction's
    hash is computed in Python at every lookup)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value  # the exact priority


class Var:
    """A layout variable: its column, the same in every solver of a workload (set by HiGHSPeer.solver)."""
    __slots__ = ("name", "col")

    def __init__(self, name):
        self.name, self.col = name, -1


class Row:
    """A native constraint: lower <= sum(k * x) [+ error columns] <= upper at a Priority (or REQUIRED: hard)."""
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


class Order:
    """Where the live rows (or error columns) of a model are. Each gets the next serial number when added; HiGHS keeps
    the order of what a deletion leaves, so an item's index is `base` plus the count of live serials below its own."""
    __slots__ = ("live", "next", "base")

    def __init__(self, base):
        self.live = np.empty(0, dtype=I64)  # the serials in the model, rising: as HiGHS orders them
        self.next, self.base = 0, base

    def add(self, count):
        """Serials for `count` items appended to the model; returns the first (the others follow it)."""
        first = self.next
        self.next += count
        self.live = np.concatenate((self.live, np.arange(first, self.next, dtype=I64)))
        return first

    def index(self, serial):
        return self.base + int(np.searchsorted(self.live, serial))

    def indices(self, serials):
        """The indices of a rising array of live serials, for HiGHS."""
        return (np.searchsorted(self.live, serials) + self.base).astype(I32)

    def drop(self, serials):
        """Forgets a rising array of live serials; returns their indices (before the deletion), for HiGHS."""
        at = np.searchsorted(self.live, serials)
        self.live = np.delete(self.live, at)
        return (at + self.base).astype(I32)


class Level:
    """The soft rows of one priority in a model: how many, their error columns' serials and the level row, once made."""
    __slots__ = ("priority", "count", "serials", "cols", "row", "zero")

    def __init__(self, priority):
        self.priority, self.count, self.row = priority, 0, None
        self.zero = True  # its optimum was 0 at the last solve (or it is new)
        self.serials = np.empty(0, dtype=I64)  # rising
        self.cols = None  # their column indices, made again after a deletion of columns (which moves them)

    def columns(self, errs):
        if self.cols is None:
            self.cols = errs.indices(self.serials)
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
        self.h = h = highspy._Highs()
        for key, value in OPTIONS.items():
            h.setOptionValue(key, value)
        if count:
            h.addVars(count, np.full(count, -INF), np.full(count, INF))
        self.rows = Order(0)      # constraint, edit and level rows
        self.errs = Order(count)  # error columns, after the layout variables' columns (never deleted)
        # Row -> (serial of its row, of its first error column, how many it has, its Level), for the rows in the model
        self.placed = {}    # (a required row: (serial, -1, 0, None); a soft row's error columns have consecutive serials)
        self.adding = {}    # Rows to add at the next solve, in order (a dict as an ordered set)
        self.dropping = []  # the `placed` entries of the rows to delete at the next solve
        self.levels = {}    # Priority -> Level, for the priorities with soft rows in the model
        self.order = []     # those Levels from the highest priority; None: to sort again
        self.edits = {}     # Var -> its edit's Row (the suggested value in its bounds), made by edit()
        self.solution = None  # HiGHS's solution after the last solve (a copy)
        self.x = None         # its column values, converted at the first read

    # -- the steps

    def add(self, row):
        if row in self.placed or row in self.adding:
            raise ValueError("this constraint is in the model already")
        self.adding[row] = None

    def remove(self, row):
        if row in self.adding:  # added since the last solve: never placed
            del self.adding[row]
            return
        self.dropping.append(self.placed.pop(row))  # KeyError for a row not in the model

    def set_constant(self, old, new):
        """`new` is `old` with another constant: the same row, other bounds."""
        if old in self.adding:
            del self.adding[old]
            self.adding[new] = None
            return
        p = self.placed[new] = self.placed.pop(old)
        self.h.changeRowBounds(self.rows.index(p[0]), new.lower, new.upper)

    def edit(self, var, priority):
        self.edits[var] = Row(((var, 1.0),), 0.0, "==", priority)

    def suggest(self, var, value):
        row = self.edits[var]
        row.lower = row.upper = value
        p = self.placed.get(row)
        if p is not None:
            self.h.changeRowBounds(self.rows.index(p[0]), value, value)
        else:
            self.adding[row] = None

    def solve(self):
        if self.dropping:
            self._drop()
        if self.adding:
            self._add()
        if self.order is None:
            self.order = sorted(self.levels.values(), key=lambda level: level.priority.value, reverse=True)
        h, levels, rows = self.h, self.order, self.rows
        last = len(levels) - 1
        fixed, capped, costed = [], [], None
        solution = point = None
        try:
            if not levels:
                self._run(True)
                solution = h.getSolution()
            for i, level in enumerate(levels):
                cols = level.columns(self.errs)
                n = len(cols)
                optimum = INF
                if i and level.zero:  # the point the last LP ended on may hold this level at 0 again
                    if point is None:
                        point = np.asarray(solution.col_value, dtype=F64)
                    optimum = float(point[cols].sum())
                if optimum > ZERO:
                    h.changeColsCost(n, cols, np.ones(n))
                    costed = cols
                    self._run(not i, capped)
                    optimum = h.getObjectiveValue()
                    solution, point = h.getSolution(), None
                    h.changeColsCost(n, cols, np.zeros(n))
                    costed = None
                level.zero = optimum <= ZERO
                if i == last:
                    break
                if level.zero:
                    h.changeColsBounds(n, cols, np.zeros(n), np.zeros(n))
                    fixed.append(cols)
                    continue
                bound = optimum + CAP * (1.0 + optimum)
                if level.row is None:
                    h.addRow(-INF, bound, n, cols, np.ones(n))
                    level.row = rows.add(1)
                else:
                    h.changeRowBounds(rows.index(level.row), -INF, bound)
                capped.append((level, optimum))
            self.solution, self.x = solution, None
        finally:  # back to the plain system: no cost, bound or cap of this solve stays
            if costed is not None:
                h.changeColsCost(len(costed), costed, np.zeros(len(costed)))
            for cols in fixed:
                n = len(cols)
                h.changeColsBounds(n, cols, np.zeros(n), np.full(n, INF))
            for level, _ in capped:
                h.changeRowBounds(rows.index(level.row), -INF, INF)

    def value(self, col):
        if self.x is None:
            self.x = self.solution.col_value
        return self.x[col]

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
            for level, optimum in capped:
                h.changeRowBounds(self.rows.index(level.row), -INF, optimum + RETRY * (1.0 + optimum))
            h.run()
            status = h.getModelStatus()
            if status in SOLVED:
                return
        raise RuntimeError("HiGHS ended with status %r (%s) on a %s LP" % (
            h.modelStatusToString(status), status, "first" if first else "later level's"))

    def _drop(self):
        """The rows removed since the last solve out of the model, with their error columns and emptied levels' rows."""
        dropping, self.dropping = self.dropping, []
        rows = [serial for serial, _, _, _ in dropping]
        errs, touched = [], {}
        for _, err, n, level in dropping:
            if n:
                errs += range(err, err + n)
                level.count -= 1
                touched[level] = None
        for level in touched:
            if not level.count:
                del self.levels[level.priority]
                self.order = None
                if level.row is not None:
                    rows.append(level.row)
        rows.sort()
        at = self.rows.drop(np.array(rows, dtype=I64))
        self.h.deleteRows(len(at), at)
        if errs:
            errs.sort()
            gone = np.array(errs, dtype=I64)
            at = self.errs.drop(gone)
            self.h.deleteCols(len(at), at)
            for level in touched:
                if level.count:
                    level.serials = level.serials[~np.isin(level.serials, gone, assume_unique=True)]
            for level in self.levels.values():  # the columns after the deleted ones moved
                level.cols = None

    def _add(self):
        """The rows added since the last solve into the model: their error columns, then the rows, a batch each."""
        rows = list(self.adding)
        self.adding.clear()
        h, levels, placed = self.h, self.levels, self.placed
        serial = col = 0
        extra = sum(len(r.errors) for r in rows)
        if extra:
            col = self.errs.base + len(self.errs.live)  # the index of the first new column
            serial = self.errs.add(extra)
            h.addVars(extra, np.zeros(extra), np.full(extra, INF))
        shift = col - serial  # column = serial + shift for the new columns
        first = self.rows.add(len(rows))
        starts, indices, values, lower, upper = [], [], [], [], []
        grown = {}  # Level -> [serial] of its new error columns
        for k, r in enumerate(rows):
            if r.cols is None:
                r.cols = [v.col for v, _ in r.terms]
            starts.append(len(indices))
            indices += r.cols
            values += r.coefs
            lower.append(r.lower)
            upper.append(r.upper)
            errors = r.errors
            if not errors:
                placed[r] = (first + k, -1, 0, None)
                continue
            n = len(errors)
            level = levels.get(r.priority)
            if level is None:
                level = levels[r.priority] = Level(r.priority)
                self.order = None
            level.count += 1
            placed[r] = (first + k, serial, n, level)
            new = range(serial, serial + n)
            if level in grown:
                grown[level] += new
            else:
                grown[level] = list(new)
            indices += range(serial + shift, serial + shift + n)
            values += errors
            serial += n
        h.addRows(len(rows), np.array(lower, dtype=F64), np.array(upper, dtype=F64), len(indices),
                  np.array(starts, dtype=I32), np.array(indices, dtype=I32), np.array(values, dtype=F64))
        for level, serials in grown.items():
            serials = np.array(serials, dtype=I64)
            level.serials = np.concatenate((level.serials, serials))
            if level.cols is not None:
                level.cols = np.concatenate((level.cols, (serials + shift).astype(I32)))
            if level.row is not None:  # its row sums its columns, new ones too
                at = self.rows.index(level.row)
                for j in (serials + shift).tolist():
                    h.changeCoeff(at, j, 1.0)

    def iis(self):
        """The required rows of HiGHS's irreducible infeasible subset (every required row when it gives none)."""
        required = [(r, p[0]) for r, p in self.placed.items() if r.priority == REQUIRED]
        try:
            self.h.setOptionValue("iis_strategy", int(highspy.IisStrategy.kIisStrategyIrreducible))
            status, iis = self.h.getIis()
            rows = set(iis.row_index_) if iis.valid_ else set()
        except Exception:  # an older highspy without getIis, or its failure: name them all
            rows = set()
        named = [r for r, serial in required if self.rows.index(serial) in rows]
        return named or [r for r, _ in required]

    def size(self):
        """(rows, columns) of the model, for the self-check."""
        return self.h.getNumRow(), self.h.getNumCol()


class HiGHSPeer(plumb_peer.Peer):
    name = "highs"
    version = VERSION
    supported_versions = ("1.16.0",)  # what peer.json installs; --installed checks it (1.15.1 runs this code too)
    supports = {"levels": None, "strict_priorities": True, "exact": False,
                "edits": True, "remove": True, "set_constant": True, "repeat": True}
    required = REQUIRED
    levels = None  # any number: each priority is its own LP objective, in turn
    refused = Infeasible
    last = None

    def __init__(self):
        self.priorities = {}  # Fraction -> Priority, made at load time

    def strength(self, priority):
        key = self.priorities.get(priority)
        if key is None:
            key = self.priorities[priority] = Priority(priority)
        return key  # the exact priority orders the levels

    def variable(self, name):
        return Var(name)

    def constraint(self, terms, constant, relation, strength):
        return Row(terms, constant, relation, strength)

    def solver(self, variables):
        for col, v in enumerate(variables.values()):
            v.col = col
        s = self.last = Steps(len(variables))
        return plumb_peer.Steps(add=s.add, remove=s.remove, edit=s.edit, suggest=s.suggest, solve=s.solve,
                                set_constant=s.set_constant)

    def value(self, variable):
        return self.last.value(variable.col)


HIGHS = HiGHSPeer()


# ---------------------------------------------------------------------------------------------------- --self-check

def pip_version():
    """highspy's version as pip installed it."""
    from importlib.metadata import version
    return version("highspy")


def self_check(checker):
    check = checker.check
    h = checker.peer.hello()
    check("hello", h["protocol"] == plumb_peer.PROTOCOL and h["solver"] == "highs" and h["version"] == pip_version()
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
    check_live_model(checker)
    check_churn_keeps_size(checker)
    return checker.done()


def anchored(soft):
    """x0 < x1 < ... < x4 (x[i+1] - x[i] >= 1 required, ids 0 to 3), the rows `soft` (ids from 4 on), then each
    x[i] == 0 at a priority of its own (5 - i, the lowest): whatever the rows above leave open, these levels settle
    one variable each, so the layout has a single answer to compare."""
    names = ["x%d" % i for i in range(5)]
    rows = [c({"x%d" % (i + 1): "1", "x%d" % i: "-1"}, "1", ">=") for i in range(4)] + list(soft)
    rows += [c({"x%d" % i: "1"}, "0", prio=5 - i) for i in range(5)]
    return names, rows


def check_live_model(checker):
    """Sixty operations drawn at random (seeded) on one live model: soft rows at 700, 500 and 300 added, removed
    (rows before others, so that HiGHS renumbers them; a level's last row, so that its level row goes), their
    constants and the chain's changed, x0 suggested (an edit @600), each operation ending in a solve. After each
    one, the live model's values must equal those of a fresh solve of the system as it then is (the suggestion as a
    row x0 == value @600)."""
    import random
    rnd = random.Random(20240611)
    soft = [c({"x0": "1", "x4": "-1"}, "30", prio=700), c({"x2": "1"}, "-10", prio=500), c({"x3": "1"}, "-4", prio=500),
            c({"x1": "2", "x4": "-1"}, "0", "<=", prio=300), c({"x4": "1"}, "-6", ">=", prio=300)]
    names, rows = anchored(soft)
    system = lp(names, rows, [{"variable": "x0", "priority": 600}])
    current = dict(enumerate(rows))  # id -> constraint, as the operations go
    next_id, suggested, ops, states = len(rows), None, [], []
    for _ in range(60):
        steps = []
        for _ in range(rnd.randint(1, 4)):
            ids = [i for i in current if i >= 4 and current[i]["priority"] in (700, 500, 300)]
            kind = rnd.choice(["add", "add", "remove", "set_constant", "chain", "suggest"])
            if kind == "remove" and ids:
                i = rnd.choice(ids)
                del current[i]
                steps.append({"remove": i})
            elif kind == "set_constant" and ids:
                i = rnd.choice(ids)
                current[i] = dict(current[i], constant=str(rnd.randint(-12, 12)))
                steps.append({"set_constant": i, "constant": current[i]["constant"]})
            elif kind == "chain":
                i = rnd.randrange(4)
                current[i] = dict(current[i], constant=str(-rnd.randint(0, 4)))
                steps.append({"set_constant": i, "constant": current[i]["constant"]})
            elif kind == "suggest":
                suggested = str(rnd.randint(-20, 20))
                steps.append({"suggest": "x0", "value": suggested})
            else:
                a, b = rnd.sample(names, 2)
                con = c({a: str(rnd.choice([1, 2, -1])), b: str(rnd.choice([1, -1, 3]))}, str(rnd.randint(-15, 15)),
                        rnd.choice(["==", "<=", ">="]), rnd.choice([700, 500, 300]))
                current[next_id] = con
                steps.append({"add": next_id, "constraint": con})
                next_id += 1
        ops.append(steps)
        now = list(current.values())
        if suggested is not None:
            now.append(c({"x0": "1"}, str(-int(suggested)), prio=600))
        states.append(now)
    work = {"system": system, "operations": [{"kind": "update", "steps": s + [{"solve": True}]} for s in ops]}
    bad = []
    for k in range(1, len(ops) + 1):
        a = checker.handle({"op": "load", "id": 60, "workload": dict(work, operations=work["operations"][:k])})
        b = checker.handle({"op": "run", "id": 61, "values": True})
        fresh = checker.solve(lp(names, states[k - 1]))
        if a.get("status") != "ok" or b.get("status") != "ok" or fresh.get("status") != "ok" or not close(
                b.get("values"), {n: v for n, v in fresh.get("values", {}).items()}):
            bad.append({"operation": k - 1, "live": b, "fresh": fresh})
            break
    checker.check("sixty random operations on one live model agree with fresh solves", not bad, bad)


def check_churn_keeps_size(checker):
    """A view remade again and again (its rows at every level removed and made anew, levels emptied and refilled):
    after 20 cycles and after 300 more, HiGHS's model has the same rows and columns, and its values are a fresh
    solve's."""
    soft = [c({"x1": "1"}, "-3", prio=700), c({"x1": "1"}, "-5", prio=700), c({"x3": "1", "x1": "-1"}, "-9", "<=", prio=500),
            c({"x4": "1"}, "-2", prio=300)]
    names, rows = anchored(soft)
    remake = [{"remove": i} for i in (1, 4, 5, 6, 7)] + [{"add": i, "constraint": rows[i]} for i in (1, 4, 5, 6, 7)]
    a = checker.handle({"op": "load", "id": 70, "workload": {"system": lp(names, rows), "operations": [
        {"kind": "remake", "steps": remake + [{"solve": True}]}]}})
    b = checker.handle({"op": "churn", "id": 71, "cycles": 20})
    steps = HIGHS.last
    sizes = [steps.size()]
    b2 = checker.handle({"op": "churn", "id": 72, "cycles": 300})
    sizes.append(steps.size())
    fresh = checker.solve(lp(names, rows))
    live = {n: float(steps.value(col)) for col, n in enumerate(names)}
    checker.check("churn: the model keeps its size, the values a fresh solve's", a.get("status") == "ok"
                  and b.get("status") == "ok" and b2.get("status") == "ok" and sizes[0] == sizes[1]
                  and close(live, fresh.get("values", {})), [a, b, b2, sizes, live, fresh])


if __name__ == "__main__":
    sys.exit(plumb_peer.main(HIGHS, self_check))
