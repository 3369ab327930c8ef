//! `--self-check`: small systems with values derived by hand, sent as JSON lines through the same line handler
//! the protocol uses (`answer_line`). One PASS/FAIL line per check; the exit status is 1 on any failure.

use crate::exact::Rat;
use crate::json::{parse, Json};
use crate::{answer_line, hello, Reply, Session};

struct Checker {
    session: Session,
    passed: usize,
    failed: usize,
}

fn num(v: Option<&Json>) -> Option<f64> {
    match v {
        Some(Json::Num(t)) => t.parse().ok(),
        _ => None,
    }
}

fn text<'a>(v: &'a Json, key: &str) -> &'a str {
    match v.get(key) {
        Some(Json::Str(t)) => t,
        _ => "",
    }
}

/// Every value is a JSON number within 1e-6 of the wanted one, and there are no others.
fn close(got: Option<&Json>, want: &[(&str, f64)]) -> bool {
    match got {
        Some(Json::Obj(m)) => m.len() == want.len()
            && want.iter().all(|(k, x)| num(got.and_then(|g| g.get(k))).map_or(false, |y| (y - x).abs() < 1e-6)),
        _ => false,
    }
}

impl Checker {
    fn send(&mut self, line: &str) -> Json {
        match answer_line(&mut self.session, line.as_bytes()) {
            Reply::Answer(a) => a,
            Reply::Skip => Json::Str("(no answer: blank line)".into()),
            Reply::Quit => Json::Str("(no answer: quit)".into()),
        }
    }

    /// The layout-result/1 answer to a `solve` of `system` (JSON text).
    fn solve(&mut self, system: &str) -> Json {
        let a = self.send(&format!(r#"{{"op": "solve", "id": 7, "system": {}}}"#, system));
        a.get("result").cloned().unwrap_or(a)
    }

    fn check(&mut self, name: &str, ok: bool, detail: &Json) {
        if ok {
            self.passed += 1;
            println!("PASS {}", name);
        } else {
            self.failed += 1;
            println!("FAIL {}: {}", name, detail.to_line());
        }
    }
}

fn lp(variables: &str, constraints: &str, extra: &str) -> String {
    format!(r#"{{"format": "layout-lp/1", "variables": [{}], "constraints": [{}]{}}}"#, variables, constraints, extra)
}

pub fn run() -> i32 {
    let mut c = Checker { session: Session::new(), passed: 0, failed: 0 };

    let h = hello();
    let sup = h.get("supports").cloned().unwrap_or(Json::Null);
    c.check("hello", text(&h, "protocol") == "plumb-solver/1" && num(sup.get("levels")) == Some(3.0)
            && sup.get("strict_priorities") == Some(&Json::Bool(false)) && sup.get("may_fail") == Some(&Json::Bool(true))
            && sup.get("churn") == Some(&Json::Bool(true)) && parse(&h.to_line()).ok() == Some(h.clone()), &h);

    // Exact numbers: every form of interchange.md, rounded once to the nearest double.
    let forms: &[(&str, f64)] = &[("8", 8.0), ("-8", -8.0), ("+8", 8.0), ("007", 7.0), ("-0.125", -0.125), (".5", 0.5),
        ("5.", 5.0), ("2.5e-3", 2.5e-3), ("1E6", 1e6), ("-4e+2", -400.0), ("1/3", 1.0 / 3.0), ("-7/2", -3.5),
        ("1.5/4", 0.375), ("1/-3", -1.0 / 3.0), ("0.1", 0.1), ("9007199254740993", 9007199254740992.0),
        ("9007199254740995", 9007199254740996.0), ("170141183460469231731687303715884105727", 1.7014118346046923e38),
        ("1/170141183460469231731687303715884105727", 5.877471754111438e-39), ("0.30000000000000004", 0.30000000000000004),
        ("12345678901234567890123456789.0123", 1.2345678901234568e28), ("2/3e-30", 6.666666666666666e29)];
    let wrong: Vec<String> = forms.iter().filter(|(t, x)| Rat::parse(t).map(|r| r.to_f64()) != Ok(*x))
        .map(|(t, _)| t.to_string()).collect();
    c.check("exact number forms, rounded once", wrong.is_empty(), &Json::Str(wrong.join(" ")));
    let rejects = ["", " 1", "1 ", "0x10", "nan", "-inf", "Infinity", "1/0", "1e39", "1e-39", "1/2/3", "e5", ".", "+",
        "1e", "1.2.3", "170141183460469231731687303715884105728", "--1"];
    let accepted: Vec<&str> = rejects.iter().copied().filter(|t| Rat::parse(t).is_ok()).collect();
    c.check("malformed numbers rejected", accepted.is_empty(), &Json::Str(accepted.join(" | ")));
    let same = Rat::parse("750").ok() == Rat::parse("1500/2").ok() && Rat::parse("999.5").ok() > Rat::parse("999").ok()
        && Rat::parse("99999999999999999999.5/100000000000000000000").ok() < Rat::parse("1").ok();
    c.check("priorities compare exactly", same, &Json::Null);

    // Required equality chain: root.x = 0, root.w = 320, v.x = root.x + 8, v.w = root.w - 16; "free" reads 0.
    let pinned = lp(r#""root.x", "root.w", "v.x", "v.w", "free""#,
        r#"{"terms": {"root.x": "1"}, "constant": "0", "relation": "==", "priority": 1000},
           {"terms": {"root.w": 1}, "constant": "-320", "relation": "==", "priority": 1000},
           {"terms": {"v.x": "1", "root.x": "-1"}, "constant": "-8", "relation": "==", "priority": 1000},
           {"terms": {"v.w": "2", "root.w": "-2"}, "constant": 32, "relation": "==", "priority": 1000}"#, "");
    let a = c.send(&format!(r#"{{"op": "solve", "id": 1, "system": {}}}"#, pinned));
    let r = a.get("result").cloned().unwrap_or(Json::Null);
    c.check("required equality chain", num(a.get("id")) == Some(1.0) && text(&r, "status") == "ok"
            && text(&r, "format") == "layout-result/1" && r.get("rounds") == Some(&Json::Arr(vec![]))
            && close(r.get("values"), &[("root.x", 0.0), ("root.w", 320.0), ("v.x", 8.0), ("v.w", 304.0), ("free", 0.0)]), &a);

    // A soft row loses to a required one: x == 10 (required) against x == 50 @750; y <= 5 against y >= 20 @250.
    let r = c.solve(&lp(r#""x", "y""#, r#"{"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
        {"terms": {"x": "1"}, "constant": "-50", "relation": "==", "priority": 750},
        {"terms": {"y": "1"}, "constant": "-5", "relation": "<=", "priority": 1000},
        {"terms": {"y": "1"}, "constant": "-20", "relation": ">=", "priority": 250}"#, ""));
    c.check("soft row loses to a required one", text(&r, "status") == "ok" && close(r.get("values"), &[("x", 10.0), ("y", 5.0)]), &r);

    // Levels: x == 100 @750 beats x == 50 @250; y == 10 @1500/2 (= 750) beats y == 20 @500 beats y == 30 @250.
    let r = c.solve(&lp(r#""x", "y""#, r#"{"terms": {"x": "1"}, "constant": "-50", "relation": "==", "priority": 250},
        {"terms": {"x": "1"}, "constant": "-100", "relation": "==", "priority": 750},
        {"terms": {"y": "1"}, "constant": "-30", "relation": "==", "priority": 250},
        {"terms": {"y": "1"}, "constant": "-20", "relation": "==", "priority": "500"},
        {"terms": {"y": "1"}, "constant": "-10", "relation": "==", "priority": "1500/2"}"#, ""));
    c.check("three soft levels (strong, medium, weak)", text(&r, "status") == "ok"
            && close(r.get("values"), &[("x", 100.0), ("y", 10.0)]), &r);

    // x == 10 and x == 20, both required: the second is refused.
    let pair = |first: &str, second: &str| lp(r#""x""#, &format!("{}, {}", first, second), "");
    let ten = r#"{"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000, "label": "x is 10"}"#;
    let twenty = r#"{"terms": {"x": "1"}, "constant": "-20", "relation": "==", "priority": 1000}"#;
    let r = c.solve(&pair(ten, twenty));
    c.check("infeasible required pair", text(&r, "status") == "infeasible"
            && r.get("conflict") == Some(&Json::Arr(vec![Json::Str("#1".into())])), &r);
    let r = c.solve(&pair(twenty, ten));
    c.check("infeasible required pair (labelled)", text(&r, "status") == "infeasible"
            && r.get("conflict") == Some(&Json::Arr(vec![Json::Str("x is 10".into())])), &r);

    // w == 200 @250 sets the initial layout (the edit is inactive); rounds suggest w = 320, then 1/2 @750.
    let r = c.solve(&lp(r#""w", "v.w""#, r#"{"terms": {"v.w": "1", "w": "-1"}, "constant": "16", "relation": "==", "priority": 1000},
        {"terms": {"w": "1"}, "constant": "-200", "relation": "==", "priority": 250}"#,
        r#", "edits": [{"variable": "w", "priority": 750}], "suggestions": [{"w": "320"}, {"w": "1/2"}]"#));
    let round = |r: &Json, k: usize| match r.get("rounds") {
        Some(Json::Arr(items)) if items.len() == 2 => items[k].get("values").cloned(),
        _ => None,
    };
    c.check("edit variable, suggestions and re-solves", text(&r, "status") == "ok"
            && close(r.get("values"), &[("w", 200.0), ("v.w", 184.0)])
            && close(round(&r, 0).as_ref(), &[("w", 320.0), ("v.w", 304.0)])
            && close(round(&r, 1).as_ref(), &[("w", 0.5), ("v.w", -15.5)]), &r);

    // Two edits; only a is suggested: b's edit stays without effect, so b == 7 @250 holds (an edit at 0 @750
    // would win).
    let r = c.solve(&lp(r#""a", "b""#, r#"{"terms": {"b": "1"}, "constant": "-7", "relation": "==", "priority": 250}"#,
        r#", "edits": [{"variable": "a", "priority": 750}, {"variable": "b", "priority": 750}], "suggestions": [{"a": 3}, {}]"#));
    c.check("an edit has no effect before its first suggestion", text(&r, "status") == "ok"
            && close(round(&r, 0).as_ref(), &[("a", 3.0), ("b", 7.0)]) && close(round(&r, 1).as_ref(), &[("a", 3.0), ("b", 7.0)]), &r);

    // a = 0, b = a + 10 (id 1), c = b + 5 (id 2), d an edit. Then: b = a + 20 (set_constant); c = a + 1 as id 9
    // instead of id 2 (remove, add); id 9's constant -> c = a + 7 and d is suggested 3; id 1 removed: b is free (0).
    let work = format!(r#"{{"system": {}, "operations": [
        {{"kind": "update", "steps": [{{"set_constant": 1, "constant": "-20"}}, {{"solve": true}}]}},
        {{"kind": "remake", "steps": [{{"remove": 2}}, {{"add": 9, "constraint": {{"terms": {{"c": "1", "a": "-1"}},
          "constant": "-1", "relation": "==", "priority": 1000}}}}, {{"solve": true}}]}},
        {{"kind": "update", "steps": [{{"set_constant": 9, "constant": -7}}, {{"suggest": "d", "value": "3"}}, {{"solve": true}}]}}]}}"#,
        lp(r#""a", "b", "c", "d", "e""#, r#"{"terms": {"a": "1"}, "constant": "0", "relation": "==", "priority": 1000},
           {"terms": {"b": "1", "a": "-1"}, "constant": "-10", "relation": "==", "priority": 1000},
           {"terms": {"c": "1", "b": "-1"}, "constant": "-5", "relation": "==", "priority": 1000}"#,
           r#", "edits": [{"variable": "d", "priority": 500}]"#));
    let a = c.send(&format!(r#"{{"op": "load", "id": 6, "workload": {}}}"#, work));
    let b = c.send(r#"{"op": "run", "id": 7, "values": true}"#);
    let ops = |b: &Json| match b.get("operations") { Some(Json::Arr(t)) => t.len(), _ => 0 };
    c.check("set_constant, remove, add, suggest, then values", text(&a, "status") == "ok" && text(&b, "status") == "ok"
            && ops(&b) == 3 && num(b.get("build_solve_s")).map_or(false, |t| t >= 0.0)
            && close(b.get("values"), &[("a", 0.0), ("b", 20.0), ("c", 7.0), ("d", 3.0), ("e", 0.0)]), &Json::Arr(vec![a, b]));
    let work2 = work.replacen(r#"{"solve": true}]}]}"#,
        r#"{"solve": true}]}, {"kind": "remove-add", "steps": [{"remove": 1}, {"solve": true}]}]}"#, 1);
    c.send(&format!(r#"{{"op": "load", "id": 8, "workload": {}}}"#, work2));
    let b = c.send(r#"{"op": "run", "id": 9, "values": true}"#);
    c.check("removed constraint: its variable is free again", text(&b, "status") == "ok" && ops(&b) == 4
            && close(b.get("values"), &[("a", 0.0), ("b", 0.0), ("c", 7.0), ("d", 3.0), ("e", 0.0)]), &b);
    let b2 = c.send(r#"{"op": "run", "id": 10}"#);
    c.check("second run, fresh solver, no values", text(&b2, "status") == "ok" && b2.get("values").is_none(), &b2);
    let b3 = c.send(r#"{"op": "run", "id": 11, "repeat": 3, "warmup": 2}"#);
    let runs_ok = match b3.get("runs") { Some(Json::Arr(r)) => r.len() == 3 && r.iter().all(|x| ops(x) == 4), _ => false };
    c.check("two warm-ups and three runs back to back", text(&b3, "status") == "ok" && runs_ok, &b3);
    let b4 = c.send(r#"{"op": "run", "id": 12, "repeat": 0}"#);
    c.check("repeat 0 is an error", text(&b4, "status") == "error" && text(&b4, "message").contains("repeat"), &b4);

    // Four levels, one of them added by an operation: unsupported, and a run after it is an error.
    let four = format!(r#"{{"system": {}, "operations": [{{"kind": "update", "steps": [{{"add": 3, "constraint":
        {{"terms": {{"x": "1"}}, "constant": "0", "relation": "==", "priority": 400}}}}, {{"solve": true}}]}}]}}"#,
        lp(r#""x""#, r#"{"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 100},
            {"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 200},
            {"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 300}"#, ""));
    let a = c.send(&format!(r#"{{"op": "load", "id": 13, "workload": {}}}"#, four));
    let b = c.send(r#"{"op": "run", "id": 14}"#);
    c.check("four levels unsupported", text(&a, "status") == "unsupported" && text(&a, "message").starts_with("4 distinct")
            && text(&b, "status") == "error", &Json::Arr(vec![a, b]));

    let a = c.send(&format!(r#"{{"op": "load", "id": 15, "workload": {{"system": {}, "operations": [
        {{"kind": "update", "steps": [{{"solve": true}}]}}, {{"kind": "update", "steps": [{{"remove": 42}}]}}]}}}}"#, pinned));
    c.check("unknown id is an error naming the step", text(&a, "status") == "error"
            && text(&a, "message").contains("operations[1].steps[0]"), &a);
    c.send(&format!(r#"{{"op": "load", "id": 16, "workload": {{"system": {}, "operations": [{{"kind": "update", "steps": [
        {{"add": 4, "constraint": {{"terms": {{"v.x": "1"}}, "constant": "-9", "relation": "==", "priority": 1000}}}},
        {{"solve": true}}]}}]}}}}"#, pinned));
    let b = c.send(r#"{"op": "run", "id": 17}"#);
    c.check("operation adding a conflicting required row is infeasible", text(&b, "status") == "infeasible"
            && text(&b, "message").contains("operations[0].steps[0]"), &b);

    // x == 10 and y == x + 5 required, x an edit @999. Three calls marked may_fail, each followed by a solve marked so:
    // x == 17 required (id 2), removing id 1002 (never in use), suggesting y (not an edit variable). Each call or its
    // solve is refused (refused steps 0-1, 2-3, 4-5: groups 0, 1, 2), and the values are as before them.
    let xy = lp(r#""x", "y""#, r#"{"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
        {"terms": {"y": "1", "x": "-1"}, "constant": "-5", "relation": "==", "priority": 1000}"#,
        r#", "edits": [{"variable": "x", "priority": 999}]"#);
    let a = c.send(&format!(r#"{{"op": "load", "id": 47, "workload": {{"system": {}, "operations": [{{"kind": "update", "steps": [
        {{"add": 2, "constraint": {{"terms": {{"x": "1"}}, "constant": "-17", "relation": "==", "priority": 1000}}, "may_fail": true}},
        {{"solve": true, "may_fail": true}}, {{"remove": 1002, "may_fail": true}}, {{"solve": true, "may_fail": true}},
        {{"suggest": "y", "value": "123", "may_fail": true}}, {{"solve": true, "may_fail": true}}]}}]}}}}"#, xy));
    let b = c.send(r#"{"op": "run", "id": 48, "values": true}"#);
    let mut groups: Vec<i64> = match b.get("refused") {
        Some(Json::Arr(items)) => items.iter().filter_map(|p| match p {
            Json::Arr(kj) if kj.len() == 2 => kj[1].as_i64().map(|j| j / 2),
            _ => Some(-1),
        }).collect(),
        _ => vec![-1],
    };
    groups.sort_unstable();
    groups.dedup();
    c.check("refused calls listed, values as before them", text(&a, "status") == "ok" && text(&b, "status") == "ok"
            && groups == [0, 1, 2] && close(b.get("values"), &[("x", 10.0), ("y", 15.0)]), &Json::Arr(vec![a, b]));

    // The same system remade again and again (remove id 1, add it again, solve): churn counts the cycles played.
    let a = c.send(&format!(r#"{{"op": "load", "id": 49, "workload": {{"system": {}, "operations": [{{"kind": "remake", "steps": [
        {{"remove": 1}}, {{"add": 1, "constraint": {{"terms": {{"y": "1", "x": "-1"}}, "constant": "-5", "relation": "==", "priority": 1000}}}},
        {{"solve": true}}]}}]}}}}"#, xy));
    let b: Vec<Json> = [0, 20, 30].iter().enumerate()
        .map(|(k, n)| c.send(&format!(r#"{{"op": "churn", "id": {}, "cycles": {}}}"#, 50 + k, n))).collect();
    let bad = c.send(r#"{"op": "churn", "id": 53, "cycles": -1}"#);
    let counted = b.iter().map(|x| num(x.get("cycles"))).collect::<Vec<_>>() == [Some(0.0), Some(20.0), Some(50.0)]
        && b.iter().all(|x| text(x, "status") == "ok" && num(x.get("seconds")).map_or(false, |t| t >= 0.0));
    c.check("churn counts its cycles; -1 cycles is an error", text(&a, "status") == "ok" && counted
            && text(&bad, "status") == "error", &Json::Arr(vec![a, Json::Arr(b), bad]));
    let early = match answer_line(&mut Session::new(), br#"{"op": "churn", "id": 54, "cycles": 1}"#) {
        Reply::Answer(a) => a,
        _ => Json::Str("(no answer)".into()),
    };
    c.check("churn before any load is an error", text(&early, "status") == "error", &early);

    // Bad input is answered "error" with a message, never a crash.
    let x = r#"{"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 1000}"#;
    let bad_systems = [
        ("malformed number", lp(r#""x""#, &x.replace(r#""-1""#, r#""0x10""#), ""), "0x10"),
        ("zero denominator", lp(r#""x""#, &x.replace(r#""-1""#, r#""1/0""#), ""), "denominator"),
        ("number out of range", lp(r#""x""#, &x.replace(r#""-1""#, r#""1e39""#), ""), "power of ten"),
        ("unknown variable", lp(r#""y""#, x, ""), "unknown variable"),
        ("priority 0", lp(r#""x""#, &x.replace("1000", "0"), ""), "(0, 1000]"),
        ("priority 1001", lp(r#""x""#, &x.replace("1000", "1001"), ""), "(0, 1000]"),
        ("missing constant", lp(r#""x""#, &x.replace(r#""constant""#, r#""konstant""#), ""), "\"constant\" is missing"),
        ("bad relation", lp(r#""x""#, &x.replace("==", "="), ""), "relation"),
        ("required edit", lp(r#""x""#, x, r#", "edits": [{"variable": "x", "priority": 1000}]"#), "below 1000"),
        ("suggestion without edit", lp(r#""x""#, x, r#", "suggestions": [{"x": 1}]"#), "not an edit variable"),
        ("repeated key", lp(r#""x""#, &x.replace(r#""constant": "-1""#, r#""constant": "-1", "constant": "2""#), ""), "twice"),
        ("wrong format", lp(r#""x""#, x, "").replace("layout-lp/1", "layout-lp/2"), "format"),
    ];
    let mut missed = Vec::new();
    for (name, system, says) in bad_systems.iter() {
        let r = c.solve(system);
        if text(&r, "status") != "error" || !text(&r, "message").contains(says) {
            missed.push(Json::Arr(vec![Json::Str(name.to_string()), r]));
        }
    }
    c.check("malformed systems answered \"error\" with the reason", missed.is_empty(), &Json::Arr(missed));
    let lines = ["{\"op\": \"solve\", \"id\": 1,", "[1, 2]", "{\"op\": \"run\"}", "{\"op\": \"fly\", \"id\": 3}",
                 "{\"op\": \"solve\", \"id\": 4}", "{\"id\": 5, \"op\": \"load\", \"workload\": 3}", "\u{feff}nul"];
    let mut missed = Vec::new();
    for line in lines.iter() {
        let a = c.send(line);
        if text(&a, "status") != "error" && a.get("result").map_or(true, |r| text(r, "status") != "error") {
            missed.push(a);
        }
    }
    c.check("malformed requests answered \"error\"", missed.is_empty(), &Json::Arr(missed));
    let quits = matches!(answer_line(&mut c.session, b"{\"op\": \"quit\"}\n"), Reply::Quit);
    c.check("quit ends the session", quits, &Json::Null);

    println!("{} of {} checks passed", c.passed, c.passed + c.failed);
    if c.failed == 0 { 0 } else { 1 }
}
