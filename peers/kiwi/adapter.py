#!/usr/bin/env python3
"""kiwi (kiwisolver, the Python binding of nucleic/kiwi) as a plumb-solver/1 program.

The harness runs it with `bench run --external kiwi="python3 peers/kiwi/adapter.py"`; it speaks plumb-solver/1
(docs/solver-protocol.md) on standard input and output: a hello line, then one JSON answer per request
(`solve`, `load`, `run`, `quit`). Needs Python 3 and `pip install kiwisolver` (written against 1.5.1).

Other modes:
    adapter.py --time FILE.json [--repeat R] [--warmup W] [--no-rounds]   time a layout-lp/1 file with the same run code and
        print {"name", "build_solve_s", "build_solve_q1", "build_solve_q3", "edit_total_s", "repeat"}
        (medians and quartiles over R runs after W warm-ups; defaults R=200, W=20)
    adapter.py --self-check   small systems derived by hand, through the same request handler; PASS/FAIL lines

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
import argparse
import json
import math
import statistics
import sys
import time
from decimal import Decimal
from fractions import Fraction

import kiwisolver as kiwi

PROTOCOL = "plumb-solver/1"
RESULT_FORMAT = "layout-result/1"
REQUIRED = Fraction(1000)
LEVEL_NAMES = {0: (), 1: ("strong",), 2: ("strong", "weak"), 3: ("strong", "medium", "weak")}
RELATIONS = ("==", "<=", ">=")
STEP_KINDS = ("add", "remove", "set_constant", "suggest", "solve")
ADD, REMOVE, SET_CONSTANT, SUGGEST, SOLVE = range(5)


class Bad(ValueError):
    """Malformed input: the answer is status "error"."""


class Unsupported(Exception):
    """Well-formed input kiwi cannot take: the answer is status "unsupported"."""


def hello():
    return {"protocol": PROTOCOL, "solver": "kiwi", "version": kiwi.__version__,
            "supports": {"levels": 3, "strict_priorities": False, "exact": False,
                         "edits": True, "remove": True, "set_constant": True, "repeat": True}}


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


def strengths(priorities):
    """Priority -> kiwi strength, or Unsupported when more than three non-required levels."""
    levels = sorted({p for p in priorities if p != REQUIRED}, reverse=True)
    if len(levels) > 3:
        raise Unsupported("%d distinct non-required priority levels [%s]; kiwi keeps at most three apart "
                          "(strong, medium, weak)" % (len(levels), ", ".join(show(p) for p in levels)))
    table = {REQUIRED: kiwi.strength.required}
    for p, name in zip(levels, LEVEL_NAMES[len(levels)]):
        table[p] = getattr(kiwi.strength, name)
    return table


def make(spec, variables, table):
    expr = kiwi.Expression([kiwi.Term(variables[n], float(k)) for n, k in spec.terms], float(spec.constant))
    return kiwi.Constraint(expr, spec.relation, table[spec.priority])


def out(x):
    """A float for JSON: -0 as 0, non-finite values spelled as layout-result/1 reads them."""
    x = float(x) + 0.0
    if math.isfinite(x):
        return x
    return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")


def cite(spec, i):
    return spec.label if spec.label else "#%d" % i


# ---------------------------------------------------------------------------------------------------- solve

def solve(doc):
    """A layout-lp/1 system -> layout-result/1 (values after the initial solve and after each round)."""
    res = {"format": RESULT_FORMAT, "solver": "kiwi", "status": "ok", "values": {}, "rounds": [], "conflict": [],
           "message": ""}
    try:
        system = System(doc)
        table = strengths(system.priorities())
    except Bad as e:
        res.update(status="error", message=str(e))
        return res
    except Unsupported as e:
        res.update(status="unsupported", message=str(e))
        return res
    variables = {n: kiwi.Variable(n) for n in system.names}
    solver = kiwi.Solver()
    for i, spec in enumerate(system.constraints):
        try:
            solver.addConstraint(make(spec, variables, table))
        except kiwi.UnsatisfiableConstraint:
            res.update(status="infeasible", conflict=[cite(spec, i)],
                       message="kiwi refused required constraint %s (UnsatisfiableConstraint); kiwi names only the "
                               "constraint it refused, not the rest of the conflicting set" % cite(spec, i))
            return res
    snapshot = lambda: {n: out(variables[n].value()) for n in system.names}
    solver.updateVariables()
    res["values"] = snapshot()
    for name, p in system.edits:
        solver.addEditVariable(variables[name], table[p])
    for r in system.rounds:
        for name, v in r:
            solver.suggestValue(variables[name], float(v))
        solver.updateVariables()
        res["rounds"].append({"values": snapshot()})
    return res


# ---------------------------------------------------------------------------------------------------- load / run

class Workload:
    """Everything a timed run needs, converted before any clock starts."""

    def __init__(self, doc):
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
                planned.append(self._step(step, at, specs, system))
                if planned[-1][0] == ADD:
                    prios.append(planned[-1][2].priority)
            plan.append(planned)
        table = strengths(prios)
        self.system = system
        self.variables = {n: kiwi.Variable(n) for n in system.names}
        self.base = [make(c, self.variables, table) for c in system.constraints]
        self.edits = [(self.variables[n], table[p]) for n, p in system.edits]
        self.edit_variables = [self.variables[n] for n, _ in system.edits]
        self.rounds = [[(self.variables[n], float(v)) for n, v in r] for r in system.rounds]
        self.ops = []
        for planned in plan:
            steps = []
            for s in planned:
                if s[0] in (ADD, SET_CONSTANT):
                    steps.append((s[0], s[1], make(s[2], self.variables, table)))
                elif s[0] == SUGGEST:
                    steps.append((SUGGEST, self.variables[s[1]], float(s[2])))
                else:
                    steps.append(s)
            self.ops.append(steps)

    @staticmethod
    def _step(step, at, specs, system):
        if not isinstance(step, dict):
            raise Bad(at + ": expected an object")
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
        if kind == "remove":
            del specs[cid]
            return (REMOVE, cid)
        specs[cid] = specs[cid].with_constant(number(need(step, "constant", at), at + ".constant"))
        return (SET_CONSTANT, cid, specs[cid])


def run_once(w, want_values=False):
    """One timed run on a fresh solver: {"status", "build_solve_s", "edit_total_s", "operations"[, "values"]}."""
    solver = kiwi.Solver()
    add, remove, update = solver.addConstraint, solver.removeConstraint, solver.updateVariables
    suggest, editable = solver.suggestValue, solver.addEditVariable
    current = dict(enumerate(w.base))
    clock = time.perf_counter
    try:
        t0 = clock()
        for cn in w.base:
            add(cn)
        update()
        for var, strength in w.edits:
            editable(var, strength)
        t1 = clock()
    except kiwi.UnsatisfiableConstraint:
        i = next(i for i, cn in enumerate(w.base) if not solver.hasConstraint(cn))
        return {"status": "infeasible", "message": "kiwi refused required constraint %s of the system "
                "(UnsatisfiableConstraint)" % cite(w.system.constraints[i], i)}
    t2 = clock()
    for r in w.rounds:
        for var, value in r:
            suggest(var, value)
        update()
    t3 = clock()
    times = []
    for k, op in enumerate(w.ops):
        step = None
        try:
            ta = clock()
            for step in op:
                kind = step[0]
                if kind == SOLVE:
                    update()
                elif kind == SUGGEST:
                    suggest(step[1], step[2])
                elif kind == SET_CONSTANT:
                    remove(current[step[1]])
                    add(step[2])
                    current[step[1]] = step[2]
                elif kind == ADD:
                    add(step[2])
                    current[step[1]] = step[2]
                else:
                    remove(current.pop(step[1]))
            times.append(clock() - ta)
        except kiwi.UnsatisfiableConstraint:
            j = next(j for j, s in enumerate(op) if s is step)
            return {"status": "infeasible", "message": "operations[%d].steps[%d]: kiwi refused the required "
                    "constraint (UnsatisfiableConstraint)" % (k, j)}
    answer = {"status": "ok", "build_solve_s": t1 - t0, "edit_total_s": t3 - t2, "operations": times}
    if want_values:
        used = {t.variable().name() for cn in current.values() for t in cn.expression().terms()}
        used.update(v.name() for v in w.edit_variables)
        answer["values"] = {n: (out(w.variables[n].value()) if n in used else 0.0) for n in w.system.names}
    return answer


# ---------------------------------------------------------------------------------------------------- requests

class Session:
    def __init__(self):
        self.workload = None
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
                return {"id": rid, "result": solve(req.get("system"))}
            except Exception as e:
                message = "%s: %s" % (type(e).__name__, e)
                return {"id": rid, "status": "error", "message": message,
                        "result": {"format": RESULT_FORMAT, "solver": "kiwi", "status": "error", "values": {},
                                   "rounds": [], "conflict": [], "message": message}}
        if op == "load":
            self.workload = None
            try:
                self.workload = Workload(req.get("workload"))
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
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10000:
                return {"id": rid, "status": "error", "message": "run: \"repeat\" must be a whole number from 1 to 10000"}
            warm = req.get("warmup", 0)
            if isinstance(warm, bool) or not isinstance(warm, int) or not 0 <= warm <= 10000:
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
        return {"id": rid, "status": "error", "message": "unknown op %s" % json.dumps(op, default=str)}


def write(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":"), default=str) + "\n")
    sys.stdout.flush()


def serve():
    write(hello())
    session = Session()
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

def time_file(path, repeat, warmup, no_rounds=False):
    with open(path, "rb") as fh:
        doc = loads(fh.read().decode("utf-8"))
    if no_rounds and isinstance(doc, dict):
        doc["suggestions"] = []
    name = doc.get("name") if isinstance(doc, dict) and doc.get("name") else path
    try:
        w = Workload({"system": doc, "operations": []})
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

def _c(terms, constant, relation="==", prio=1000, label=None):
    c = {"terms": terms, "constant": constant, "relation": relation, "priority": prio}
    if label:
        c["label"] = label
    return c


def _lp(variables, constraints, edits=(), suggestions=()):
    return {"format": "layout-lp/1", "variables": list(variables), "constraints": list(constraints),
            "edits": list(edits), "suggestions": list(suggestions)}


def _close(got, want):
    return (isinstance(got, dict) and set(got) == set(want)
            and all(isinstance(got[k], float) and abs(got[k] - v) < 1e-6 for k, v in want.items()))


def self_check():
    s = Session()
    checks = []

    def check(name, ok, detail):
        checks.append(bool(ok))
        print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + json.dumps(detail, default=str)))

    h = hello()
    check("hello", h["protocol"] == PROTOCOL and h["supports"]["levels"] == 3 and json.loads(json.dumps(h)) == h, h)

    # root.x = 0, root.w = 320, v.x = root.x + 8, v.w = root.w - 16; "free" is in no constraint and reads 0.
    pinned = _lp(["root.x", "root.w", "v.x", "v.w", "free"],
                 [_c({"root.x": "1"}, "0"), _c({"root.w": 1}, "-320"),
                  _c({"v.x": "1", "root.x": "-1"}, "-8"), _c({"v.w": "2", "root.w": "-2"}, "32")])
    a = s.handle({"op": "solve", "id": 1, "system": pinned})
    r = a.get("result", {})
    check("pinned layout", a["id"] == 1 and r.get("status") == "ok" and r.get("format") == RESULT_FORMAT
          and _close(r.get("values"), {"root.x": 0, "root.w": 320, "v.x": 8, "v.w": 304, "free": 0})
          and r.get("rounds") == [], a)

    # x == 100 @750 beats x == 50 @250; y: 10 @750 beats 20 @500 beats 30 @250 (strong/medium/weak).
    soft = _lp(["x", "y"], [_c({"x": "1"}, "-50", prio=250), _c({"x": "1"}, "-100", prio=750),
                            _c({"y": "1"}, "-30", prio=250), _c({"y": "1"}, "-20", prio=500),
                            _c({"y": "1"}, "-10", prio="1500/2")])
    r = s.handle({"op": "solve", "id": 2, "system": soft})["result"]
    check("soft conflict across levels", r["status"] == "ok" and _close(r["values"], {"x": 100, "y": 10}), r)

    # x == 10 and x == 20, both required: kiwi refuses the second one.
    bad = _lp(["x"], [_c({"x": "1"}, "-10", label="x is 10"), _c({"x": "1"}, "-20")])
    r = s.handle({"op": "solve", "id": 3, "system": bad})["result"]
    check("infeasible pair", r["status"] == "infeasible" and r["conflict"] == ["#1"], r)
    bad["constraints"].reverse()
    r = s.handle({"op": "solve", "id": 4, "system": bad})["result"]
    check("infeasible pair (labelled)", r["status"] == "infeasible" and r["conflict"] == ["x is 10"], r)

    # w == 200 @250 sets the initial layout (the edit is inactive); rounds suggest w = 320, then 50 @750.
    edit = _lp(["w", "v.w"], [_c({"v.w": "1", "w": "-1"}, "16"), _c({"w": "1"}, "-200", prio=250)],
               [{"variable": "w", "priority": 750}], [{"w": "320"}, {"w": "1/2"}])
    r = s.handle({"op": "solve", "id": 5, "system": edit})["result"]
    check("edit with suggestion rounds", r["status"] == "ok" and _close(r["values"], {"w": 200, "v.w": 184})
          and len(r["rounds"]) == 2 and _close(r["rounds"][0]["values"], {"w": 320, "v.w": 304})
          and _close(r["rounds"][1]["values"], {"w": 0.5, "v.w": -15.5}), r)

    # a = 0, b = a + 10 (id 1), c = b + 5 (id 2), d free. Then: b = a + 20; c = a + 1 as id 9 instead of id 2;
    # id 9's constant -> c = a + 7; a suggestion moves the edit variable d to 3 (it was never suggested: 0).
    ops = [{"kind": "update", "steps": [{"set_constant": 1, "constant": "-20"}, {"solve": True}]},
           {"kind": "remake", "steps": [{"remove": 2}, {"add": 9, "constraint": _c({"c": "1", "a": "-1"}, "-1")},
                                        {"solve": True}]},
           {"kind": "update", "steps": [{"set_constant": 9, "constant": -7}, {"suggest": "d", "value": "3"},
                                        {"solve": True}]}]
    work = {"system": _lp(["a", "b", "c", "d", "e"], [_c({"a": "1"}, "0"), _c({"b": "1", "a": "-1"}, "-10"),
                                                       _c({"c": "1", "b": "-1"}, "-5")],
                          [{"variable": "d", "priority": 500}]), "operations": ops}
    a = s.handle({"op": "load", "id": 6, "workload": work})
    b = s.handle({"op": "run", "id": 7, "values": True})
    check("workload with remove/add/set_constant", a == {"id": 6, "status": "ok"} and b.get("status") == "ok"
          and len(b.get("operations", [])) == 3 and all(t >= 0 for t in b["operations"] + [b["build_solve_s"]])
          and _close(b.get("values"), {"a": 0, "b": 20, "c": 7, "d": 3, "e": 0}), [a, b])
    b2 = s.handle({"op": "run", "id": 8})
    check("second run, fresh solver, no values", b2.get("status") == "ok" and "values" not in b2, b2)
    b3 = s.handle({"op": "run", "id": 14, "repeat": 3, "warmup": 2})
    check("two warm-ups and three runs back to back", b3.get("status") == "ok" and len(b3.get("runs", [])) == 3
          and all(len(r["operations"]) == 3 and r["build_solve_s"] >= 0 for r in b3["runs"]), b3)
    b4 = s.handle({"op": "run", "id": 15, "repeat": 0})
    check("repeat 0 is an error", b4.get("status") == "error" and "repeat" in b4.get("message", ""), b4)

    four = _lp(["x"], [_c({"x": "1"}, "-1", prio=p) for p in (100, 200, 300)])
    a = s.handle({"op": "load", "id": 9, "workload": {"system": four, "operations": [
        {"kind": "update", "steps": [{"add": 3, "constraint": _c({"x": "1"}, "0", prio=400)}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 10})
    check("four levels (one added by an operation) unsupported", a["status"] == "unsupported"
          and "4 distinct" in a["message"] and b["status"] == "error", [a, b])
    a = s.handle({"op": "load", "id": 11, "workload": {"system": pinned, "operations": [
        {"kind": "update", "steps": [{"solve": True}]}, {"kind": "update", "steps": [{"remove": 42}]}]}})
    check("unknown id is an error naming the step", a["status"] == "error"
          and "operations[1].steps[0]" in a["message"], a)
    s.handle({"op": "load", "id": 12, "workload": {"system": pinned, "operations": [
        {"kind": "update", "steps": [{"add": 4, "constraint": _c({"v.x": "1"}, "-9")}, {"solve": True}]}]}})
    b = s.handle({"op": "run", "id": 13})
    check("operation adding a conflicting required constraint", b["status"] == "infeasible"
          and "operations[0].steps[0]" in b["message"], b)
    print("%d of %d checks passed" % (sum(checks), len(checks)))
    return 0 if all(checks) else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="kiwi as a plumb-solver/1 program (no arguments: serve the protocol)")
    ap.add_argument("--time", metavar="FILE", help="time a layout-lp/1 file and print one JSON line")
    ap.add_argument("--repeat", type=int, default=200, help="timed runs for --time (default 200)")
    ap.add_argument("--warmup", type=int, default=20, help="warm-up runs for --time (default 20)")
    ap.add_argument("--no-rounds", action="store_true", help="drop the suggestion rounds for --time")
    ap.add_argument("--self-check", action="store_true", help="run the built-in checks")
    args = ap.parse_args(argv)
    if args.self_check:
        return self_check()
    if args.time:
        if args.repeat < 1 or args.warmup < 0:
            ap.error("--repeat must be at least 1 and --warmup at least 0")
        return time_file(args.time, args.repeat, args.warmup, args.no_rounds)
    try:
        return serve()
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
