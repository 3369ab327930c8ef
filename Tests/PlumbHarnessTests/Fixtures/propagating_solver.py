#!/usr/bin/env python3
"""A tiny external solver for the harness tests: reads layout-lp/1 on stdin and answers layout-result/1.

It only propagates required equalities with one unknown (enough for fully pinned layouts), and says
`unsupported` when that leaves a variable unknown. With --wrong it adds 1 to every value (a solver that
disagrees), with --garbage it prints something that is not JSON.
"""
import json
import sys
from fractions import Fraction

if "--garbage" in sys.argv:
    print("this is not json")
    sys.exit(1)
doc = json.load(sys.stdin)
known = {}
changed = True
while changed:
    changed = False
    for c in doc["constraints"]:
        if c["priority"] != 1000 or c["relation"] != "==":
            continue
        unknown = [v for v in c["terms"] if v not in known]
        if len(unknown) != 1:
            continue
        v = unknown[0]
        rest = Fraction(c["constant"]) + sum(Fraction(k) * known[n] for n, k in c["terms"].items() if n != v)
        known[v] = -rest / Fraction(c["terms"][v])
        changed = True
missing = [v for v in doc["variables"] if v not in known]
if missing:
    print(json.dumps({"format": "layout-result/1", "solver": "propagate", "status": "unsupported",
                      "message": "cannot determine " + ", ".join(missing)}))
    sys.exit(0)
bump = 1 if "--wrong" in sys.argv else 0
values = {v: float(known[v] + bump) for v in doc["variables"]}
print(json.dumps({"format": "layout-result/1", "solver": "propagate", "status": "ok", "values": values,
                  "rounds": [values for _ in doc.get("suggestions", [])], "conflict": [],
                  "timing": {"build_solve_s": 0.001, "edit_rounds": 0, "edit_total_s": 0.0}}))
