//! The Rust `cassowary` crate (0.3.0, as Debian ships it) as a plumb-solver/1 program (docs/solver-protocol.md).
//!
//! No arguments: write the hello line, then answer one JSON request per line on standard input (`solve`, `load`,
//! `run` with `repeat`/`warmup` and steps marked `may_fail`, `churn`, `quit`) until it ends. `--self-check`: small systems derived by hand, through the
//! same request handler, one PASS/FAIL line each; exit 1 on any failure. `--version`: one line.
//!
//! Priorities: 1000 is required; the other distinct priorities (constraints, edits and every constraint an
//! operation adds), high to low, become strong, medium, weak (one level: strong; two: strong, weak). More than
//! three: "unsupported". Edits: an edit variable is made editable at its first suggestion (in layout-lp/1 it has
//! no effect before that, while cassowary's add_edit_variable pulls it to 0 at once). A "solve" step is
//! `fetch_changes` (cassowary re-optimises inside every add, remove and suggest). Values are read with
//! `get_value`, so a variable in no constraint reads 0.

mod engine;
mod exact;
mod json;
mod selfcheck;
mod system;

use json::{f64_value, int_value, obj, s, Json};
use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use system::Problem;

pub fn hello() -> Json {
    let t = Json::Bool(true);
    obj(vec![
        ("protocol", s("plumb-solver/1")),
        ("solver", s(engine::NAME)),
        ("version", s(engine::VERSION)),
        ("supports", obj(vec![("levels", int_value(3)), ("strict_priorities", Json::Bool(false)),
                              ("exact", Json::Bool(false)), ("edits", t.clone()), ("remove", t.clone()),
                              ("set_constant", t.clone()), ("repeat", t.clone()), ("may_fail", t.clone()),
                              ("churn", t)])),
    ])
}

pub struct Session {
    loaded: Option<engine::Loaded>,
    why_none: String,
    churn: Option<engine::Churn>,
}

fn error(id: Json, message: &str) -> Json {
    obj(vec![("id", id), ("status", s("error")), ("message", s(message))])
}

fn figures(f: engine::Figures, into: &mut Vec<(&str, Json)>) {
    into.push(("build_solve_s", f64_value(f.build_solve_s)));
    into.push(("edit_total_s", f64_value(f.edit_total_s)));
    into.push(("operations", Json::Arr(f.operations.into_iter().map(f64_value).collect())));
    into.push(("refused", Json::Arr(f.refused.iter().map(|&(k, j)| Json::Arr(vec![int_value(k as i64), int_value(j as i64)])).collect())));
    if let Some(v) = f.values {
        into.push(("values", v));
    }
}

/// A whole number in [low, high] written as a JSON number.
fn whole(v: &Json, low: i64, high: i64) -> Option<i64> {
    v.as_i64().filter(|n| (low..=high).contains(n))
}

impl Session {
    pub fn new() -> Session {
        Session { loaded: None, why_none: "no workload loaded".into(), churn: None }
    }

    /// One request -> its answer.
    pub fn handle(&mut self, req: &Json) -> Json {
        let id = match req.get("id").and_then(|v| v.as_i64()) {
            Some(n) => n,
            None => return error(Json::Null, "a request needs an integer \"id\""),
        };
        let jid = int_value(id);
        match req.get("op") {
            Some(Json::Str(op)) if op == "solve" => obj(vec![("id", jid), ("result", engine::solve(req.get("system")))]),
            Some(Json::Str(op)) if op == "load" => {
                self.loaded = None;
                self.churn = None;
                match engine::load(req.get("workload")) {
                    Ok(w) => {
                        self.loaded = Some(w);
                        obj(vec![("id", jid), ("status", s("ok"))])
                    }
                    Err(Problem::Bad(m)) => {
                        self.why_none = format!("the last load failed (error: {})", m);
                        error(jid, &m)
                    }
                    Err(Problem::Unsupported(m)) => {
                        self.why_none = format!("the last load was unsupported ({})", m);
                        obj(vec![("id", jid), ("status", s("unsupported")), ("message", s(&m))])
                    }
                }
            }
            Some(Json::Str(op)) if op == "run" => self.run(req, jid),
            Some(Json::Str(op)) if op == "churn" => self.churn(req, jid),
            other => {
                let shown = other.map(|o| o.to_line()).unwrap_or_else(|| "(none)".into());
                error(jid, &format!("unknown op {}", shown))
            }
        }
    }

    /// More cycles of the loaded workload's operations on the churn solver (built at the first churn after a load).
    fn churn(&mut self, req: &Json, jid: Json) -> Json {
        let w = match &self.loaded {
            Some(w) => w,
            None => return error(jid, &format!("churn: {}", self.why_none)),
        };
        let cycles = match req.get("cycles").and_then(|v| whole(v, 0, 10_000_000)) {
            Some(n) => n as u64,
            None => return error(jid, "churn: \"cycles\" must be a whole number from 0 to 10000000"),
        };
        if self.churn.is_none() {
            match engine::Churn::new(w) {
                Ok(c) => self.churn = Some(c),
                Err(m) => return obj(vec![("id", jid), ("status", s("infeasible")), ("message", s(&m))]),
            }
        }
        let churn = self.churn.as_mut().unwrap();
        match churn.play(w, cycles) {
            Ok(seconds) => obj(vec![("id", jid), ("status", s("ok")), ("cycles", int_value(churn.cycles as i64)),
                                    ("seconds", f64_value(seconds))]),
            Err(m) => {
                self.churn = None;
                error(jid, &m)
            }
        }
    }

    fn run(&mut self, req: &Json, jid: Json) -> Json {
        let w = match &self.loaded {
            Some(w) => w,
            None => return error(jid, &format!("run: {}", self.why_none)),
        };
        let failed = |jid: Json, (status, m): (&str, String)| obj(vec![("id", jid), ("status", s(status)), ("message", s(&m))]);
        let count = match req.get("repeat") {
            None => {
                return match engine::run_once(w, req.get("values") == Some(&Json::Bool(true))) {
                    Ok(f) => {
                        let mut members = vec![("id", jid), ("status", s("ok"))];
                        figures(f, &mut members);
                        obj(members)
                    }
                    Err(e) => failed(jid, e),
                };
            }
            Some(v) => match whole(v, 1, 10_000) {
                Some(n) => n as usize,
                None => return error(jid, "run: \"repeat\" must be a whole number from 1 to 10000"),
            },
        };
        let warm = match req.get("warmup") {
            None => 0,
            Some(v) => match whole(v, 0, 10_000) {
                Some(n) => n as usize,
                None => return error(jid, "run: \"warmup\" must be a whole number from 0 to 10000"),
            },
        };
        let mut runs = Vec::with_capacity(count);
        for k in 0..warm + count {
            match engine::run_once(w, false) {
                Ok(f) if k >= warm => {
                    let mut members = Vec::new();
                    figures(f, &mut members);
                    runs.push(obj(members));
                }
                Ok(_) => {}
                Err(e) => return failed(jid, e),
            }
        }
        obj(vec![("id", jid), ("status", s("ok")), ("runs", Json::Arr(runs))])
    }
}

static PANIC: Mutex<String> = Mutex::new(String::new());

pub enum Reply {
    Answer(Json),
    /// A blank line: nothing to answer.
    Skip,
    Quit,
}

/// The reply to one input line. Never panics: a panic inside the solver becomes an "error" answer naming it.
pub fn answer_line(session: &mut Session, raw: &[u8]) -> Reply {
    let text = match std::str::from_utf8(raw) {
        Ok(t) => t.trim(),
        Err(e) => return Reply::Answer(error(Json::Null, &format!("the request line is not UTF-8: {}", e))),
    };
    if text.is_empty() {
        return Reply::Skip;
    }
    let req = match json::parse(text) {
        Ok(r @ Json::Obj(_)) => r,
        Ok(other) => return Reply::Answer(error(Json::Null, &format!("a request must be a JSON object, found {}", other.kind()))),
        Err(e) => return Reply::Answer(error(Json::Null, &format!("not a JSON line: {}", e))),
    };
    if req.get("op") == Some(&Json::Str("quit".into())) {
        return Reply::Quit;
    }
    match panic::catch_unwind(AssertUnwindSafe(|| session.handle(&req))) {
        Ok(answer) => Reply::Answer(answer),
        Err(_) => {
            let why = PANIC.lock().map(|m| m.clone()).unwrap_or_default();
            let m = format!("cassowary-rs panicked: {}", why);
            let id = req.get("id").and_then(|v| v.as_i64()).map(int_value).unwrap_or(Json::Null);
            let mut answer = vec![("id", id), ("status", s("error")), ("message", s(&m))];
            if req.get("op") == Some(&Json::Str("solve".into())) {
                answer.push(("result", obj(vec![("format", s("layout-result/1")), ("solver", s(engine::NAME)),
                                                 ("status", s("error")), ("message", s(&m))])));
            }
            Reply::Answer(obj(answer))
        }
    }
}

fn install_panic_hook() {
    panic::set_hook(Box::new(|info| {
        let what = info.payload().downcast_ref::<&str>().map(|x| x.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let line = format!("{}{}", what, at);
        eprintln!("rust-cassowary adapter: panic: {}", line);
        if let Ok(mut slot) = PANIC.lock() {
            *slot = line;
        }
    }));
}

fn serve() -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut send = |answer: &Json| -> bool {
        let mut line = answer.to_line();
        line.push('\n');
        out.write_all(line.as_bytes()).and_then(|_| out.flush()).is_ok()
    };
    if !send(&hello()) {
        return 0;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut session = Session::new();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) => return 0,
            Ok(_) => {}
            Err(e) => {
                eprintln!("rust-cassowary adapter: cannot read standard input: {}", e);
                return 1;
            }
        }
        match answer_line(&mut session, &raw) {
            Reply::Answer(answer) => {
                if !send(&answer) {
                    return 0;
                }
            }
            Reply::Skip => {}
            Reply::Quit => return 0,
        }
    }
}

fn main() {
    install_panic_hook();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.iter().map(|a| a.as_str()).collect::<Vec<_>>().as_slice() {
        [] => serve(),
        ["--self-check"] => selfcheck::run(),
        ["--version"] => {
            println!("{} {} (plumb-solver/1 adapter)", engine::NAME, engine::VERSION);
            0
        }
        ["--help"] | ["-h"] => {
            println!("usage: plumb-rust-cassowary [--self-check | --version]\n\
                      With no argument it speaks plumb-solver/1 on standard input and output (docs/solver-protocol.md).");
            0
        }
        _ => {
            eprintln!("usage: plumb-rust-cassowary [--self-check | --version]");
            2
        }
    };
    std::process::exit(code);
}
