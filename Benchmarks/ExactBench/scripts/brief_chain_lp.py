#!/usr/bin/env python3
"""brief_chain_lp.py N OUT - the single-level chain LP of reference/exact-and-relaxation.md ("brief"), written twice:
OUT.json (layout-lp/1, for ExactBench) and OUT.lp (CPLEX LP, for glpsol). N views with left x_i and width w_i:
x_0 == 8, x_i == x_{i-1} + w_{i-1} + 8, x_{N-1} + w_{N-1} == W - 8 (W = 83N + 9), w_i == w_0 all required, so
w = 75 + 1/N; one soft level of N constraints w_i >= 80. The optimum is 5N - 1 (exactly).

    python3 brief_chain_lp.py 1000 /tmp/brief-1000
    glpsol --lp /tmp/brief-1000.lp --exact -o /tmp/brief-1000.sol   # and --xcheck, and plain (not -o /dev/null:
                                                                   # run as root, glpsol replaced the device)
    ExactBench --check --no-ambiguity /tmp/brief-1000.json
"""
import json, sys
N = int(sys.argv[1]); out = sys.argv[2]
W = 83 * N + 9
vars_ = []
for i in range(N): vars_ += ["v%d.x" % i, "v%d.w" % i]
cons = [{"terms": {"v0.x": "1"}, "constant": "-8", "relation": "==", "priority": 1000}]
for i in range(1, N):
    cons.append({"terms": {"v%d.x" % i: "1", "v%d.x" % (i-1): "-1", "v%d.w" % (i-1): "-1"}, "constant": "-8", "relation": "==", "priority": 1000})
    cons.append({"terms": {"v%d.w" % i: "1", "v0.w": "-1"}, "constant": "0", "relation": "==", "priority": 1000})
cons.append({"terms": {"v%d.x" % (N-1): "1", "v%d.w" % (N-1): "1"}, "constant": str(-(W - 8)), "relation": "==", "priority": 1000})
for i in range(N):
    cons.append({"terms": {"v%d.w" % i: "1"}, "constant": "-80", "relation": ">=", "priority": 500})
json.dump({"format": "layout-lp/1", "name": "brief-chain-%d" % N, "variables": vars_, "constraints": cons}, open(out + ".json", "w"))
with open(out + ".lp", "w") as f:
    f.write("Minimize\n obj: " + " + ".join("n%d" % i for i in range(N)) + "\nSubject To\n")
    f.write(" c0: x0 = 8\n")
    for i in range(1, N):
        f.write(" a%d: x%d - x%d - w%d = 8\n" % (i, i, i-1, i-1))
        f.write(" e%d: w%d - w0 = 0\n" % (i, i))
    f.write(" last: x%d + w%d = %d\n" % (N-1, N-1, W - 8))
    for i in range(N):
        f.write(" s%d: w%d + n%d >= 80\n" % (i, i, i))
    f.write("Bounds\n")
    for i in range(N): f.write(" x%d free\n w%d free\n" % (i, i))
    f.write("End\n")
