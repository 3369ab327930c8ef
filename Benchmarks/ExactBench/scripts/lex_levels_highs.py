#!/usr/bin/env python3
"""lex_levels_highs.py FILE.json... - an independent floating-point check of the exact back end's optimum: solves the
layout-lp/1 lexicographic L1 problem level by level with scipy's HiGHS (each level's optimum fixed, with a 1e-9
relative slack, before the next) and prints each level's minimum sum of violations. Compare with
`ExactBench --check FILE.json`, which prints the exact sums of the exact solution (they must agree to the slack).
"""
import json, sys
from fractions import Fraction as F
import numpy as np
from scipy.optimize import linprog
from scipy.sparse import lil_matrix, csr_matrix
def lex(path):
    d = json.load(open(path))
    vs = {n:i for i,n in enumerate(d["variables"])}
    cons = d["constraints"]
    nx = len(vs)
    soft = [k for k,c in enumerate(cons) if F(c["priority"]) != 1000]
    # columns: x, then p_k, n_k for soft
    col = {}
    ncol = nx
    for k in soft: col[k] = ncol; ncol += 2
    rows_eq, b_eq, rows_ub, b_ub = [], [], [], []
    def row(c, k):
        r = {}
        for n, a in c["terms"].items(): r[vs[n]] = float(F(a))
        return r, -float(F(c["constant"]))
    for k, c in enumerate(cons):
        r, rhs = row(c, k)
        if k in col:
            r = dict(r); r[col[k]] = -1.0; r[col[k]+1] = 1.0   # a.x - p + n  REL rhs
        if c["relation"] == "==": rows_eq.append(r); b_eq.append(rhs)
        elif c["relation"] == "<=": rows_ub.append(r); b_ub.append(rhs)
        else: rows_ub.append({j:-v for j,v in r.items()}); b_ub.append(-rhs)
    levels = sorted({F(cons[k]["priority"]) for k in soft}, reverse=True)
    bounds = [(None,None)]*nx + [(0,None)]*(ncol-nx)
    def mat(rows):
        m = lil_matrix((len(rows), ncol))
        for i, r in enumerate(rows):
            for j, v in r.items(): m[i, j] = v
        return csr_matrix(m)
    extra_rows, extra_b = [], []
    out = []
    for L in levels:
        cvec = np.zeros(ncol)
        for k in soft:
            if F(cons[k]["priority"]) != L: continue
            rel = cons[k]["relation"]
            if rel in ("==", "<="): cvec[col[k]] = 1
            if rel in ("==", ">="): cvec[col[k]+1] = 1
        ub_rows = rows_ub + extra_rows
        res = linprog(cvec, A_ub=mat(ub_rows) if ub_rows else None, b_ub=(b_ub+extra_b) if ub_rows else None,
                      A_eq=mat(rows_eq), b_eq=b_eq, bounds=bounds, method="highs")
        out.append((str(L), res.fun))
        extra_rows.append({j: v for j, v in enumerate(cvec) if v}); extra_b.append(res.fun + 1e-9 * max(1, abs(res.fun)))
    return out
for p in sys.argv[1:]:
    print(p, lex(p))
