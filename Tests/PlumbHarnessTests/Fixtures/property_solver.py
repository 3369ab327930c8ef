#!/usr/bin/env python3
"""A plumb-solver/1 program that fails properties on purpose, for the property suite's tests.

It solves nothing: every `solve` is answered "unsupported", except as the flags say.
  --hang-on-beale   on Beale's cycling example (the system with a row labelled "beale objective"), sleep forever
  --process-noise   answer every `solve` ok, each value 1 plus a number taken from this process's id
"""
import json
import os
import sys
import time

args = sys.argv[1:]
print(json.dumps({"protocol": "plumb-solver/1", "solver": "property-fixture", "version": "0",
                  "supports": {"levels": 3, "strict_priorities": False, "exact": False,
                               "edits": True, "remove": True, "set_constant": True}}), flush=True)
for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    answer = {"id": request.get("id")}
    if request.get("op") == "solve":
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
    else:
        answer.update({"status": "unsupported", "message": "only solve"})
    print(json.dumps(answer), flush=True)
