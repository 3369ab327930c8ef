// Reading layout-lp/1 systems and workloads (see system.h).
#include "system.h"

#include <map>

namespace plumb {

const Rat REQUIRED = Rat::whole(1000);

void bad(const std::string& message) { throw Problem{false, message}; }
void unsupported(const std::string& message) { throw Problem{true, message}; }

std::string path_key(const std::string& key) {
    bool plain = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
    for (char c : key) {
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
    }
    return plain ? "." + key : "[" + quoted(key) + "]";
}

Rat number(const Json& v, const std::string& at) {
    if (!v.is(Json::Kind::Num) && !v.is(Json::Kind::Str))
        bad(at + ": expected a number (a JSON number or a string such as \"1/3\"), found " + v.kind_name());
    Rat r;
    std::string why;
    if (!parse_rat(v.text, r, why)) bad(at + ": " + why);
    return r;
}

namespace {

Rat priority(const Json& v, const std::string& at) {
    Rat p = number(v, at);
    if (p.neg || p.is_zero() || p > REQUIRED) bad(at + ": a priority must be in (0, 1000], found " + p.show());
    return p;
}

const Json& need(const Json& obj, const std::string& key, const std::string& at) {
    if (!obj.is(Json::Kind::Obj)) bad(at + ": expected an object, found " + obj.kind_name());
    const Json* v = obj.get(key);
    if (v == nullptr) bad(at + ": " + quoted(key) + " is missing");
    return *v;
}

const std::vector<Json>& need_array(const Json& obj, const std::string& key, const std::string& at) {
    const Json& v = need(obj, key, at);
    if (!v.is(Json::Kind::Arr)) bad(at + path_key(key) + ": expected an array, found " + v.kind_name());
    return v.items;
}

const std::string& need_string(const Json& obj, const std::string& key, const std::string& at) {
    const Json& v = need(obj, key, at);
    if (!v.is(Json::Kind::Str)) bad(at + path_key(key) + ": expected a string, found " + v.kind_name());
    return v.text;
}

const std::vector<Json>& optional_array(const Json& obj, const std::string& key, const std::string& at) {
    static const std::vector<Json> none;
    const Json* v = obj.get(key);
    if (v == nullptr) return none;
    if (!v->is(Json::Kind::Arr)) bad(at + path_key(key) + ": expected an array, found " + v->kind_name());
    return v->items;
}

Spec parse_constraint(const Json& c, const System& system, const std::string& at) {
    const Json& terms = need(c, "terms", at);
    if (!terms.is(Json::Kind::Obj)) bad(at + ".terms: expected an object, found " + terms.kind_name());
    Spec spec;
    spec.terms.reserve(terms.keys.size());
    for (size_t i = 0; i < terms.keys.size(); ++i) {
        const std::string& name = terms.keys[i];
        auto found = system.index.find(name);
        if (found == system.index.end())
            bad(at + ".terms" + path_key(name) + ": unknown variable " + quoted(name) + " (not listed in \"variables\")");
        Rat k = number(terms.items[i], at + ".terms" + path_key(name));
        if (!k.is_zero()) spec.terms.emplace_back(found->second, k);
    }
    spec.constant = number(need(c, "constant", at), at + ".constant");
    const Json& rel = need(c, "relation", at);
    if (rel.is(Json::Kind::Str) && rel.text == "==") spec.relation = Relation::Eq;
    else if (rel.is(Json::Kind::Str) && rel.text == "<=") spec.relation = Relation::Le;
    else if (rel.is(Json::Kind::Str) && rel.text == ">=") spec.relation = Relation::Ge;
    else bad(at + ".relation: must be \"==\", \"<=\" or \">=\", found " + rel.line());
    spec.priority = priority(need(c, "priority", at), at + ".priority");
    if (const Json* label = c.get("label")) {
        if (!label->is(Json::Kind::Str)) bad(at + ".label: expected a string, found " + label->kind_name());
        spec.label = label->text;
    }
    return spec;
}

}  // namespace

System System::parse(const Json& doc, const std::string& at) {
    if (!doc.is(Json::Kind::Obj)) bad(at + ": expected a layout-lp/1 object, found " + doc.kind_name());
    const Json* format = doc.get("format");
    if (format == nullptr) bad(at + ": \"format\" is missing");
    if (!format->is(Json::Kind::Str) || format->text != "layout-lp/1")
        bad(at + ".format: expected \"layout-lp/1\", found " + format->line());
    System s;
    if (const Json* name = doc.get("name"); name != nullptr && name->is(Json::Kind::Str)) s.name = name->text;
    const auto& variables = need_array(doc, "variables", at);
    for (size_t i = 0; i < variables.size(); ++i) {
        const Json& v = variables[i];
        std::string here = at + ".variables[" + std::to_string(i) + "]";
        if (!v.is(Json::Kind::Str)) bad(here + ": expected a string, found " + v.kind_name());
        if (!s.index.emplace(v.text, i).second) bad(here + ": " + quoted(v.text) + " is listed twice");
        s.names.push_back(v.text);
    }
    const auto& constraints = need_array(doc, "constraints", at);
    s.constraints.reserve(constraints.size());
    for (size_t i = 0; i < constraints.size(); ++i)
        s.constraints.push_back(parse_constraint(constraints[i], s, at + ".constraints[" + std::to_string(i) + "]"));
    s.edit_of.assign(s.names.size(), NONE);
    const auto& edits = optional_array(doc, "edits", at);
    for (size_t i = 0; i < edits.size(); ++i) {
        std::string here = at + ".edits[" + std::to_string(i) + "]";
        const std::string& name = need_string(edits[i], "variable", here);
        auto found = s.index.find(name);
        if (found == s.index.end())
            bad(here + ".variable: unknown variable " + quoted(name) + " (not listed in \"variables\")");
        if (s.edit_of[found->second] != NONE) bad(here + ".variable: " + quoted(name) + " already has an edit");
        Rat p = priority(need(edits[i], "priority", here), here + ".priority");
        if (p == REQUIRED) bad(here + ".priority: an edit's priority must be below 1000");
        s.edit_of[found->second] = s.edits.size();
        s.edits.emplace_back(found->second, p);
    }
    const auto& rounds = optional_array(doc, "suggestions", at);
    for (size_t i = 0; i < rounds.size(); ++i) {
        std::string here = at + ".suggestions[" + std::to_string(i) + "]";
        const Json& r = rounds[i];
        if (!r.is(Json::Kind::Obj)) bad(here + ": expected an object, found " + r.kind_name());
        std::vector<std::pair<size_t, Rat>> round;
        for (size_t k = 0; k < r.keys.size(); ++k) {
            const std::string& name = r.keys[k];
            auto found = s.index.find(name);
            if (found == s.index.end() || s.edit_of[found->second] == NONE)
                bad(here + path_key(name) + ": " + quoted(name) + " is not an edit variable");
            round.emplace_back(s.edit_of[found->second], number(r.items[k], here + path_key(name)));
        }
        s.rounds.push_back(std::move(round));
    }
    return s;
}

std::vector<Rat> System::priorities() const {
    std::vector<Rat> all;
    for (const auto& c : constraints) all.push_back(c.priority);
    for (const auto& e : edits) all.push_back(e.second);
    return all;
}

std::string System::cite(size_t i) const {
    const Spec& c = constraints[i];
    return c.label.empty() ? "#" + std::to_string(i) : c.label;
}

// ------------------------------------------------------------------------------------------------ workloads

namespace {

const char* const STEP_KINDS[] = {"add", "remove", "set_constant", "suggest", "solve"};

// The ids the operations have used so far: each id's slot, and the constraint in use under it.
struct Ids {
    std::map<int64_t, size_t> slot_of;
    std::map<int64_t, Spec> in_use;

    size_t slot(int64_t id) {
        auto found = slot_of.find(id);
        if (found != slot_of.end()) return found->second;
        size_t fresh = slot_of.size();
        slot_of.emplace(id, fresh);
        return fresh;
    }
};

Step parse_step(const Json& step, const std::string& at, const System& system, Ids& ids, std::vector<Rat>& prios,
                bool may_fail);

// A step marked may_fail: an added id is not in use after it; a removed id need not be in use, nor a suggested
// variable an edit variable (only a variable of the system).
Step may_fail_step(const Json& step, const std::string& kind, const std::string& at, const System& system, Ids& ids,
                   std::vector<Rat>& prios) {
    if (kind == "suggest") {
        const std::string& name = need_string(step, "suggest", at);
        auto found = system.index.find(name);
        if (found == system.index.end()) bad(at + ": " + quoted(name) + " is not a variable of the system");
        Step s;
        s.value = number(need(step, "value", at), at + ".value");
        size_t e = system.edit_of[found->second];
        s.kind = e == NONE ? StepKind::SuggestPlain : StepKind::Suggest;
        s.index = e == NONE ? found->second : e;
        return s;
    }
    if (kind == "remove") {
        auto id = need(step, "remove", at).as_int();
        if (id && ids.in_use.count(*id) == 0) {
            if (system.constraints.empty())
                unsupported(at + ": removing an unknown id needs a constraint in the system");
            Step s;
            s.kind = StepKind::RemoveUnknown;
            return s;
        }
    }
    Step s = parse_step(step, at, system, ids, prios, false);
    if (kind == "add") {
        if (auto id = need(step, "add", at).as_int()) ids.in_use.erase(*id);
    }
    return s;
}

Step parse_step(const Json& step, const std::string& at, const System& system, Ids& ids, std::vector<Rat>& prios,
                bool check_mark) {
    if (!step.is(Json::Kind::Obj)) bad(at + ": expected an object, found " + step.kind_name());
    std::vector<std::string> kinds;
    for (const char* k : STEP_KINDS)
        if (step.get(k) != nullptr) kinds.emplace_back(k);
    if (kinds.empty()) {
        std::string keys;
        for (const auto& k : step.keys) keys += (keys.empty() ? "" : ", ") + k;
        unsupported(at + ": unknown step kind (keys: " + (keys.empty() ? "none" : keys) + ")");
    }
    if (kinds.size() > 1) {
        std::string all;
        for (const auto& k : kinds) all += (all.empty() ? "" : ", ") + k;
        bad(at + ": one step has several kinds (" + all + ")");
    }
    const std::string& kind = kinds[0];
    if (check_mark) {
        const Json* mark = step.get("may_fail");
        if (mark != nullptr && !mark->is(Json::Kind::Bool))
            bad(at + ".may_fail: expected true or false, found " + mark->kind_name());
        if (mark != nullptr && mark->flag) {
            Step s = may_fail_step(step, kind, at, system, ids, prios);
            s.may_fail = true;
            return s;
        }
    }
    Step s;
    if (kind == "solve") {
        if (!step.get("solve")->is_true()) bad(at + ": a solve step is {\"solve\": true}");
        s.kind = StepKind::Solve;
        return s;
    }
    if (kind == "suggest") {
        const std::string& name = need_string(step, "suggest", at);
        auto found = system.index.find(name);
        if (found == system.index.end() || system.edit_of[found->second] == NONE)
            bad(at + ": " + quoted(name) + " is not an edit variable of the system");
        s.kind = StepKind::Suggest;
        s.index = system.edit_of[found->second];
        s.value = number(need(step, "value", at), at + ".value");
        return s;
    }
    auto id = need(step, kind, at).as_int();
    if (!id) bad(at + "." + kind + ": expected an integer constraint id");
    std::string unknown = at + ": unknown id " + std::to_string(*id) + " (no constraint in use has it)";
    if (kind == "add") {
        if (ids.in_use.count(*id)) bad(at + ": id " + std::to_string(*id) + " is already in use");
        s.kind = StepKind::Add;
        s.spec = parse_constraint(need(step, "constraint", at), system, at + ".constraint");
        prios.push_back(s.spec.priority);
        s.slot = ids.slot(*id);
        ids.in_use[*id] = s.spec;
        return s;
    }
    auto in_use = ids.in_use.find(*id);
    if (kind == "remove") {
        if (in_use == ids.in_use.end()) bad(unknown);
        ids.in_use.erase(in_use);
        s.kind = StepKind::Remove;
        s.slot = ids.slot_of[*id];
        return s;
    }
    Rat constant = number(need(step, "constant", at), at + ".constant");  // set_constant
    if (in_use == ids.in_use.end()) bad(unknown);
    in_use->second.constant = constant;
    s.kind = StepKind::SetConstant;
    s.spec = in_use->second;
    s.slot = ids.slot_of[*id];
    return s;
}

}  // namespace

Workload Workload::parse(const Json& doc) {
    if (!doc.is(Json::Kind::Obj))
        bad(std::string("workload: expected an object with \"system\" and \"operations\", found ") + doc.kind_name());
    Workload w;
    w.system = System::parse(need(doc, "system", "workload"), "workload.system");
    const auto& ops = optional_array(doc, "operations", "workload");
    Ids ids;
    for (size_t i = 0; i < w.system.constraints.size(); ++i) {
        ids.slot_of.emplace(static_cast<int64_t>(i), i);
        ids.in_use.emplace(static_cast<int64_t>(i), w.system.constraints[i]);
    }
    w.priorities = w.system.priorities();
    w.operations.reserve(ops.size());
    for (size_t k = 0; k < ops.size(); ++k) {
        std::string here = "operations[" + std::to_string(k) + "]";
        const auto& steps = need_array(ops[k], "steps", here);
        std::vector<Step> planned;
        planned.reserve(steps.size());
        for (size_t j = 0; j < steps.size(); ++j)
            planned.push_back(parse_step(steps[j], here + ".steps[" + std::to_string(j) + "]", w.system, ids,
                                         w.priorities, true));
        w.operations.push_back(std::move(planned));
    }
    w.slots = ids.slot_of.size();
    // After the last operation a variable in no constraint in use and no edit reads 0 (kiwi keeps old values).
    w.used.assign(w.system.names.size(), false);
    for (const auto& [id, spec] : ids.in_use)
        for (const auto& term : spec.terms) w.used[term.first] = true;
    for (const auto& e : w.system.edits) w.used[e.first] = true;
    return w;
}

}  // namespace plumb
