#!/usr/bin/env python3
"""A plumb-solver/1 program that fails properties on purpose, for the property suite's tests.

It solves nothing: every `solve` is answered "unsupported", except as the flags say.
  --hang-on-beale        on Beale's cycling example (the system with a row labelled "beale objective"), sleep forever
  --process-noise        answer every `solve` ok, each value 1 plus a number taken from this process's id
  --churn-flat           answer `load` and `churn`, keeping nothing per cycle
  --churn-leak BYTES     the same, keeping BYTES bytes per cycle (a leak)
  --atomic               answer `load` and `run`: every step marked may_fail refused, every value 0
  --keeps-refused        the same, refusing none of them, each value the number of may_fail steps it took
  --changed-by-refusals  every may_fail step refused, yet each value the number of may_fail steps it saw
"""
import json
import os
import sys
import time

args = sys.argv[1:]
leak = int(args[args.index("--churn-leak") + 1]) if "--churn-leak" in args else None
churns = leak is not None or "--churn-flat" in args
refusals = [flag for flag in ("--atomic", "--keeps-refused", "--changed-by-refusals") if flag in args]
print(json.dumps({"protocol": "plumb-solver/1", "solver": "property-fixture", "version": "0",
                  "supports": {"levels": 3, "strict_priorities": False, "exact": False,
                               "edits": True, "remove": True, "set_constant": True,
                               "churn": churns, "may_fail": bool(refusals)}}), flush=True)
workload, cycles, kept = None, 0, []
for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    op = request.get("op")
    if op == "quit":
        break
    answer = {"id": request.get("id")}
    if op == "solve":
        system = request["system"]
        names = system.get("variables", [])
        beale = any(c.get("label") == "beale objective" for c in system.get("constraints", []))
        if "--hang-on-beale" in args and beale:
            while True:
                time.sleep(1)
        if "--process-noise" in args:
            noise = (os.getpid() % 1000) / 1e6
            answer["result"] = {"format": "layout-result/1", "status": "ok",
                                "values": {name: 1 + noise for name in names}}
        else:
            answer["result"] = {"format": "layout-result/1", "status": "unsupported", "message": "solves nothing"}
    elif op == "load" and (churns or refusals):
        workload, cycles = request["workload"], 0
        answer["status"] = "ok"
    elif op == "churn" and churns and workload is not None:
        start = time.perf_counter()
        for _ in range(request["cycles"]):
            if leak:
                kept.append(bytearray(leak))
        cycles += request["cycles"]
        answer.update({"status": "ok", "cycles": cycles, "seconds": time.perf_counter() - start})
    elif op == "run" and refusals and workload is not None:
        marked = [[k, j] for k, o in enumerate(workload["operations"])
                  for j, step in enumerate(o["steps"]) if step.get("may_fail")]
        refused = [] if "--keeps-refused" in args else marked
        value = 0 if "--atomic" in args else len(marked) - len(refused) if "--keeps-refused" in args else len(marked)
        answer.update({"status": "ok", "build_solve_s": 0, "edit_total_s": 0,
                       "operations": [0 for _ in workload["operations"]], "refused": refused,
                       "values": {name: value for name in workload["system"]["variables"]}})
    else:
        answer.update({"status": "unsupported", "message": "not this request"})
    print(json.dumps(answer), flush=True)
