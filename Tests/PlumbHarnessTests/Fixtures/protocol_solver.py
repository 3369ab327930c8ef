#!/usr/bin/env python3
"""A tiny plumb-solver/1 program for the harness tests (docs/solver-protocol.md); no solver library needed.

It only propagates required equalities with one unknown (enough for fully pinned layouts). It takes no edits and
no soft constraints (`load` and `solve` answer unsupported). `run` redoes the propagation on a fresh state and
times itself with time.perf_counter; operations apply add/remove/set_constant and re-propagate on each solve. A run
is infeasible when a required constraint fails, and an error when values are asked for and one is undetermined.

Flags, to make it misbehave on purpose:
  --log FILE             append "<pid> <op>" to FILE for every request received
  --garbage              answer every run with a line that is not JSON
  --exit-early           on the first run, write "dying" to stderr and exit with status 3
  --hang                 on run, sleep forever
  --no-hello             never write the hello line
  --claims-remove-cannot claim "remove" but answer a run whose workload removes with an error
  --wrong                add 1 to every value reported
  --sleep-build S        sleep S seconds inside the timed build region
  --repeat               say "repeat" in the hello; `run` with "repeat": N (and "warmup": W) makes W + N runs
                         back to back and answers the last N
  --short-runs           with --repeat, answer one run fewer than asked for
  --hang-ignoring-term   on run, ignore SIGTERM, start a child that ignores it too, and sleep forever
  --detach               on run, start a child in a session of its own (setsid), then sleep forever
  --huge-timing          answer every run with build_solve_s 1e300
  --marker WORD          ignored: names the processes of one test (its children keep the parent's command line)
  --wrong-var NAME        add 1 to that variable's value alone
  --round                report every value rounded to the nearest whole number (as a toolkit's pixels)
  --declare-pixels       say "resolution": 1 in the hello (values on a grid of whole pixels)
  --drops                a required constraint that fails is dropped (the first to fail, again until none does)
                         and the rest answered, instead of "infeasible"
  --declare-drops        say "drops_unsatisfiable": true in the hello
"""
import json
import math
import os
import signal
import sys
import time
from fractions import Fraction

args = sys.argv[1:]
flag = lambda name: name in args
option = lambda name: args[args.index(name) + 1] if name in args else None
LOG, SLEEP = option("--log"), float(option("--sleep-build") or 0)
BUMP = 1 if flag("--wrong") else 0


def num(x):
    return Fraction(str(x).strip())


def constraint(c):
    return {"terms": {v: num(k) for v, k in c["terms"].items() if num(k) != 0}, "constant": num(c["constant"]),
            "relation": c["relation"], "required": num(c["priority"]) == 1000, "label": c.get("label")}


def propagate(constraints, variables):
    """constraints: id -> constraint. Values of every variable, or raises ValueError (one is undetermined) or
    ArithmeticError (a required constraint fails; the message is its label or "#id")."""
    known, changed = {}, True
    while changed:
        changed = False
        for c in constraints.values():
            unknown = [v for v in c["terms"] if v not in known]
            if c["relation"] == "==" and len(unknown) == 1:
                v = unknown[0]
                rest = c["constant"] + sum(k * known[n] for n, k in c["terms"].items() if n != v)
                known[v], changed = -rest / c["terms"][v], True
    for i, c in constraints.items():
        if all(v in known for v in c["terms"]):
            lhs = c["constant"] + sum(k * known[v] for v, k in c["terms"].items())
            if not {"==": lhs == 0, "<=": lhs <= 0, ">=": lhs >= 0}[c["relation"]]:
                raise ArithmeticError(c["label"] or "#%d" % i)
    missing = [v for v in variables if v not in known]
    if missing:
        raise ValueError("cannot determine " + ", ".join(missing))
    return known


def reported(known, variables):
    bump = lambda v: BUMP + (1 if v == option("--wrong-var") else 0)
    if flag("--round"):
        return {v: float(math.floor(known[v] + bump(v) + Fraction(1, 2))) for v in variables}
    return {v: float(known[v] + bump(v)) for v in variables}


def propagate_dropping(constraints, variables):
    """propagate, dropping each required constraint that fails (by its label or "#id") until none does."""
    constraints = dict(constraints)
    while True:
        try:
            return propagate(constraints, variables)
        except ArithmeticError as e:
            failing = [i for i, c in constraints.items() if (c["label"] or "#%d" % i) == str(e)]
            if not failing:
                raise
            del constraints[failing[0]]


def cannot(system, steps=()):
    """Why this program cannot take the system (and the steps of its operations), or None."""
    if system.get("edits") or any("suggest" in s for s in steps):
        return "edit variables are not supported"
    added = [s["constraint"] for s in steps if "add" in s]
    if any(num(c["priority"]) != 1000 for c in system["constraints"] + added):
        return "soft constraints are not supported"
    return None


def solve(system):
    res = {"format": "layout-result/1", "solver": "propagate", "status": "ok", "values": {}, "rounds": [],
           "conflict": [], "message": ""}
    why = cannot(system)
    if why:
        return dict(res, status="unsupported", message=why)
    try:
        solver = propagate_dropping if flag("--drops") else propagate
        known = solver(dict(enumerate(map(constraint, system["constraints"]))), system["variables"])
    except ArithmeticError as e:
        return dict(res, status="infeasible", conflict=[str(e)], message="required constraint %s fails" % e)
    except ValueError as e:
        return dict(res, status="unsupported", message=str(e))
    values = reported(known, system["variables"])
    return dict(res, values=values, rounds=[{"values": values} for _ in system.get("suggestions") or []])


def load(workload):
    system = workload["system"]
    ops = workload.get("operations") or []
    steps = [s for op in ops for s in op["steps"]]
    why = cannot(system, steps)
    if why:
        return None, {"status": "unsupported", "message": why}
    ids = set(range(len(system["constraints"])))
    for i, op in enumerate(ops):
        for j, s in enumerate(op["steps"]):
            cid = s.get("add", s.get("remove", s.get("set_constant")))
            if "add" in s:
                ids.add(cid)
            elif cid is not None and cid not in ids:
                return None, {"status": "error", "message": "operations[%d].steps[%d]: unknown id %s" % (i, j, cid)}
            elif "remove" in s:
                ids.discard(cid)
    base = {i: constraint(c) for i, c in enumerate(system["constraints"])}
    plan = [[(k, s[k], constraint(s["constraint"]) if k == "add" else num(s.get("constant", 0)))
             for s in op["steps"] for k in ("add", "remove", "set_constant", "solve") if k in s] for op in ops]
    return {"variables": system["variables"], "base": base, "rounds": len(system.get("suggestions") or []),
            "plan": plan, "removes": any("remove" in s for s in steps)}, {"status": "ok"}


def run(w, want_values):
    if flag("--claims-remove-cannot") and w["removes"]:
        return {"status": "error", "message": "remove is not implemented"}
    try:
        t0 = time.perf_counter()
        state = dict(w["base"])
        propagate(state, ())
        if SLEEP:
            time.sleep(SLEEP)
        t1 = time.perf_counter()
        for _ in range(w["rounds"]):
            propagate(state, ())
        t2 = time.perf_counter()
        times = []
        for op in w["plan"]:
            ta = time.perf_counter()
            for kind, cid, extra in op:
                if kind == "add":
                    state[cid] = extra
                elif kind == "remove":
                    del state[cid]
                elif kind == "set_constant":
                    state[cid] = dict(state[cid], constant=extra)
                else:
                    propagate(state, ())
            times.append(time.perf_counter() - ta)
    except ArithmeticError as e:
        return {"status": "infeasible", "message": "required constraint %s fails" % e}
    answer = {"status": "ok", "build_solve_s": t1 - t0, "edit_total_s": t2 - t1, "operations": times}
    if want_values:  # a timed run may leave variables free; their values are asked for only here
        try:
            answer["values"] = reported(propagate(state, w["variables"]), w["variables"])
        except ValueError as e:
            return {"status": "error", "message": str(e)}
    return answer


def out(obj):
    """One answer line (a string is written as it is: --garbage)."""
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def main():
    if not flag("--no-hello"):
        out({"protocol": "plumb-solver/1", "solver": "propagate", "version": "1",
             "supports": {"levels": None, "strict_priorities": True, "exact": False, "edits": False,
                          "remove": True, "set_constant": True, "repeat": flag("--repeat"),
                          **({"resolution": 1} if flag("--declare-pixels") else {}),
                          **({"drops_unsatisfiable": True} if flag("--declare-drops") else {})}})
    workload = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            op, rid = req.get("op"), req.get("id")
        except (ValueError, AttributeError):
            req, op, rid = None, "?", None
        if LOG:
            with open(LOG, "a") as fh:
                count = req.get("repeat") if isinstance(req, dict) else None
                warm = req.get("warmup", 0) if isinstance(req, dict) else 0
                fh.write("%d %s%s\n" % (os.getpid(), op, "" if count is None else " %s+%s" % (warm, count)))
        if req is None:
            out({"id": None, "status": "error", "message": "not a JSON object"})
        elif op == "quit":
            break
        elif op == "run" and flag("--exit-early"):
            sys.stderr.write("dying\n")
            sys.exit(3)
        elif op == "run" and flag("--hang"):
            while True:
                time.sleep(60)
        elif op == "run" and flag("--hang-ignoring-term"):
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            if os.fork() == 0:
                while True:
                    time.sleep(60)
            while True:
                time.sleep(60)
        elif op == "run" and flag("--detach"):
            if os.fork() == 0:
                os.setsid()
                while True:
                    time.sleep(60)
            while True:
                time.sleep(60)
        elif op == "run" and flag("--garbage"):
            out("this is not json")
        else:
            try:
                if op == "solve":
                    out({"id": rid, "result": solve(req["system"])})
                elif op == "load":
                    workload = None
                    workload, answer = load(req["workload"])
                    out(dict({"id": rid}, **answer))
                elif op == "run" and flag("--repeat") and "repeat" in req:
                    count = req["repeat"] - (1 if flag("--short-runs") else 0)
                    runs = [run(workload, False) for _ in range(req.get("warmup", 0) + count)][req.get("warmup", 0):] \
                        if workload else []
                    bad = [r for r in runs if r["status"] != "ok"]
                    out(dict({"id": rid}, **bad[0]) if bad else {"id": rid, "status": "ok", "runs": runs})
                elif op == "run":
                    answer = run(workload, req.get("values") is True) if workload else \
                        {"status": "error", "message": "no workload loaded"}
                    if flag("--huge-timing") and answer.get("status") == "ok":
                        answer["build_solve_s"] = 1e300
                    out(dict({"id": rid}, **answer))
                else:
                    out({"id": rid, "status": "error", "message": "unknown op %r" % op})
            except Exception as e:
                out({"id": rid, "status": "error", "message": "%s: %s" % (type(e).__name__, e)})


if __name__ == "__main__":
    main()
