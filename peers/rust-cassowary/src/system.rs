//! layout-lp/1 systems and plumb-solver/1 workloads, checked and held with exact numbers.
//! Malformed input is `Bad` (answered "error"); well-formed input this adapter cannot take is `Unsupported`.

use crate::exact::Rat;
use crate::json::Json;
use std::collections::HashMap;

pub enum Problem {
    Bad(String),
    Unsupported(String),
}

pub type Res<T> = Result<T, Problem>;

pub fn bad<T>(message: String) -> Res<T> {
    Err(Problem::Bad(message))
}

pub const REQUIRED: Rat = Rat { neg: false, num: 1000, den: 1 };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Eq,
    Le,
    Ge,
}

/// One row: sum(coefficient * variable) + constant RELATION 0 at a priority.
#[derive(Clone, Debug)]
pub struct Spec {
    pub terms: Vec<(usize, Rat)>,
    pub constant: Rat,
    pub relation: Relation,
    pub priority: Rat,
    pub label: Option<String>,
}

pub struct System {
    pub names: Vec<String>,
    pub index: HashMap<String, usize>,
    pub constraints: Vec<Spec>,
    /// (variable, priority)
    pub edits: Vec<(usize, Rat)>,
    /// For each variable, its position in `edits`.
    pub edit_of: Vec<Option<usize>>,
    /// Rounds of (edit index, value).
    pub rounds: Vec<Vec<(usize, Rat)>>,
}

fn quote(s: &str) -> String {
    Json::Str(s.to_string()).to_line()
}

/// A member key in a path: `.key` for plain names, `["odd key"]` otherwise.
pub fn path_key(key: &str) -> String {
    let plain = !key.is_empty()
        && !key.as_bytes()[0].is_ascii_digit()
        && key.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    if plain { format!(".{}", key) } else { format!("[{}]", quote(key)) }
}

/// An exact number: a JSON number or a string in the syntax of interchange.md.
pub fn number(v: &Json, at: &str) -> Res<Rat> {
    let text = match v {
        Json::Num(t) | Json::Str(t) => t,
        other => return bad(format!("{}: expected a number (a JSON number or a string such as \"1/3\"), found {}", at, other.kind())),
    };
    Rat::parse(text).or_else(|why| bad(format!("{}: {}", at, why)))
}

fn priority(v: &Json, at: &str) -> Res<Rat> {
    let p = number(v, at)?;
    if p.neg || p.is_zero() || p > REQUIRED {
        return bad(format!("{}: a priority must be in (0, 1000], found {}", at, p.show()));
    }
    Ok(p)
}

pub fn need<'a>(obj: &'a Json, key: &str, at: &str) -> Res<&'a Json> {
    match obj {
        Json::Obj(_) => obj.get(key).ok_or_else(|| Problem::Bad(format!("{}: {} is missing", at, quote(key)))),
        other => bad(format!("{}: expected an object, found {}", at, other.kind())),
    }
}

pub fn need_array<'a>(obj: &'a Json, key: &str, at: &str) -> Res<&'a [Json]> {
    match need(obj, key, at)? {
        Json::Arr(items) => Ok(items),
        other => bad(format!("{}{}: expected an array, found {}", at, path_key(key), other.kind())),
    }
}

fn need_str<'a>(obj: &'a Json, key: &str, at: &str) -> Res<&'a str> {
    match need(obj, key, at)? {
        Json::Str(text) => Ok(text),
        other => bad(format!("{}{}: expected a string, found {}", at, path_key(key), other.kind())),
    }
}

fn optional_array<'a>(obj: &'a Json, key: &str, at: &str) -> Res<&'a [Json]> {
    match obj.get(key) {
        None => Ok(&[]),
        Some(Json::Arr(items)) => Ok(items),
        Some(other) => bad(format!("{}{}: expected an array, found {}", at, path_key(key), other.kind())),
    }
}

impl System {
    pub fn parse(doc: &Json, at: &str) -> Res<System> {
        if !matches!(doc, Json::Obj(_)) {
            return bad(format!("{}: expected a layout-lp/1 object, found {}", at, doc.kind()));
        }
        match doc.get("format") {
            Some(Json::Str(f)) if f == "layout-lp/1" => {}
            Some(other) => return bad(format!("{}.format: expected \"layout-lp/1\", found {}", at, other.to_line())),
            None => return bad(format!("{}: \"format\" is missing", at)),
        }
        let mut names = Vec::new();
        let mut index = HashMap::new();
        for (i, v) in need_array(doc, "variables", at)?.iter().enumerate() {
            let name = match v {
                Json::Str(n) => n.clone(),
                other => return bad(format!("{}.variables[{}]: expected a string, found {}", at, i, other.kind())),
            };
            if index.insert(name.clone(), i).is_some() {
                return bad(format!("{}.variables[{}]: {} is listed twice", at, i, quote(&name)));
            }
            names.push(name);
        }
        let mut constraints = Vec::new();
        for (i, c) in need_array(doc, "constraints", at)?.iter().enumerate() {
            constraints.push(parse_constraint(c, &index, &format!("{}.constraints[{}]", at, i))?);
        }
        let mut edits = Vec::new();
        let mut edit_of = vec![None; names.len()];
        for (i, e) in optional_array(doc, "edits", at)?.iter().enumerate() {
            let here = format!("{}.edits[{}]", at, i);
            let name = need_str(e, "variable", &here)?;
            let v = *index.get(name).ok_or_else(|| {
                Problem::Bad(format!("{}.variable: unknown variable {} (not listed in \"variables\")", here, quote(name)))
            })?;
            if edit_of[v].is_some() {
                return bad(format!("{}.variable: {} already has an edit", here, quote(name)));
            }
            let p = priority(need(e, "priority", &here)?, &format!("{}.priority", here))?;
            if p == REQUIRED {
                return bad(format!("{}.priority: an edit's priority must be below 1000", here));
            }
            edit_of[v] = Some(edits.len());
            edits.push((v, p));
        }
        let mut rounds = Vec::new();
        for (i, r) in optional_array(doc, "suggestions", at)?.iter().enumerate() {
            let here = format!("{}.suggestions[{}]", at, i);
            let members = match r {
                Json::Obj(m) => m,
                other => return bad(format!("{}: expected an object, found {}", here, other.kind())),
            };
            let mut round = Vec::new();
            for (name, value) in members {
                let e = index.get(name).and_then(|&v| edit_of[v]).ok_or_else(|| {
                    Problem::Bad(format!("{}{}: {} is not an edit variable", here, path_key(name), quote(name)))
                })?;
                round.push((e, number(value, &format!("{}{}", here, path_key(name)))?));
            }
            rounds.push(round);
        }
        Ok(System { names, index, constraints, edits, edit_of, rounds })
    }

    /// Every priority of the system: its constraints' and its edits'.
    pub fn priorities(&self) -> Vec<Rat> {
        self.constraints.iter().map(|c| c.priority).chain(self.edits.iter().map(|e| e.1)).collect()
    }

    /// How a constraint is named in a conflict: its label, or "#N".
    pub fn cite(&self, i: usize) -> String {
        cite(&self.constraints[i], i)
    }
}

pub fn cite(spec: &Spec, i: usize) -> String {
    match &spec.label {
        Some(l) if !l.is_empty() => l.clone(),
        _ => format!("#{}", i),
    }
}

pub fn parse_constraint(c: &Json, index: &HashMap<String, usize>, at: &str) -> Res<Spec> {
    let terms_json = match need(c, "terms", at)? {
        Json::Obj(m) => m,
        other => return bad(format!("{}.terms: expected an object, found {}", at, other.kind())),
    };
    let mut terms = Vec::with_capacity(terms_json.len());
    for (name, k) in terms_json {
        // the path is spelled out only for an error: a large system has many terms
        let here = || format!("{}.terms{}", at, path_key(name));
        let v = *index.get(name).ok_or_else(|| {
            Problem::Bad(format!("{}: unknown variable {} (not listed in \"variables\")", here(), quote(name)))
        })?;
        let k = match k {
            Json::Num(t) | Json::Str(t) => Rat::parse(t).or_else(|why| bad(format!("{}: {}", here(), why)))?,
            _ => number(k, &here())?,
        };
        if !k.is_zero() {
            terms.push((v, k));
        }
    }
    let constant = number(need(c, "constant", at)?, &format!("{}.constant", at))?;
    let relation = match need(c, "relation", at)? {
        Json::Str(r) if r == "==" => Relation::Eq,
        Json::Str(r) if r == "<=" => Relation::Le,
        Json::Str(r) if r == ">=" => Relation::Ge,
        other => return bad(format!("{}.relation: must be \"==\", \"<=\" or \">=\", found {}", at, other.to_line())),
    };
    let p = priority(need(c, "priority", at)?, &format!("{}.priority", at))?;
    let label = match c.get("label") {
        None => None,
        Some(Json::Str(l)) => Some(l.clone()),
        Some(other) => return bad(format!("{}.label: expected a string, found {}", at, other.kind())),
    };
    Ok(Spec { terms, constant, relation, priority: p, label })
}

/// One step of an operation, with constraint ids turned into dense slots.
#[derive(Clone, Debug)]
pub enum Step {
    /// (slot, constraint)
    Add(usize, Spec),
    Remove(usize),
    /// (slot, the constraint with its new constant)
    SetConstant(usize, Spec),
    /// (edit index, value)
    Suggest(usize, Rat),
    Solve,
    /// A step marked "may_fail": a refusal is listed and the run goes on.
    MayFail(Box<Step>),
    /// (under may_fail) the removal of an id not in use: a constraint the solver never had.
    RemoveUnknown,
    /// (under may_fail) a suggestion for a variable that is not an edit variable: (variable, value).
    SuggestPlain(usize, Rat),
}

pub struct Workload {
    pub system: System,
    /// operations[k] = its steps
    pub operations: Vec<Vec<Step>>,
    /// How many slots the ids use (the system's constraints are slots 0..n).
    pub slots: usize,
    /// Every priority used: the system's and each added constraint's.
    pub priorities: Vec<Rat>,
}

impl Workload {
    pub fn parse(doc: &Json) -> Res<Workload> {
        if !matches!(doc, Json::Obj(_)) {
            return bad(format!("workload: expected an object with \"system\" and \"operations\", found {}", doc.kind()));
        }
        let system = System::parse(need(doc, "system", "workload")?, "workload.system")?;
        let ops = optional_array(doc, "operations", "workload")?;
        let mut slot_of: HashMap<i64, usize> = HashMap::new();
        let mut in_use: HashMap<i64, Spec> = HashMap::new();
        for (i, c) in system.constraints.iter().enumerate() {
            slot_of.insert(i as i64, i);
            in_use.insert(i as i64, c.clone());
        }
        let mut priorities = system.priorities();
        let mut operations = Vec::with_capacity(ops.len());
        for (k, op) in ops.iter().enumerate() {
            let here = format!("operations[{}]", k);
            let steps = need_array(op, "steps", &here)?;
            let mut planned = Vec::with_capacity(steps.len());
            for (j, step) in steps.iter().enumerate() {
                let at = format!("{}.steps[{}]", here, j);
                planned.push(parse_step(step, &at, &system, &mut slot_of, &mut in_use, &mut priorities)?);
            }
            operations.push(planned);
        }
        Ok(Workload { system, operations, slots: slot_of.len(), priorities })
    }
}

fn parse_step(step: &Json, at: &str, system: &System, slot_of: &mut HashMap<i64, usize>,
              in_use: &mut HashMap<i64, Spec>, priorities: &mut Vec<Rat>) -> Res<Step> {
    let members = match step {
        Json::Obj(m) => m,
        other => return bad(format!("{}: expected an object, found {}", at, other.kind())),
    };
    let kinds: Vec<&str> = ["add", "remove", "set_constant", "suggest", "solve"]
        .iter().copied().filter(|k| step.get(k).is_some()).collect();
    if kinds.is_empty() {
        let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
        return Err(Problem::Unsupported(format!("{}: unknown step kind (keys: {})", at,
                                                if keys.is_empty() { "none".to_string() } else { keys.join(", ") })));
    }
    if kinds.len() > 1 {
        return bad(format!("{}: one step has several kinds ({})", at, kinds.join(", ")));
    }
    let kind = kinds[0];
    let may_fail = match step.get("may_fail") {
        None | Some(Json::Bool(false)) => false,
        Some(Json::Bool(true)) => true,
        Some(other) => return bad(format!("{}.may_fail: expected true or false, found {}", at, other.kind())),
    };
    if may_fail {
        return may_fail_step(step, kind, at, system, slot_of, in_use, priorities).map(|s| Step::MayFail(Box::new(s)));
    }
    if kind == "solve" {
        return match step.get("solve") {
            Some(Json::Bool(true)) => Ok(Step::Solve),
            _ => bad(format!("{}: a solve step is {{\"solve\": true}}", at)),
        };
    }
    if kind == "suggest" {
        let name = need_str(step, "suggest", at)?;
        let e = system.index.get(name).and_then(|&v| system.edit_of[v]).ok_or_else(|| {
            Problem::Bad(format!("{}: {} is not an edit variable of the system", at, quote(name)))
        })?;
        return Ok(Step::Suggest(e, number(need(step, "value", at)?, &format!("{}.value", at))?));
    }
    let id = need(step, kind, at)?.as_i64().ok_or_else(|| {
        Problem::Bad(format!("{}.{}: expected an integer constraint id", at, kind))
    })?;
    match kind {
        "add" => {
            if in_use.contains_key(&id) {
                return bad(format!("{}: id {} is already in use", at, id));
            }
            let spec = parse_constraint(need(step, "constraint", at)?, &system.index, &format!("{}.constraint", at))?;
            priorities.push(spec.priority);
            let fresh = slot_of.len();
            let slot = *slot_of.entry(id).or_insert(fresh);
            in_use.insert(id, spec.clone());
            Ok(Step::Add(slot, spec))
        }
        "remove" => {
            if in_use.remove(&id).is_none() {
                return bad(format!("{}: unknown id {} (no constraint in use has it)", at, id));
            }
            Ok(Step::Remove(slot_of[&id]))
        }
        _ => {
            let constant = number(need(step, "constant", at)?, &format!("{}.constant", at))?;
            let spec = match in_use.get_mut(&id) {
                None => return bad(format!("{}: unknown id {} (no constraint in use has it)", at, id)),
                Some(s) => {
                    s.constant = constant;
                    s.clone()
                }
            };
            Ok(Step::SetConstant(slot_of[&id], spec))
        }
    }
}

/// A step marked may_fail: an added id is not in use after it; a removed id need not be in use, nor a suggested
/// variable an edit variable (only a variable of the system).
fn may_fail_step(step: &Json, kind: &str, at: &str, system: &System, slot_of: &mut HashMap<i64, usize>,
                 in_use: &mut HashMap<i64, Spec>, priorities: &mut Vec<Rat>) -> Res<Step> {
    let plain = || {
        let mut copy = step.clone();
        if let Json::Obj(members) = &mut copy {
            members.retain(|(k, _)| k != "may_fail");
        }
        copy
    };
    match kind {
        "suggest" => {
            let name = need_str(step, "suggest", at)?;
            let v = *system.index.get(name).ok_or_else(|| {
                Problem::Bad(format!("{}: {} is not a variable of the system", at, quote(name)))
            })?;
            let value = number(need(step, "value", at)?, &format!("{}.value", at))?;
            Ok(match system.edit_of[v] {
                Some(e) => Step::Suggest(e, value),
                None => Step::SuggestPlain(v, value),
            })
        }
        "remove" => {
            let id = need(step, "remove", at)?.as_i64();
            match id {
                Some(id) if !in_use.contains_key(&id) => {
                    if system.constraints.is_empty() {
                        return Err(Problem::Unsupported(format!("{}: removing an unknown id needs a constraint in the system", at)));
                    }
                    Ok(Step::RemoveUnknown)
                }
                _ => parse_step(&plain(), at, system, slot_of, in_use, priorities),
            }
        }
        "add" => {
            let id = need(step, "add", at)?.as_i64();
            let parsed = parse_step(&plain(), at, system, slot_of, in_use, priorities)?;
            if let Some(id) = id {
                in_use.remove(&id);
            }
            Ok(parsed)
        }
        _ => parse_step(&plain(), at, system, slot_of, in_use, priorities),
    }
}
