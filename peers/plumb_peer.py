"""plumb_peer: the solver-independent half of a plumb-solver/1 program (docs/solver-protocol.md).

It reads layout-lp/1 (docs/interchange.md) with exact numbers, checks workloads, answers `solve`, `load`, `run`
(with `repeat`/`warmup`, steps marked `may_fail`), `churn` and `quit`, and gives every adapter the same `--time FILE`,
`--self-check` and `--installed` modes.
An adapter supplies one small class describing its solver and calls `main`:

    import os, sys
    sys.dont_write_bytecode = True                                                     # no __pycache__ in peers/
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # peers/
    import plumb_peer                                         # before the library: see "output" below
    lib = plumb_peer.require("mysolver", "python3 -m pip install mysolver", "mysolver adapter")  # or 1 line, exit 2

    class MySolver(plumb_peer.Peer):
        name, version = "mysolver", lib.__version__             # hello "solver" and "version"
        supported_versions = ("2.1.0",)                          # the versions --installed accepts (peer.json pins one)
        supports = {"set_constant": False}                       # hello "supports", merged over the defaults
        required = lib.REQUIRED                                  # native strength for priority 1000
        levels = (("strong", lib.STRONG), ("medium", lib.MEDIUM), ("weak", lib.WEAK))   # high to low
        refused = lib.Unsatisfiable                              # what add() raises for an impossible required row

        def variable(self, name): ...                            # a native variable
        def constraint(self, terms, constant, relation, strength): ...
            # a native constraint: sum(k * v for v, k in terms) + constant RELATION 0, RELATION "==", "<=" or ">="
        def solver(self, variables): ...                         # a fresh solver as a plumb_peer.Steps (below)
        def value(self, variable): ...                           # its value after the last solve

    if __name__ == "__main__":
        sys.exit(plumb_peer.main(MySolver(), self_check))       # self_check is optional (see Checker)

Hello's "supports" defaults: "levels" = len(levels) (null when levels is None), "strict_priorities" and "exact"
false, "edits", "remove", "set_constant", "repeat", "may_fail" and "churn" true. Say false for a step the solver cannot take: a system
or workload that needs it is answered "unsupported" without asking the adapter.

`Steps(add, remove, edit, suggest, solve)` holds five callables, often bound methods of the native solver: add(c)
and remove(c) take native constraints, edit(variable, strength) makes a variable editable, suggest(variable, number)
suggests a value, solve() brings every value up to date. A sixth, optional, `set_constant=change`: change(old, new)
puts native constraint `new` (`old` with another constant) in the place of `old`, for a solver that can change a
constant in place; without it a constant change is remove(old) then add(new). `run` times these calls and nothing
else: variables and constraints are built once per `load`, before any clock starts, and solver(variables) (with the
{name: native variable} dict) makes a fresh solver per run, also before the clock. Native variables and
constraints are thus reused by successive solvers; a library that keeps values in its variables may reset them in
solver().

The rest follows from those fields:
  * numbers: `number` (a type, float unless changed; Fraction for an exact solver) converts every coefficient,
    constant and suggested value; `value` returns a float, or a Fraction (written as a string such as "1/3").
  * priorities: 1000 -> `required`; the system's distinct other priorities (constraints, edits and every constraint
    an operation adds, together), high to low, take `levels` from both ends: one level -> the first, two -> the
    first and the last, as many as there are -> all. More levels than that -> status "unsupported". An adapter with
    `levels = None` maps each priority itself in `strength(priority)` (a Fraction in (0, 1000)).
  * edits: made editable after the first solve (an edit has no effect until a value is suggested).
  * set_constant: the native constraint with the new constant is built at load time; the old one is removed and
    the new one added, or both handed to Steps.set_constant when the adapter gives it.
  * infeasible: an exception of type `refused` from add() names the constraint being added; a `solve` answer is
    "infeasible" with that one constraint as the conflict. A solver that finds out only when it solves (an LP
    solver) raises it from solve(): the conflict is then the native constraints in the exception's `conflict`
    attribute, when it has one, else every required constraint.
  * unsupported: raise `Unsupported(message)` from `variable`, `constraint` or `strength`, or from
    `check_system(system)`, called with every parsed system (of a `solve`, of a `load`) before anything is made from
    it: a `System` with `names`, `constraints`, `edits` [(name, priority)] and `rounds` (the default takes any).
  * may_fail: a step so marked that raises (any exception) is listed in the run's "refused" and the run goes on. The
    removal of an id not in use removes a native constraint the solver never had (made from the system's first
    constraint). A solver that finds a conflict only when it solves: when a may_fail solve raises, the row the
    may_fail add before it put in is taken back (removed), as an app would after the error.
  * churn: the loaded workload's operations played again and again on one solver kept between requests, every added
    constraint made anew each time (as an app remaking a view does).
  * --self-check: self_check(checker) gets a `Checker` (handle(request), solve(system) -> layout-result/1,
    check(name, ok, detail) printing PASS/FAIL, done() -> exit status); c(), lp() and close() write checks briefly.
  * --installed (a peer.json's "installed" command): the library imported (or `require` ended with status 2),
    `version` is one of `supported_versions`: prints "NAME VERSION" and exits 0; another version exits 1 saying which
    is installed, which the adapter supports and `bench peers install PEER` (PEER from the peer.json beside the
    adapter). An empty `supported_versions` (the default) accepts any version.
  * output: serving, standard output is the protocol's, and plumb_peer's import points descriptor 1 at standard
    error for whatever else writes there (below): import plumb_peer before the solver's library.
"""
import argparse
import collections
import importlib
import json
import math
import os
import statistics
import sys
import time
from decimal import Decimal
from fractions import Fraction

# Serving the protocol (an adapter started with no arguments), standard output is the protocol's alone. A library the
# adapter imports after this module may print on it anyway (highspy's banner, a C library's warnings, at the file
# descriptor level): descriptor 1 is pointed at standard error for them, and the protocol writes to a copy of the
# original. (--time, --self-check and --installed print their results on standard output as usual.)
if len(sys.argv) == 1:
    sys.stdout.flush()
    PROTOCOL_OUT = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
else:
    PROTOCOL_OUT = sys.stdout

PROTOCOL = "plumb-solver/1"
RESULT_FORMAT = "layout-result/1"
REQUIRED = Fraction(1000)
RELATIONS = ("==", "<=", ">=")
STEP_KINDS = ("add", "remove", "set_constant", "suggest", "solve")
ADD, REMOVE, SET_CONSTANT, SUGGEST, SOLVE, MAY_FAIL, REMOVE_UNKNOWN = range(7)
MOST_CYCLES = 10000000
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

Steps = collections.namedtuple("Steps", "add remove edit suggest solve set_constant", defaults=(None,))


class Bad(ValueError):
    """Malformed input: the answer is status "error"."""


class Unsupported(Exception):
    """Well-formed input the solver cannot take: the answer is status "unsupported"."""


class Peer:
    """What an adapter says about its solver; see the module docstring. Subclass it and fill in the blanks."""
    name = "solver"
    version = ""
    supported_versions = ()
    supports = {}
    required = None
    levels = ()
    refused = ()
    number = float

    def hello(self):
        supports = {"levels": None if self.levels is None else len(self.levels), "strict_priorities": False,
                    "may_fail": True, "churn": True,
                    "exact": False, "edits": True, "remove": True, "set_constant": True, "repeat": True}
        supports.update(self.supports)
        return {"protocol": PROTOCOL, "solver": self.name, "version": self.version, "supports": supports}

    def can(self, what):
        return self.hello()["supports"].get(what) is True

    def strength_table(self, priorities):
        """{priority: native strength} for 1000 and every other priority given, or Unsupported."""
        levels = sorted({p for p in priorities if p != REQUIRED}, reverse=True)
        table = {REQUIRED: self.required}
        if self.levels is None:
            table.update((p, self.strength(p)) for p in levels)
            return table
        have = len(self.levels)
        if len(levels) > have:
            raise Unsupported("%d distinct non-required priority levels [%s]; %s keeps at most %s apart (%s)" % (
                len(levels), ", ".join(show(p) for p in levels), self.name, WORDS.get(have, str(have)),
                ", ".join(n for n, _ in self.levels)))
        n = len(levels)
        for i, p in enumerate(levels):
            table[p] = self.levels[0 if n == 1 else round(i * (have - 1) / (n - 1))][1]
        return table

    def check_system(self, system):
        pass

    def strength(self, priority):
        raise Unsupported("%s: no strength for priority %s" % (self.name, show(priority)))

    def variable(self, name):
        raise NotImplementedError

    def constraint(self, terms, constant, relation, strength):
        raise NotImplementedError

    def solver(self, variables):
        raise NotImplementedError

    def value(self, variable):
        raise NotImplementedError


# ---------------------------------------------------------------------------------------------------- reading

def _object(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise Bad("key %s appears twice in one object" % json.dumps(key))
        out[key] = value
    return out


def _no_constant(name):
    raise Bad("%s is not a number in JSON" % name)


def loads(text):
    """JSON with exact decimals (Decimal), no NaN/Infinity and no repeated keys."""
    return json.loads(text, parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=_object)


def number(x, where):
    """An exact number: a string ("-8", "0.5", "1/3") or a JSON number, as a Fraction."""
    if isinstance(x, bool) or not isinstance(x, (int, Decimal, str)):
        raise Bad("%s: expected a number (a JSON number or a string such as \"1/3\"), found %s" % (where, json.dumps(x, default=str)))
    try:
        return Fraction(x.strip()) if isinstance(x, str) else Fraction(x)
    except (ValueError, ZeroDivisionError):
        raise Bad("%s: %s is not a number" % (where, json.dumps(x, default=str))) from None


def priority(x, where):
    p = number(x, where)
    if not 0 < p <= REQUIRED:
        raise Bad("%s: a priority must be in (0, 1000], found %s" % (where, show(p)))
    return p


def show(q):
    if q.denominator == 1:
        return str(q.numerator)
    return repr(float(q)) if Fraction(float(q)) == q else str(q)


def need(obj, key, where, kind=None):
    if not isinstance(obj, dict):
        raise Bad("%s: expected an object" % where)
    if obj.get(key) is None:
        raise Bad("%s: %s is missing" % (where, json.dumps(key)))
    value = obj[key]
    if kind is not None and (not isinstance(value, kind) or isinstance(value, bool)):
        raise Bad("%s.%s: expected %s" % (where, key, {list: "an array", dict: "an object", str: "a string",
                                                        int: "an integer"}[kind]))
    return value


class Spec:
    """A parsed constraint: sum(coef * var) + constant RELATION 0 at a priority."""
    __slots__ = ("terms", "constant", "relation", "priority", "label")

    def __init__(self, terms, constant, relation, prio, label):
        self.terms, self.constant, self.relation, self.priority, self.label = terms, constant, relation, prio, label

    def with_constant(self, constant):
        return Spec(self.terms, constant, self.relation, self.priority, self.label)


def parse_constraint(c, known, where):
    terms = []
    for name, coef in need(c, "terms", where, dict).items():
        if name not in known:
            raise Bad("%s.terms: unknown variable %s (not listed in \"variables\")" % (where, json.dumps(name)))
        k = number(coef, "%s.terms[%s]" % (where, json.dumps(name)))
        if k:
            terms.append((name, k))
    constant = number(need(c, "constant", where), where + ".constant")
    relation = need(c, "relation", where)
    if relation not in RELATIONS:
        raise Bad("%s.relation: must be \"==\", \"<=\" or \">=\", found %s" % (where, json.dumps(relation)))
    label = c.get("label")
    if label is not None and not isinstance(label, str):
        raise Bad("%s.label: expected a string" % where)
    return Spec(tuple(terms), constant, relation, priority(need(c, "priority", where), where + ".priority"), label)


class System:
    """A parsed layout-lp/1 system."""

    def __init__(self, doc, where="system"):
        if not isinstance(doc, dict):
            raise Bad("%s: expected a layout-lp/1 object" % where)
        if doc.get("format") != "layout-lp/1":
            raise Bad("%s.format: expected \"layout-lp/1\", found %s" % (where, json.dumps(doc.get("format"), default=str)))
        self.name = doc.get("name") if isinstance(doc.get("name"), str) else ""
        self.names = []
        for i, name in enumerate(need(doc, "variables", where, list)):
            if not isinstance(name, str):
                raise Bad("%s.variables[%d]: expected a string" % (where, i))
            self.names.append(name)
        self.known = set(self.names)
        if len(self.known) != len(self.names):
            raise Bad("%s.variables: a variable is listed twice" % where)
        self.constraints = [parse_constraint(c, self.known, "%s.constraints[%d]" % (where, i))
                            for i, c in enumerate(need(doc, "constraints", where, list))]
        self.edits = []  # (name, priority)
        edits = doc.get("edits") or []
        if not isinstance(edits, list):
            raise Bad("%s.edits: expected an array" % where)
        for i, e in enumerate(edits):
            at = "%s.edits[%d]" % (where, i)
            name = need(e, "variable", at, str)
            if name not in self.known:
                raise Bad("%s.variable: unknown variable %s" % (at, json.dumps(name)))
            if any(name == n for n, _ in self.edits):
                raise Bad("%s.variable: %s is already an edit variable" % (at, json.dumps(name)))
            p = priority(need(e, "priority", at), at + ".priority")
            if p == REQUIRED:
                raise Bad("%s.priority: an edit's priority must be below 1000" % at)
            self.edits.append((name, p))
        self.edit_names = {n for n, _ in self.edits}
        self.rounds = []  # [[(name, Fraction)]]
        suggestions = doc.get("suggestions") or []
        if not isinstance(suggestions, list):
            raise Bad("%s.suggestions: expected an array" % where)
        for i, r in enumerate(suggestions):
            at = "%s.suggestions[%d]" % (where, i)
            if not isinstance(r, dict):
                raise Bad(at + ": expected an object")
            for name in r:
                if name not in self.edit_names:
                    raise Bad("%s: %s is not an edit variable" % (at, json.dumps(name)))
            self.rounds.append([(name, number(v, "%s[%s]" % (at, json.dumps(name)))) for name, v in r.items()])

    def priorities(self):
        return [c.priority for c in self.constraints] + [p for _, p in self.edits]


def native(peer, spec, variables, table):
    num = peer.number
    return peer.constraint([(variables[n], num(k)) for n, k in spec.terms], num(spec.constant), spec.relation,
                           table[spec.priority])


def out(x):
    """A value for JSON: a Fraction as exact text, a float with -0 as 0 and non-finite values spelled out."""
    if isinstance(x, Fraction):
        return str(x)
    x = float(x) + 0.0
    if math.isfinite(x):
        return x
    return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")


def cite(spec, i):
    return spec.label if spec.label else "#%d" % i


def refusal(e):
    return type(e).__name__


def _no_edits(peer, system):
    if system.edits and not peer.can("edits"):
        raise Unsupported("edit variables: %s does not take them" % peer.name)
    peer.check_system(system)


# ---------------------------------------------------------------------------------------------------- solve

def solve(peer, doc):
    """A layout-lp/1 system -> layout-result/1 (values after the initial solve and after each round)."""
    res = {"format": RESULT_FORMAT, "solver": peer.name, "status": "ok", "values": {}, "rounds": [], "conflict": [],
           "message": ""}
    try:
        system = System(doc)
        _no_edits(peer, system)
        table = peer.strength_table(system.priorities())
        variables = {n: peer.variable(n) for n in system.names}
        made = [native(peer, spec, variables, table) for spec in system.constraints]
    except Bad as e:
        res.update(status="error", message=str(e))
        return res
    except Unsupported as e:
        res.update(status="unsupported", message=str(e))
        return res
    steps = peer.solver(variables)
    for i, (spec, cn) in enumerate(zip(system.constraints, made)):
        try:
            steps.add(cn)
        except peer.refused as e:
            who = peer.name
            res.update(status="infeasible", conflict=[cite(spec, i)],
                       message="%s refused required constraint %s (%s); %s names only the constraint it refused, "
                               "not the rest of the conflicting set" % (who, cite(spec, i), refusal(e), who))
            return res
    snapshot = lambda: {n: out(peer.value(variables[n])) for n in system.names}
    try:
        steps.solve()
    except peer.refused as e:  # found when solving, not when adding
        named = getattr(e, "conflict", None)
        named = None if named is None else {id(cn) for cn in named}
        conflict = [cite(spec, i) for i, (spec, cn) in enumerate(zip(system.constraints, made))
                    if (spec.priority == REQUIRED if named is None else id(cn) in named)]
        res.update(status="infeasible", conflict=conflict,
                   message="%s: the required constraints cannot all hold (%s)" % (peer.name, refusal(e)))
        return res
    res["values"] = snapshot()
    for name, p in system.edits:
        steps.edit(variables[name], table[p])
    for r in system.rounds:
        for name, v in r:
            steps.suggest(variables[name], peer.number(v))
        steps.solve()
        res["rounds"].append({"values": snapshot()})
    return res


# ---------------------------------------------------------------------------------------------------- load / run

class Workload:
    """Everything a timed run needs, converted before any clock starts."""

    def __init__(self, peer, doc):
        if not isinstance(doc, dict):
            raise Bad("workload: expected an object with \"system\" and \"operations\"")
        system = System(doc.get("system"), "workload.system")
        ops = doc.get("operations") or []
        if not isinstance(ops, list):
            raise Bad("workload.operations: expected an array")
        specs = dict(enumerate(system.constraints))  # ids in use -> Spec, as the operations go
        plan, prios = [], system.priorities()
        for i, op in enumerate(ops):
            steps = need(op, "steps", "operations[%d]" % i, list)
            planned = []
            for j, step in enumerate(steps):
                at = "operations[%d].steps[%d]" % (i, j)
                planned.append(self._step(peer, step, at, specs, system))
                inner = planned[-1][1] if planned[-1][0] == MAY_FAIL else planned[-1]
                if inner[0] == ADD:
                    prios.append(inner[2].priority)
            plan.append(planned)
        _no_edits(peer, system)
        table = peer.strength_table(prios)
        num = peer.number
        self.peer, self.system, self.plan, self.table = peer, system, plan, table
        self.variables = {n: peer.variable(n) for n in system.names}
        self.base = [native(peer, c, self.variables, table) for c in system.constraints]
        self.edits = [(self.variables[n], table[p]) for n, p in system.edits]
        self.rounds = [[(self.variables[n], num(v)) for n, v in r] for r in system.rounds]
        # after the last operation, a variable in no constraint and no edit reads 0 (it may hold an old value)
        self.used = {n for s in specs.values() for n, _ in s.terms} | system.edit_names
        self.ops = [[self.made(s) for s in planned] for planned in plan]

    def made(self, s):
        """A planned step with native constraints, variables and numbers: made anew on every call."""
        if s[0] == MAY_FAIL:
            return (MAY_FAIL, self.made(s[1]))
        if s[0] in (ADD, SET_CONSTANT):
            return (s[0], s[1], native(self.peer, s[2], self.variables, self.table))
        if s[0] == SUGGEST:
            return (SUGGEST, self.variables[s[1]], self.peer.number(s[2]))
        if s[0] == REMOVE_UNKNOWN:  # a constraint the solver never had
            return (REMOVE_UNKNOWN, s[1], native(self.peer, self.system.constraints[0], self.variables, self.table))
        return s

    @staticmethod
    def _step(peer, step, at, specs, system):
        if not isinstance(step, dict):
            raise Bad(at + ": expected an object")
        may_fail = step.get("may_fail", False)
        if not isinstance(may_fail, bool):
            raise Bad(at + ".may_fail: expected true or false")
        if may_fail:
            return (MAY_FAIL, Workload._may_fail(peer, step, at, specs, system))
        kinds = [k for k in STEP_KINDS if k in step]
        if not kinds:
            raise Unsupported("%s: unknown step kind (keys %s)" % (at, ", ".join(sorted(step)) or "none"))
        if len(kinds) > 1:
            raise Bad("%s: one step has several kinds (%s)" % (at, ", ".join(kinds)))
        kind = kinds[0]
        if kind == "solve":
            if step["solve"] is not True:
                raise Bad(at + ": a solve step is {\"solve\": true}")
            return (SOLVE,)
        if kind == "suggest":
            name = need(step, "suggest", at, str)
            if name not in system.edit_names:
                raise Bad("%s: %s is not an edit variable of the system" % (at, json.dumps(name)))
            return (SUGGEST, name, number(need(step, "value", at), at + ".value"))
        cid = need(step, kind, at, int)
        if kind == "add":
            if cid in specs:
                raise Bad("%s: id %d is already in use" % (at, cid))
            specs[cid] = parse_constraint(need(step, "constraint", at, dict), system.known, at + ".constraint")
            return (ADD, cid, specs[cid])
        if cid not in specs:
            raise Bad("%s: unknown id %d (no constraint in use has it)" % (at, cid))
        if not peer.can(kind):
            raise Unsupported("%s: %s cannot %s a constraint" % (at, peer.name, kind.replace("_", " ")))
        if kind == "remove":
            del specs[cid]
            return (REMOVE, cid)
        specs[cid] = specs[cid].with_constant(number(need(step, "constant", at), at + ".constant"))
        return (SET_CONSTANT, cid, specs[cid])

    @staticmethod
    def _may_fail(peer, step, at, specs, system):
        """A step the solver may refuse: an added id is not in use after it, a removed id need not be in use (nor a
        suggested variable an edit variable, only a variable of the system)."""
        if "suggest" in step:
            name = need(step, "suggest", at, str)
            if name not in system.known:
                raise Bad("%s: %s is not a variable of the system" % (at, json.dumps(name)))
            return (SUGGEST, name, number(need(step, "value", at), at + ".value"))
        if "remove" in step and not isinstance(step.get("remove"), bool) and step.get("remove") not in specs:
            if not system.constraints:
                raise Unsupported(at + ": removing an unknown id needs a constraint in the system to make a stranger of")
            return (REMOVE_UNKNOWN, need(step, "remove", at, int))
        if "add" in step:
            planned = Workload._step(peer, {k: v for k, v in step.items() if k != "may_fail"}, at, specs, system)
            del specs[planned[1]]
            return planned
        return Workload._step(peer, {k: v for k, v in step.items() if k != "may_fail"}, at, specs, system)


def run_once(w, want_values=False):
    """One timed run on a fresh solver: {"status", "build_solve_s", "edit_total_s", "operations"[, "values"]}."""
    peer = w.peer
    steps = peer.solver(w.variables)
    add, remove, update, suggest, editable = steps.add, steps.remove, steps.solve, steps.suggest, steps.edit
    change = getattr(steps, "set_constant", None)  # optional (an adapter's own class may not have it)
    current = dict(enumerate(w.base))
    clock = time.perf_counter
    cn = None
    try:
        t0 = clock()
        for cn in w.base:
            add(cn)
        cn = None
        update()
        cn = False  # past the first solve
        for var, strength in w.edits:
            editable(var, strength)
        t1 = clock()
    except peer.refused as e:
        if cn is None:
            return {"status": "infeasible", "message": "%s: the required constraints of the system cannot all hold "
                    "(%s, found when solving)" % (peer.name, refusal(e))}
        if cn is False:
            return {"status": "infeasible", "message": "%s refused the edit variables after the first solve (%s)"
                    % (peer.name, refusal(e))}
        i = next(i for i, c in enumerate(w.base) if c is cn)
        return {"status": "infeasible", "message": "%s refused required constraint %s of the system (%s)"
                % (peer.name, cite(w.system.constraints[i], i), refusal(e))}
    t2 = clock()
    for r in w.rounds:
        for var, value in r:
            suggest(var, value)
        update()
    t3 = clock()
    times, refused = [], []
    for k, op in enumerate(w.ops):
        step = None
        try:
            ta = clock()
            taken = None  # the last may_fail add the solver took, until a solve
            for step in op:
                kind = step[0]
                if kind == SOLVE:
                    update()
                    taken = None
                elif kind == SUGGEST:
                    suggest(step[1], step[2])
                elif kind == SET_CONSTANT:
                    if change is None:
                        remove(current[step[1]])
                        add(step[2])
                    else:
                        change(current[step[1]], step[2])
                    current[step[1]] = step[2]
                elif kind == ADD:
                    add(step[2])
                    current[step[1]] = step[2]
                elif kind == REMOVE:
                    remove(current.pop(step[1]))
                else:
                    taken = may_fail(steps, current, step[1], taken, refused, k, op)
            times.append(clock() - ta)
        except peer.refused as e:
            j = next(j for j, s in enumerate(op) if s is step)
            return {"status": "infeasible", "message": "operations[%d].steps[%d]: %s refused the required "
                    "constraint (%s)" % (k, j, peer.name, refusal(e))}
    answer = {"status": "ok", "build_solve_s": t1 - t0, "edit_total_s": t3 - t2, "operations": times,
              "refused": refused}
    if want_values:
        answer["values"] = {n: (out(peer.value(w.variables[n])) if n in w.used else 0.0) for n in w.system.names}
    return answer


def may_fail(steps, current, inner, taken, refused, k, op):
    """A step marked may_fail: a refusal (any exception) is listed and the run goes on; a solve refused after a
    may_fail add that was taken takes the row back. Returns the may_fail add taken since the last solve, if any."""
    try:
        perform(steps, current, inner)
    except Exception:
        refused.append([k, next(j for j, s in enumerate(op) if s[0] == MAY_FAIL and s[1] is inner)])
        if inner[0] == SOLVE and taken is not None:
            try:
                steps.remove(current.pop(taken[1]))
            except Exception:
                pass
        return None
    if inner[0] == ADD:
        return inner
    return None if inner[0] == SOLVE else taken


def perform(steps, current, step):
    """One planned step's solver calls; `current` maps ids in use to native constraints."""
    kind = step[0]
    if kind == SOLVE:
        steps.solve()
    elif kind == SUGGEST:
        steps.suggest(step[1], step[2])
    elif kind == SET_CONSTANT:
        change = getattr(steps, "set_constant", None)
        if change is None:
            steps.remove(current[step[1]])
            steps.add(step[2])
        else:
            change(current[step[1]], step[2])
        current[step[1]] = step[2]
    elif kind == ADD:
        steps.add(step[2])
        current[step[1]] = step[2]
    elif kind == REMOVE_UNKNOWN:
        steps.remove(step[2])
    else:
        steps.remove(current.pop(step[1]))


class Churn:
    """The solver `churn` plays a workload's operations on, again and again, kept between requests."""

    def __init__(self, w):
        self.w, self.cycles = w, 0
        self.steps = w.peer.solver(w.variables)
        self.current = dict(enumerate(w.base))
        for cn in w.base:
            self.steps.add(cn)
        self.steps.solve()
        for var, strength in w.edits:
            self.steps.edit(var, strength)

    def play(self, cycles):
        """`cycles` more cycles, every added constraint made anew; the seconds they took."""
        w, steps, current = self.w, self.steps, self.current
        clock = time.perf_counter
        t0 = clock()
        for _ in range(cycles):
            for planned in w.plan:
                for s in planned:
                    made = w.made(s)
                    if made[0] == MAY_FAIL:
                        try:
                            perform(steps, current, made[1])
                        except Exception:
                            pass
                    else:
                        perform(steps, current, made)
        self.cycles += cycles
        return clock() - t0


# ---------------------------------------------------------------------------------------------------- requests

def _whole(x, low, high):
    return not isinstance(x, bool) and isinstance(x, int) and low <= x <= high


class Session:
    def __init__(self, peer):
        self.peer = peer
        self.workload = None
        self.churn = None
        self.why_none = "no workload loaded"

    def handle(self, req):
        """One request -> its answer (a dict). Raises only on bugs; the caller turns those into errors."""
        rid = req.get("id")
        if isinstance(rid, bool) or not isinstance(rid, int):
            return {"id": rid if isinstance(rid, (int, str)) and not isinstance(rid, bool) else None,
                    "status": "error", "message": "a request needs an integer \"id\""}
        op = req.get("op")
        if op == "solve":
            try:
                return {"id": rid, "result": solve(self.peer, req.get("system"))}
            except Exception as e:
                message = "%s: %s" % (type(e).__name__, e)
                return {"id": rid, "status": "error", "message": message,
                        "result": {"format": RESULT_FORMAT, "solver": self.peer.name, "status": "error",
                                   "values": {}, "rounds": [], "conflict": [], "message": message}}
        if op == "load":
            self.workload = None
            self.churn = None
            try:
                self.workload = Workload(self.peer, req.get("workload"))
            except Bad as e:
                self.why_none = "the last load failed (error: %s)" % e
                return {"id": rid, "status": "error", "message": str(e)}
            except Unsupported as e:
                self.why_none = "the last load was unsupported (%s)" % e
                return {"id": rid, "status": "unsupported", "message": str(e)}
            return {"id": rid, "status": "ok"}
        if op == "run":
            if self.workload is None:
                return {"id": rid, "status": "error", "message": "run: " + self.why_none}
            count = req.get("repeat")
            if count is None:
                answer = {"id": rid}
                answer.update(run_once(self.workload, req.get("values") is True))
                return answer
            if not self.peer.can("repeat"):
                return {"id": rid, "status": "error", "message": "run: this program does not take \"repeat\""}
            if not _whole(count, 1, 10000):
                return {"id": rid, "status": "error", "message": "run: \"repeat\" must be a whole number from 1 to 10000"}
            warm = req.get("warmup", 0)
            if not _whole(warm, 0, 10000):
                return {"id": rid, "status": "error", "message": "run: \"warmup\" must be a whole number from 0 to 10000"}
            runs = []
            for k in range(warm + count):  # back to back, as the harness runs its own back ends
                one = run_once(self.workload)
                if one.get("status") != "ok":
                    one["id"] = rid
                    return one
                del one["status"]
                if k >= warm:
                    runs.append(one)
            return {"id": rid, "status": "ok", "runs": runs}
        if op == "churn":
            if self.workload is None:
                return {"id": rid, "status": "error", "message": "churn: " + self.why_none}
            cycles = req.get("cycles")
            if not _whole(cycles, 0, MOST_CYCLES):
                return {"id": rid, "status": "error",
                        "message": "churn: \"cycles\" must be a whole number from 0 to %d" % MOST_CYCLES}
            try:
                if self.churn is None:
                    self.churn = Churn(self.workload)
                seconds = self.churn.play(cycles)
            except self.peer.refused as e:
                self.churn = None
                return {"id": rid, "status": "infeasible", "message": "churn: %s refused a required constraint (%s)"
                        % (self.peer.name, refusal(e))}
            return {"id": rid, "status": "ok", "cycles": self.churn.cycles, "seconds": seconds}
        return {"id": rid, "status": "error", "message": "unknown op %s" % json.dumps(op, default=str)}


def write(obj):
    PROTOCOL_OUT.write(json.dumps(obj, separators=(",", ":"), default=str) + "\n")
    PROTOCOL_OUT.flush()


def serve(peer):
    write(peer.hello())
    session = Session(peer)
    for raw in iter(sys.stdin.buffer.readline, b""):
        try:
            text = raw.decode("utf-8").strip()
            if not text:
                continue
            req = loads(text)
        except Exception as e:
            write({"id": None, "status": "error", "message": "not a JSON line: %s" % e})
            continue
        if not isinstance(req, dict):
            write({"id": None, "status": "error", "message": "a request must be a JSON object"})
            continue
        if req.get("op") == "quit":
            break
        try:
            answer = session.handle(req)
        except Exception as e:
            rid = req.get("id")
            answer = {"id": rid if isinstance(rid, int) else None, "status": "error",
                      "message": "%s: %s" % (type(e).__name__, e)}
        write(answer)
    return 0


# ---------------------------------------------------------------------------------------------------- --time

def time_file(peer, path, repeat, warmup, no_rounds=False):
    with open(path, "rb") as fh:
        doc = loads(fh.read().decode("utf-8"))
    if no_rounds and isinstance(doc, dict):
        doc["suggestions"] = []
    name = doc.get("name") if isinstance(doc, dict) and doc.get("name") else path
    try:
        w = Workload(peer, {"system": doc, "operations": []})
    except (Bad, Unsupported) as e:
        print(json.dumps({"name": name, "status": "error" if isinstance(e, Bad) else "unsupported",
                          "message": str(e)}))
        return 3
    runs = []
    for i in range(warmup + repeat):
        r = run_once(w)
        if r["status"] != "ok":
            print(json.dumps({"name": name, "status": r["status"], "message": r["message"]}))
            return 3
        if i >= warmup:
            runs.append(r)
    build = [r["build_solve_s"] for r in runs]
    q1, q3 = (statistics.quantiles(build, n=4, method="inclusive")[::2] if len(build) > 1
              else (build[0], build[0]))
    print(json.dumps({"name": name, "build_solve_s": statistics.median(build), "build_solve_q1": q1,
                      "build_solve_q3": q3, "edit_total_s": statistics.median(r["edit_total_s"] for r in runs),
                      "repeat": repeat}))
    return 0


# ---------------------------------------------------------------------------------------------------- --self-check

def c(terms, constant, relation="==", prio=1000, label=None):
    """A layout-lp/1 constraint object for a check."""
    con = {"terms": terms, "constant": constant, "relation": relation, "priority": prio}
    if label:
        con["label"] = label
    return con


def lp(variables, constraints, edits=(), suggestions=()):
    """A layout-lp/1 system for a check."""
    return {"format": "layout-lp/1", "variables": list(variables), "constraints": list(constraints),
            "edits": list(edits), "suggestions": list(suggestions)}


def close(got, want):
    """Every value is a float within 1e-6 of the wanted one, and there are no others."""
    return (isinstance(got, dict) and set(got) == set(want)
            and all(isinstance(got[k], float) and abs(got[k] - v) < 1e-6 for k, v in want.items()))


class Checker:
    """Runs checks through the same request handler as the protocol and prints one PASS/FAIL line each."""

    def __init__(self, peer):
        self.peer = peer
        self.session = Session(peer)
        self.results = []
        self.ids = 1000

    def handle(self, req):
        return self.session.handle(req)

    def solve(self, system):
        """The layout-result/1 answer to a `solve` request."""
        self.ids += 1
        return self.handle({"op": "solve", "id": self.ids, "system": system}).get("result", {})

    def check(self, name, ok, detail):
        self.results.append(bool(ok))
        print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + json.dumps(detail, default=str)))

    def done(self):
        print("%d of %d checks passed" % (sum(self.results), len(self.results)))
        return 0 if all(self.results) else 1

    def check_operations(self, system, ops, wants, agree):
        """Loads each prefix of `ops` (lists of steps, each ending in a solve) as a workload and runs it once with
        values: after prefix k the values must `agree` with wants[k - 1]. Then runs the whole workload as two
        warm-ups and three runs back to back, each with one time per operation."""
        got = []
        for k in range(1, len(ops) + 1):
            work = {"system": system, "operations": [{"kind": "update", "steps": s + [{"solve": True}]} for s in ops[:k]]}
            a = self.handle({"op": "load", "id": 20 + k, "workload": work})
            got.append(self.handle({"op": "run", "id": 30 + k, "values": True}) if a.get("status") == "ok" else a)
        self.check("remove, add, set_constant, then re-solve", len(got) == len(wants) and all(
            g.get("status") == "ok" and agree(g.get("values"), w) for g, w in zip(got, wants)), got)
        b = self.handle({"op": "run", "id": 40, "repeat": 3, "warmup": 2})
        self.check("two warm-ups and three runs back to back", b.get("status") == "ok" and len(b.get("runs", [])) == 3
                   and all(len(r["operations"]) == len(ops) for r in b["runs"]), b)

    def check_edit_rounds_then_operation(self, agree):
        """A workload whose system has suggestion rounds (x == e + 1 required, x == 7 @100, edit e @900; rounds
        e = 2, e = -3) and one operation suggesting e = 8: after the run, x = 9 and e = 8 (as `agree` compares)."""
        work = {"system": lp(["x", "e"], [c({"x": "1", "e": "-1"}, "-1"), c({"x": "1"}, "-7", prio=100)],
                             [{"variable": "e", "priority": 900}], [{"e": "2"}, {"e": "-3"}]),
                "operations": [{"kind": "update", "steps": [{"suggest": "e", "value": "8"}, {"solve": True}]}]}
        a = self.handle({"op": "load", "id": 41, "workload": work})
        b = self.handle({"op": "run", "id": 42, "values": True})
        self.check("edit rounds then a suggestion in an operation", a.get("status") == "ok" and b.get("status") == "ok"
                   and agree(b.get("values"), {"x": 9, "e": 8}), [a, b])

    def check_infeasible_run(self, infeasible):
        """A workload on the infeasible system `infeasible` loads, and its timed run answers "infeasible"."""
        a = self.handle({"op": "load", "id": 45, "workload": {"system": infeasible, "operations": []}})
        b = self.handle({"op": "run", "id": 46})
        self.check("infeasible system in a timed run", a.get("status") == "ok" and b.get("status") == "infeasible", [a, b])

    def check_refused_calls_and_churn(self, agree):
        """x == 10 and y == x + 5 required, x an edit variable; three calls marked may_fail, each followed by a solve
        marked so (x == 17 required, removing id 1002, suggesting y): each refused (the call or its solve), the values
        still x = 10, y = 15. Then a view remade again and again with `churn`: the cycles counted."""
        system = lp(["x", "y"], [c({"x": "1"}, "-10"), c({"y": "1", "x": "-1"}, "-5")], [{"variable": "x", "priority": 999}])
        marked = [{"add": 2, "constraint": c({"x": "1"}, "-17")}, {"remove": 1002}, {"suggest": "y", "value": "123"}]
        steps = [dict(step, may_fail=True) for call in marked for step in (call, {"solve": True})]
        a = self.handle({"op": "load", "id": 47, "workload": {"system": system, "operations": [
            {"kind": "update", "steps": steps}]}})
        b = self.handle({"op": "run", "id": 48, "values": True})
        groups = {j // 2 for k, j in b.get("refused", [])}
        self.check("refused calls listed, values as before them", a.get("status") == "ok" and b.get("status") == "ok"
                   and groups == {0, 1, 2} and agree(b.get("values"), {"x": 10, "y": 15}), [a, b])
        remake = [{"remove": 1}, {"add": 1, "constraint": c({"y": "1", "x": "-1"}, "-5")}, {"solve": True}]
        a = self.handle({"op": "load", "id": 49, "workload": {"system": system, "operations": [
            {"kind": "remake", "steps": remake}]}})
        b = [self.handle({"op": "churn", "id": 50 + k, "cycles": n}) for k, n in enumerate((0, 20, 30))]
        bad = self.handle({"op": "churn", "id": 53, "cycles": -1})
        self.check("churn counts its cycles", a.get("status") == "ok" and [x.get("cycles") for x in b] == [0, 20, 50]
                   and all(x.get("seconds", -1) >= 0 for x in b) and bad.get("status") == "error", [a, b, bad])

    def check_conflicting_operation(self, chain, conflicting):
        """A workload on `chain` whose operation adds the required constraint `conflicting` (id 4) must load, and
        its run must answer "infeasible" naming operations[0]."""
        a = self.handle({"op": "load", "id": 43, "workload": {"system": chain, "operations": [
            {"kind": "update", "steps": [{"add": 4, "constraint": conflicting}, {"solve": True}]}]}})
        b = self.handle({"op": "run", "id": 44})
        self.check("operation adding a conflicting required constraint", a.get("status") == "ok"
                   and b.get("status") == "infeasible" and "operations[0]" in b.get("message", ""), [a, b])


# ---------------------------------------------------------------------------------------------------- main

def require(module, install, who):
    """Import the solver's package, or end with one line naming the install command (never a traceback)."""
    try:
        found = importlib.import_module(module)
        if getattr(found, "__file__", None) is None:  # only a folder of that name, such as peers/cassowary itself
            raise ImportError("No module named %r" % module)
        return found
    except ImportError as e:
        sys.stderr.write("%s: cannot import the Python package %r (%s); install it with: %s\n"
                         % (who, module, e, install))
        sys.exit(2)


def installed(peer):
    """--installed: 0 when the library's version (`peer.version`) is one the adapter supports, else 1 and why."""
    if not peer.supported_versions or peer.version in peer.supported_versions:
        print("%s %s" % (peer.name, peer.version))
        return 0
    name = peer.name
    try:  # the peer's own name (cassowary-py for the cassowary adapter), from the peer.json beside the adapter
        main_file = getattr(sys.modules.get("__main__"), "__file__", None) or sys.argv[0]
        with open(os.path.join(os.path.dirname(os.path.abspath(main_file)), "peer.json"), "rb") as fh:
            name = json.loads(fh.read().decode("utf-8"))["name"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    sys.stderr.write("%s %s is installed; this adapter supports %s; install it with: bench peers install %s\n"
                     % (peer.name, peer.version or "(no version)", " or ".join(peer.supported_versions), name))
    return 1


def main(peer, self_check=None, argv=None):
    """Serve plumb-solver/1 (no arguments), or --time FILE, or --self-check (self_check(Checker) -> exit status), or
    --installed."""
    ap = argparse.ArgumentParser(
        description="%s as a plumb-solver/1 program (no arguments: serve the protocol)" % peer.name)
    ap.add_argument("--time", metavar="FILE", help="time a layout-lp/1 file and print one JSON line")
    ap.add_argument("--repeat", type=int, default=200, help="timed runs for --time (default 200)")
    ap.add_argument("--warmup", type=int, default=20, help="warm-up runs for --time (default 20)")
    ap.add_argument("--no-rounds", action="store_true", help="drop the suggestion rounds for --time")
    ap.add_argument("--self-check", action="store_true", help="run the built-in checks")
    ap.add_argument("--installed", action="store_true",
                    help="exit 0 when the installed library's version is one this adapter supports")
    args = ap.parse_args(argv)
    if args.installed:
        return installed(peer)
    if args.self_check:
        if self_check is None:
            ap.error("this adapter has no self-check")
        return self_check(Checker(peer))
    if args.time:
        if args.repeat < 1 or args.warmup < 0:
            ap.error("--repeat must be at least 1 and --warmup at least 0")
        return time_file(peer, args.time, args.repeat, args.warmup, args.no_rounds)
    try:
        return serve(peer)
    except BrokenPipeError:
        return 0
