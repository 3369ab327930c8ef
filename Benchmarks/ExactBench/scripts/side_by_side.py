#!/usr/bin/env python3
"""side_by_side.py FILE RUNS NAME=EXACTBENCH... - exact against cassowary on one layout-lp/1 file, for one or more
ExactBench binaries (say the current build and a baseline built in a second worktree), measured in the same minutes.

Each of RUNS rounds runs every binary once (the binaries' order alternates between rounds, and within a binary
which solver goes first alternates every other round): `ExactBench --solver exact,cassowary --repeats 5 --rounds
none --no-ambiguity FILE`, whose build_solve_s is the median of 5 fresh solvers. Prints, per binary, the medians over
the rounds of exact's and cassowary's times and of their ratio, with the ratio's range.

    python3 side_by_side.py /tmp/wl/random-10000.json 10 base=/tmp/base/.build/release/ExactBench \
        new=.build/release/ExactBench
"""
import re, statistics, subprocess, sys

path, runs = sys.argv[1], int(sys.argv[2])
binaries = dict(arg.split("=", 1) for arg in sys.argv[3:])
times = {name: ([], [], []) for name in binaries}
for i in range(runs):
    names = list(binaries) if i % 2 == 0 else list(reversed(binaries))
    order = "exact,cassowary" if (i // 2) % 2 == 0 else "cassowary,exact"
    for name in names:
        out = subprocess.run([binaries[name], "--solver", order, "--repeats", "5", "--rounds", "none",
                              "--no-ambiguity", path], capture_output=True, text=True, check=True).stdout
        t = dict(re.findall(r"solver=(\S+) .*?build_solve_s=([0-9.]+)", out))
        e, c = float(t["exact"]), float(t["cassowary"])
        times[name][0].append(e); times[name][1].append(c); times[name][2].append(e / c)
for name, (e, c, r) in times.items():
    print(f"{name}: exact {statistics.median(e) * 1e3:.1f} ms, cassowary {statistics.median(c) * 1e3:.1f} ms, "
          f"ratio {statistics.median(r):.2f} (range {min(r):.2f}-{max(r):.2f}) over {runs} rounds")
