#!/usr/bin/env python3
"""Cassowary beside kiwi on the same layout-lp/1 files, one file at a time, kiwi first then ours.

    swift build -c release --product cassowary-bench
    python3 ../shared/anchors/workloads.py /tmp/wl --sizes 1000
    python3 Benchmarks/CassowaryBench/compare_kiwi.py .build/release/cassowary-bench /tmp/wl/*-1000.json

Prints one JSON line per file: kiwi's in-process build+solve and 60-round times (kiwi_run.py --repeat 3, its
median), ours (cassowary-bench --repeat 5 --passes 3, medians), and the ratios. kiwi needs about 340 s on
chain-1000, so chain files are skipped for kiwi unless --kiwi-chain is given.
"""
import json, subprocess, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
kiwi_chain = "--kiwi-chain" in sys.argv
bench, files = args[0], args[1:]
kiwi_run = "../shared/anchors/kiwi_run.py"
for f in files:
    row = {"file": f}
    if kiwi_chain or "chain-" not in f:
        out = subprocess.run(["python3", kiwi_run, f, "--repeat", "3"], capture_output=True, text=True).stdout
        k = json.loads(out)
        row["kiwi_build_solve_s"] = k["build_solve_s"]
        row["kiwi_rounds_s"] = k["edit_total_s"]
    c = json.loads(subprocess.run([bench, f, "--repeat", "5", "--passes", "3", "--memory"],
                                  capture_output=True, text=True).stdout)
    row["constraints"] = c["n_constraints"]
    row["ours_build_solve_s"] = c["build_solve_s"]
    row["ours_rounds_s"] = c["edit_total_s"]
    row["bytes_per_constraint"] = c["solver_bytes_per_constraint"]
    if "kiwi_build_solve_s" in row:
        row["build_solve_ratio"] = row["kiwi_build_solve_s"] / row["ours_build_solve_s"]
        if row["ours_rounds_s"] > 0:
            row["rounds_ratio"] = row["kiwi_rounds_s"] / row["ours_rounds_s"]
    print(json.dumps(row), flush=True)
