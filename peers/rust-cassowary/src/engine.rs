//! How cassowary 0.3.0 takes a system: priorities to strengths, rows to native constraints, the `solve` answer
//! (layout-result/1) and one timed `run` of a loaded workload.

use crate::exact::Rat;
use crate::json::{f64_value, obj, s, Json};
use crate::system::{bad, Problem, Relation, Res, Spec, Step, System, Workload, REQUIRED};
use cassowary::strength::{MEDIUM, REQUIRED as NATIVE_REQUIRED, STRONG, WEAK};
use cassowary::{AddConstraintError, Constraint, Expression, RelationalOperator, Solver, Term, Variable};
use std::collections::BTreeMap;
use std::time::Instant;

pub const NAME: &str = "cassowary-rs";
pub const VERSION: &str = "0.3.0";
const LEVELS: [(&str, f64); 3] = [("strong", STRONG), ("medium", MEDIUM), ("weak", WEAK)];

/// {priority: native strength}: 1000 is required; the other distinct priorities, high to low, share out strong,
/// medium and weak from both ends (one level: strong; two: strong, weak; three: all). More: unsupported.
pub fn strengths(priorities: &[Rat]) -> Res<BTreeMap<Rat, f64>> {
    let mut table = BTreeMap::new();
    let mut levels: Vec<Rat> = priorities.iter().copied().filter(|p| *p != REQUIRED).collect();
    levels.sort_by(|a, b| b.cmp(a));
    levels.dedup();
    if levels.len() > LEVELS.len() {
        let shown: Vec<String> = levels.iter().map(|p| p.show()).collect();
        return Err(Problem::Unsupported(format!(
            "{} distinct non-required priority levels [{}]; cassowary-rs keeps at most three apart (strong, medium, weak)",
            levels.len(), shown.join(", "))));
    }
    let n = levels.len();
    for (i, p) in levels.iter().enumerate() {
        let k = if n == 1 { 0 } else { (i * (LEVELS.len() - 1) + (n - 1) / 2) / (n - 1) };
        table.insert(*p, LEVELS[k].1);
    }
    table.insert(REQUIRED, NATIVE_REQUIRED);
    Ok(table)
}

pub fn native(spec: &Spec, vars: &[Variable], table: &BTreeMap<Rat, f64>) -> Constraint {
    let terms = spec.terms.iter().map(|(v, k)| Term { variable: vars[*v], coefficient: k.to_f64() }).collect();
    let op = match spec.relation {
        Relation::Eq => RelationalOperator::Equal,
        Relation::Le => RelationalOperator::LessOrEqual,
        Relation::Ge => RelationalOperator::GreaterOrEqual,
    };
    Constraint::new(Expression::new(terms, spec.constant.to_f64()), op, table[&spec.priority])
}

/// Why a solver call failed: a refused required constraint, or anything else.
pub enum Failure {
    Refused,
    Other(String),
}

fn add(solver: &mut Solver, c: &Constraint) -> Result<(), Failure> {
    solver.add_constraint(c.clone()).map_err(|e| match e {
        AddConstraintError::UnsatisfiableConstraint => Failure::Refused,
        other => Failure::Other(format!("add_constraint failed: {:?}", other)),
    })
}

fn remove(solver: &mut Solver, c: &Constraint) -> Result<(), Failure> {
    solver.remove_constraint(c).map_err(|e| Failure::Other(format!("remove_constraint failed: {:?}", e)))
}

/// Suggests a value, making the variable editable first if it is not yet (an edit has no effect before its first
/// suggestion in layout-lp/1, while cassowary's add_edit_variable pulls the variable to 0 at once).
fn suggest(solver: &mut Solver, active: &mut [bool], edit: usize, var: Variable, strength: f64, value: f64)
           -> Result<(), Failure> {
    if !active[edit] {
        solver.add_edit_variable(var, strength).map_err(|e| Failure::Other(format!("add_edit_variable failed: {:?}", e)))?;
        active[edit] = true;
    }
    solver.suggest_value(var, value).map_err(|e| Failure::Other(format!("suggest_value failed: {:?}", e)))
}

fn values(solver: &Solver, system: &System, vars: &[Variable]) -> Json {
    Json::Obj(system.names.iter().zip(vars).map(|(n, v)| (n.clone(), f64_value(solver.get_value(*v)))).collect())
}

fn result(status: &str, values: Json, rounds: Vec<Json>, conflict: Vec<Json>, message: &str) -> Json {
    obj(vec![("format", s("layout-result/1")), ("solver", s(NAME)), ("status", s(status)), ("values", values),
             ("rounds", Json::Arr(rounds)), ("conflict", Json::Arr(conflict)), ("message", s(message))])
}

/// The answer to `solve`: values after the initial solve and after each suggestion round.
pub fn solve(doc: Option<&Json>) -> Json {
    let empty = || Json::Obj(vec![]);
    let prepared = doc.ok_or_else(|| Problem::Bad("solve: \"system\" is missing".into()))
        .and_then(|d| System::parse(d, "system"))
        .and_then(|system| strengths(&system.priorities()).map(|t| (system, t)));
    let (system, table) = match prepared {
        Ok(x) => x,
        Err(Problem::Bad(m)) => return result("error", empty(), vec![], vec![], &m),
        Err(Problem::Unsupported(m)) => return result("unsupported", empty(), vec![], vec![], &m),
    };
    let vars: Vec<Variable> = system.names.iter().map(|_| Variable::new()).collect();
    let made: Vec<Constraint> = system.constraints.iter().map(|c| native(c, &vars, &table)).collect();
    let mut solver = Solver::new();
    for (i, c) in made.iter().enumerate() {
        match add(&mut solver, c) {
            Ok(()) => {}
            Err(Failure::Refused) => {
                let who = system.cite(i);
                let m = format!("cassowary-rs refused required constraint {} (UnsatisfiableConstraint); it names only the \
                                 constraint it refused, not the rest of the conflicting set", who);
                return result("infeasible", empty(), vec![], vec![s(&who)], &m);
            }
            Err(Failure::Other(m)) => return result("error", empty(), vec![], vec![], &format!("constraint #{}: {}", i, m)),
        }
    }
    solver.fetch_changes();
    let first = values(&solver, &system, &vars);
    let mut active = vec![false; system.edits.len()];
    let mut rounds = Vec::with_capacity(system.rounds.len());
    for (k, round) in system.rounds.iter().enumerate() {
        for (e, value) in round {
            let (v, p) = system.edits[*e];
            if let Err(f) = suggest(&mut solver, &mut active, *e, vars[v], table[&p], value.to_f64()) {
                let m = match f { Failure::Refused => "refused".to_string(), Failure::Other(m) => m };
                return result("error", empty(), vec![], vec![], &format!("suggestions[{}]: {}", k, m));
            }
        }
        solver.fetch_changes();
        rounds.push(obj(vec![("values", values(&solver, &system, &vars))]));
    }
    result("ok", first, rounds, vec![], "")
}

enum Native {
    Add(usize, Constraint),
    Remove(usize),
    SetConstant(usize, Constraint),
    Suggest(usize, f64),
    Solve,
    MayFail(Box<Native>),
    /// A constraint the solver never had, to remove.
    RemoveUnknown(Constraint),
    SuggestPlain(Variable, f64),
}

/// A workload converted for cassowary before any clock starts.
pub struct Loaded {
    system: System,
    vars: Vec<Variable>,
    base: Vec<Constraint>,
    /// (variable, strength) per edit
    edits: Vec<(Variable, f64)>,
    rounds: Vec<Vec<(usize, f64)>>,
    ops: Vec<Vec<Native>>,
    slots: usize,
    /// The operations as parsed, and the strengths: `churn` makes every added constraint anew from them.
    plan: Vec<Vec<Step>>,
    table: BTreeMap<Rat, f64>,
}

fn made(step: &Step, system: &System, vars: &[Variable], table: &BTreeMap<Rat, f64>) -> Native {
    match step {
        Step::Add(slot, spec) => Native::Add(*slot, native(spec, vars, table)),
        Step::Remove(slot) => Native::Remove(*slot),
        Step::SetConstant(slot, spec) => Native::SetConstant(*slot, native(spec, vars, table)),
        Step::Suggest(e, x) => Native::Suggest(*e, x.to_f64()),
        Step::Solve => Native::Solve,
        Step::MayFail(inner) => Native::MayFail(Box::new(made(inner, system, vars, table))),
        Step::RemoveUnknown => Native::RemoveUnknown(native(&system.constraints[0], vars, table)),
        Step::SuggestPlain(v, x) => Native::SuggestPlain(vars[*v], x.to_f64()),
    }
}

pub fn load(doc: Option<&Json>) -> Res<Loaded> {
    let doc = match doc {
        Some(d) => d,
        None => return bad("load: \"workload\" is missing".into()),
    };
    let w = Workload::parse(doc)?;
    let table = strengths(&w.priorities)?;
    let system = w.system;
    let vars: Vec<Variable> = system.names.iter().map(|_| Variable::new()).collect();
    let base = system.constraints.iter().map(|c| native(c, &vars, &table)).collect();
    let edits = system.edits.iter().map(|(v, p)| (vars[*v], table[p])).collect();
    let rounds = system.rounds.iter().map(|r| r.iter().map(|(e, x)| (*e, x.to_f64())).collect()).collect();
    let ops = w.operations.iter().map(|op| op.iter().map(|step| made(step, &system, &vars, &table)).collect()).collect();
    Ok(Loaded { system, vars, base, edits, rounds, ops, slots: w.slots, plan: w.operations, table })
}

/// One run's figures, or (status, message) when it could not finish.
pub struct Figures {
    pub build_solve_s: f64,
    pub edit_total_s: f64,
    pub operations: Vec<f64>,
    pub values: Option<Json>,
    /// Steps marked may_fail that were refused: (operation, step).
    pub refused: Vec<(usize, usize)>,
}

/// One step's solver calls; `current` holds the constraint in use per slot.
fn perform(solver: &mut Solver, w: &Loaded, current: &mut [Option<Constraint>], active: &mut [bool], step: &Native)
           -> Result<(), Failure> {
    match step {
        Native::Solve => {
            solver.fetch_changes();
            Ok(())
        }
        Native::Suggest(e, value) => {
            let (var, strength) = w.edits[*e];
            suggest(solver, active, *e, var, strength, *value)
        }
        Native::Add(slot, c) => {
            add(solver, c)?;
            current[*slot] = Some(c.clone());
            Ok(())
        }
        Native::Remove(slot) => match current[*slot].take() {
            Some(c) => remove(solver, &c),
            None => Err(Failure::Other("no constraint in this slot".into())),
        },
        Native::SetConstant(slot, c) => {
            let r = match current[*slot].take() {
                Some(old) => remove(solver, &old),
                None => Err(Failure::Other("no constraint in this slot".into())),
            };
            current[*slot] = Some(c.clone());
            r.and_then(|_| add(solver, c))
        }
        Native::MayFail(inner) => perform(solver, w, current, active, inner),
        Native::RemoveUnknown(c) => remove(solver, c),
        Native::SuggestPlain(var, value) => {
            solver.suggest_value(*var, *value).map_err(|e| Failure::Other(format!("suggest_value failed: {:?}", e)))
        }
    }
}

/// One timed run on a fresh solver: add every constraint and solve; play the suggestion rounds; each operation.
pub fn run_once(w: &Loaded, want_values: bool) -> Result<Figures, (&'static str, String)> {
    let mut solver = Solver::new();
    let mut current: Vec<Option<Constraint>> = vec![None; w.slots];
    for (i, c) in w.base.iter().enumerate() {
        current[i] = Some(c.clone());
    }
    let mut active = vec![false; w.edits.len()];
    let mut times = Vec::with_capacity(w.ops.len());
    let fail = |f: Failure, refused: String| match f {
        Failure::Refused => ("infeasible", refused),
        Failure::Other(m) => ("error", m),
    };

    let t0 = Instant::now();
    for (i, c) in w.base.iter().enumerate() {
        if let Err(f) = add(&mut solver, c) {
            return Err(fail(f, format!("cassowary-rs refused required constraint {} of the system", w.system.cite(i))));
        }
    }
    solver.fetch_changes();
    let build = t0.elapsed().as_secs_f64();

    let t1 = Instant::now();
    for (k, round) in w.rounds.iter().enumerate() {
        for &(e, value) in round {
            let (var, strength) = w.edits[e];
            if let Err(f) = suggest(&mut solver, &mut active, e, var, strength, value) {
                return Err(fail(f, format!("suggestions[{}]: refused", k)));
            }
        }
        solver.fetch_changes();
    }
    let edit_total = t1.elapsed().as_secs_f64();

    let mut refused = Vec::new();
    for (k, op) in w.ops.iter().enumerate() {
        let ta = Instant::now();
        for (j, step) in op.iter().enumerate() {
            if let Native::MayFail(inner) = step {
                if perform(&mut solver, w, &mut current, &mut active, inner).is_err() {
                    refused.push((k, j));
                }
                continue;
            }
            if let Err(f) = perform(&mut solver, w, &mut current, &mut active, step) {
                let (status, m) = fail(f, "cassowary-rs refused the required constraint (UnsatisfiableConstraint)".into());
                return Err((status, format!("operations[{}].steps[{}]: {}", k, j, m)));
            }
        }
        times.push(ta.elapsed().as_secs_f64());
    }
    let values = if want_values { Some(values(&solver, &w.system, &w.vars)) } else { None };
    Ok(Figures { build_solve_s: build, edit_total_s: edit_total, operations: times, values, refused })
}

/// The solver `churn` plays the loaded workload's operations on, kept between requests.
pub struct Churn {
    solver: Solver,
    current: Vec<Option<Constraint>>,
    active: Vec<bool>,
    pub cycles: u64,
}

impl Churn {
    /// The system built and solved (edits made editable at their first suggestion, as in a run).
    pub fn new(w: &Loaded) -> Result<Churn, String> {
        let mut solver = Solver::new();
        let mut current: Vec<Option<Constraint>> = vec![None; w.slots];
        for (i, c) in w.base.iter().enumerate() {
            if add(&mut solver, c).is_err() {
                return Err(format!("cassowary-rs refused constraint {} of the system", w.system.cite(i)));
            }
            current[i] = Some(c.clone());
        }
        solver.fetch_changes();
        Ok(Churn { solver, current, active: vec![false; w.edits.len()], cycles: 0 })
    }

    /// `cycles` more cycles, every added constraint made anew; the seconds they took.
    pub fn play(&mut self, w: &Loaded, cycles: u64) -> Result<f64, String> {
        let t0 = Instant::now();
        for _ in 0..cycles {
            for op in &w.plan {
                for step in op {
                    let step = made(step, &w.system, &w.vars, &w.table);
                    let r = perform(&mut self.solver, w, &mut self.current, &mut self.active, &step);
                    if r.is_err() && !matches!(step, Native::MayFail(_)) {
                        return Err("churn: a step failed".into());
                    }
                }
            }
        }
        self.cycles += cycles;
        Ok(t0.elapsed().as_secs_f64())
    }
}
