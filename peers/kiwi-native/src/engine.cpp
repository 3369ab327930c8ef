// kiwi's side of the adapter (see engine.h). kiwi is called as an embedder calls it: kiwi::Variable,
// kiwi::Constraint built from an Expression of Terms, kiwi::Solver's addConstraint, removeConstraint,
// addEditVariable, suggestValue and updateVariables.
#include "engine.h"

#include <algorithm>
#include <chrono>
#include <new>

namespace plumb {

const char* const NAME = "kiwi-native";
const char* const VERSION = KIWI_VERSION;

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

struct Level {
    const char* name;
    double strength;
};
const Level LEVELS[] = {{"strong", kiwi::strength::strong}, {"medium", kiwi::strength::medium},
                        {"weak", kiwi::strength::weak}};
const size_t LEVEL_COUNT = 3;

// A priority for a message: "750", "999.5" (a value a double holds exactly), else "2000/3".
std::string show_priority(const Rat& p) {
    bool binary = (p.den & (p.den - 1)) == 0 && p.num < (static_cast<u128>(1) << 53);
    return p.den == 1 || !binary ? p.show() : real(p.to_double()).text;
}

kiwi::RelationalOperator relation_op(Relation r) {
    switch (r) {
        case Relation::Le: return kiwi::OP_LE;
        case Relation::Ge: return kiwi::OP_GE;
        case Relation::Eq: break;
    }
    return kiwi::OP_EQ;
}

Row to_row(const Spec& spec, const Strengths& table) {
    Row r;
    r.terms.reserve(spec.terms.size());
    for (const auto& [v, k] : spec.terms) r.terms.emplace_back(v, k.to_double());
    r.constant = spec.constant.to_double();
    r.op = relation_op(spec.relation);
    r.strength = table.at(spec.priority);
    return r;
}

// sum(k * v) + constant OP 0, as kiwi::Constraint reads an Expression.
kiwi::Constraint make(const Row& r, const std::vector<kiwi::Variable>& vars) {
    std::vector<kiwi::Term> terms;
    terms.reserve(r.terms.size());
    for (const auto& [v, k] : r.terms) terms.emplace_back(vars[v], k);
    return kiwi::Constraint(kiwi::Expression(std::move(terms), r.constant), r.op, r.strength);
}

Json result(const std::string& status, Json values, Json rounds, Json conflict, const std::string& message) {
    Json r = Json::object();
    r.add("format", Json::string("layout-result/1")).add("solver", Json::string(NAME)).add("status", Json::string(status));
    r.add("values", std::move(values)).add("rounds", std::move(rounds)).add("conflict", std::move(conflict));
    r.add("message", Json::string(message));
    return r;
}

Json snapshot(const System& system, const std::vector<kiwi::Variable>& vars) {
    Json values = Json::object();
    for (size_t i = 0; i < vars.size(); ++i) values.add(system.names[i], real(vars[i].value()));
    return values;
}

// One step's solver calls; `current` holds the constraint in use per slot.
void perform(kiwi::Solver& solver, const Loaded& w, std::vector<kiwi::Constraint>& current, const NativeStep& step) {
    switch (step.kind) {
        case StepKind::Solve: solver.updateVariables(); break;
        case StepKind::Suggest: solver.suggestValue(w.edits[step.index].first, step.value); break;
        case StepKind::SuggestPlain: solver.suggestValue(w.vars[step.index], step.value); break;
        case StepKind::Add:
            solver.addConstraint(step.constraint);
            current[step.slot] = step.constraint;
            break;
        case StepKind::Remove: {
            kiwi::Constraint old = std::move(current[step.slot]);
            current[step.slot] = kiwi::Constraint();
            solver.removeConstraint(old);
            break;
        }
        case StepKind::SetConstant:  // kiwi cannot change a constant in place: remove, then add the new row
            solver.removeConstraint(current[step.slot]);
            solver.addConstraint(step.constraint);
            current[step.slot] = step.constraint;
            break;
        case StepKind::RemoveUnknown: solver.removeConstraint(step.constraint); break;
    }
}

}  // namespace

std::string describe_current_exception() {
    try {
        throw;
    } catch (const kiwi::UnsatisfiableConstraint& e) {
        return std::string("UnsatisfiableConstraint: ") + e.what();
    } catch (const kiwi::UnknownConstraint& e) {
        return std::string("UnknownConstraint: ") + e.what();
    } catch (const kiwi::DuplicateConstraint& e) {
        return std::string("DuplicateConstraint: ") + e.what();
    } catch (const kiwi::UnknownEditVariable& e) {
        return std::string("UnknownEditVariable: ") + e.what();
    } catch (const kiwi::DuplicateEditVariable& e) {
        return std::string("DuplicateEditVariable: ") + e.what();
    } catch (const kiwi::BadRequiredStrength& e) {
        return std::string("BadRequiredStrength: ") + e.what();
    } catch (const kiwi::InternalSolverError& e) {
        return std::string("InternalSolverError: ") + e.what();
    } catch (const std::bad_alloc&) {
        return "out of memory (std::bad_alloc)";
    } catch (const std::exception& e) {
        return std::string("C++ exception: ") + e.what();
    } catch (...) {
        return "an unknown C++ exception";
    }
}

Strengths strengths(const std::vector<Rat>& priorities) {
    std::vector<Rat> levels;
    for (const Rat& p : priorities)
        if (p != REQUIRED) levels.push_back(p);
    std::sort(levels.begin(), levels.end(), [](const Rat& a, const Rat& b) { return b < a; });
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    size_t n = levels.size();
    if (n > LEVEL_COUNT) {
        std::string shown;
        for (const Rat& p : levels) shown += (shown.empty() ? "" : ", ") + show_priority(p);
        unsupported(std::to_string(n) + " distinct non-required priority levels [" + shown + "]; " + NAME +
                    " keeps at most three apart (strong, medium, weak)");
    }
    Strengths table;
    for (size_t i = 0; i < n; ++i) {
        // from both ends: round(i * 2 / (n - 1)), never a tie for n <= 3
        size_t k = n == 1 ? 0 : (i * (LEVEL_COUNT - 1) + (n - 1) / 2) / (n - 1);
        table[levels[i]] = LEVELS[k].strength;
    }
    table[REQUIRED] = kiwi::strength::required;
    return table;
}

Json solve(const Json* doc) {
    System system;
    Strengths table;
    try {
        if (doc == nullptr) bad("solve: \"system\" is missing");
        system = System::parse(*doc, "system");
        table = strengths(system.priorities());
    } catch (const Problem& p) {
        return result(p.unsupported ? "unsupported" : "error", Json::object(), Json::array(), Json::array(), p.message);
    }
    std::vector<kiwi::Variable> vars;
    vars.reserve(system.names.size());
    for (const auto& name : system.names) vars.emplace_back(name);
    std::vector<kiwi::Constraint> made;
    made.reserve(system.constraints.size());
    for (const Spec& spec : system.constraints) made.push_back(make(to_row(spec, table), vars));

    kiwi::Solver solver;
    std::string stage;
    try {
        for (size_t i = 0; i < made.size(); ++i) {
            stage = "constraints[" + std::to_string(i) + "]";
            try {
                solver.addConstraint(made[i]);
            } catch (const kiwi::UnsatisfiableConstraint&) {
                std::string who = system.cite(i);
                return result("infeasible", Json::object(), Json::array(), Json::array({Json::string(who)}),
                              std::string(NAME) + " refused required constraint " + who +
                                  " (UnsatisfiableConstraint); kiwi names only the constraint it refused, "
                                  "not the rest of the conflicting set");
            }
        }
        stage = "the initial solve";
        solver.updateVariables();
        Json first = snapshot(system, vars);
        // An edit has no effect until a value is suggested, while addEditVariable pulls its variable to 0 at once:
        // the edits are made editable after the initial values are read.
        stage = "the edit variables";
        for (const auto& [v, p] : system.edits) solver.addEditVariable(vars[v], table.at(p));
        Json rounds = Json::array();
        for (size_t k = 0; k < system.rounds.size(); ++k) {
            stage = "suggestions[" + std::to_string(k) + "]";
            for (const auto& [e, value] : system.rounds[k]) solver.suggestValue(vars[system.edits[e].first], value.to_double());
            solver.updateVariables();
            rounds.items.push_back(Json::object().add("values", snapshot(system, vars)));
        }
        return result("ok", std::move(first), std::move(rounds), Json::array(), "");
    } catch (...) {
        return result("error", Json::object(), Json::array(), Json::array(), stage + ": " + describe_current_exception());
    }
}

NativeStep Loaded::made(const Recipe& recipe) const {
    NativeStep n;
    n.kind = recipe.kind;
    n.may_fail = recipe.may_fail;
    n.slot = recipe.slot;
    n.index = recipe.index;
    n.value = recipe.value;
    if (recipe.kind == StepKind::Add || recipe.kind == StepKind::SetConstant || recipe.kind == StepKind::RemoveUnknown)
        n.constraint = make(recipe.row, vars);
    return n;
}

std::unique_ptr<Loaded> load(const Json* doc) {
    if (doc == nullptr) bad("load: \"workload\" is missing");
    auto w = std::make_unique<Loaded>();
    w->plan = Workload::parse(*doc);
    w->table = strengths(w->plan.priorities);
    const System& system = w->plan.system;
    w->vars.reserve(system.names.size());
    for (const auto& name : system.names) w->vars.emplace_back(name);
    for (const Spec& spec : system.constraints) w->base.push_back(make(to_row(spec, w->table), w->vars));
    for (const auto& [v, p] : system.edits) w->edits.emplace_back(w->vars[v], w->table.at(p));
    for (const auto& round : system.rounds) {
        std::vector<std::pair<size_t, double>> r;
        for (const auto& [e, value] : round) r.emplace_back(e, value.to_double());
        w->rounds.push_back(std::move(r));
    }
    for (const auto& op : w->plan.operations) {
        std::vector<Recipe> recipes;
        std::vector<NativeStep> steps;
        for (const Step& step : op) {
            Recipe r;
            r.kind = step.kind;
            r.may_fail = step.may_fail;
            r.slot = step.slot;
            r.index = step.index;
            if (step.kind == StepKind::Add || step.kind == StepKind::SetConstant) r.row = to_row(step.spec, w->table);
            if (step.kind == StepKind::RemoveUnknown) r.row = to_row(system.constraints[0], w->table);  // never in the solver
            if (step.kind == StepKind::Suggest || step.kind == StepKind::SuggestPlain) r.value = step.value.to_double();
            steps.push_back(w->made(r));
            recipes.push_back(std::move(r));
        }
        w->recipes.push_back(std::move(recipes));
        w->ops.push_back(std::move(steps));
    }
    return w;
}

bool run_once(const Loaded& w, bool want_values, Figures& out, Failure& failure) {
    // Everything but the solver calls happens before the clock starts: a fresh solver, the slots, the figures.
    kiwi::Solver solver;
    std::vector<kiwi::Constraint> current(w.plan.slots);
    for (size_t i = 0; i < w.base.size(); ++i) current[i] = w.base[i];
    out.operations.clear();
    out.operations.reserve(w.ops.size());
    out.refused.clear();
    size_t i = 0;

    // 1. build_solve_s: every constraint in order, solve, then the edit variables (inactive until suggested).
    auto t0 = Clock::now();
    try {
        for (; i < w.base.size(); ++i) solver.addConstraint(w.base[i]);
        solver.updateVariables();
        for (const auto& [var, strength] : w.edits) solver.addEditVariable(var, strength);
    } catch (const kiwi::UnsatisfiableConstraint&) {
        failure = {"infeasible", i < w.base.size()
            ? std::string(NAME) + " refused required constraint " + w.plan.system.cite(i) + " of the system (UnsatisfiableConstraint)"
            : std::string(NAME) + " refused the edit variables after the first solve (UnsatisfiableConstraint)"};
        return false;
    } catch (...) {
        std::string where = i < w.base.size() ? "constraint " + w.plan.system.cite(i) + " of the system"
                                              : "the first solve or the edit variables";
        failure = {"error", where + ": " + describe_current_exception()};
        return false;
    }
    auto t1 = Clock::now();

    // 2. edit_total_s: every suggestion round, each ended by a solve.
    auto t2 = Clock::now();
    size_t k = 0;
    try {
        for (; k < w.rounds.size(); ++k) {
            for (const auto& [e, value] : w.rounds[k]) solver.suggestValue(w.edits[e].first, value);
            solver.updateVariables();
        }
    } catch (...) {
        failure = {"error", "suggestions[" + std::to_string(k) + "]: " + describe_current_exception()};
        return false;
    }
    auto t3 = Clock::now();

    // 3. each operation, from its first step to the end of its last. A refused step marked may_fail is listed.
    for (k = 0; k < w.ops.size(); ++k) {
        const auto& op = w.ops[k];
        size_t j = 0;
        auto ta = Clock::now();
        try {
            for (; j < op.size(); ++j) {
                if (!op[j].may_fail) {
                    perform(solver, w, current, op[j]);
                    continue;
                }
                try {
                    perform(solver, w, current, op[j]);
                } catch (...) {
                    // kiwi refuses at the call (addConstraint, removeConstraint, suggestValue), never when solving:
                    // there is no row to take back after a refused solve
                    out.refused.emplace_back(k, j);
                }
            }
        } catch (const kiwi::UnsatisfiableConstraint&) {
            failure = {"infeasible", "operations[" + std::to_string(k) + "].steps[" + std::to_string(j) + "]: " + NAME +
                                         " refused the required constraint (UnsatisfiableConstraint)"};
            return false;
        } catch (...) {
            failure = {"error", "operations[" + std::to_string(k) + "].steps[" + std::to_string(j) + "]: " +
                                    describe_current_exception()};
            return false;
        }
        out.operations.push_back(seconds(ta, Clock::now()));
    }
    out.build_solve_s = seconds(t0, t1);
    out.edit_total_s = seconds(t2, t3);

    // Values, read after the clock stopped: a variable in no constraint in use and no edit reads 0.
    out.has_values = want_values;
    if (want_values) {
        out.values = Json::object();
        for (size_t v = 0; v < w.vars.size(); ++v)
            out.values.add(w.plan.system.names[v], real(w.plan.used[v] ? w.vars[v].value() : 0.0));
    }
    return true;
}

Churn::Churn(const Loaded& w) : current_(w.plan.slots) {
    for (size_t i = 0; i < w.base.size(); ++i) {
        try {
            solver_.addConstraint(w.base[i]);
        } catch (const kiwi::UnsatisfiableConstraint&) {
            throw Failure{"infeasible", std::string("churn: ") + NAME + " refused required constraint " +
                                            w.plan.system.cite(i) + " of the system (UnsatisfiableConstraint)"};
        } catch (...) {
            throw Failure{"error", "churn: constraint " + w.plan.system.cite(i) + ": " + describe_current_exception()};
        }
        current_[i] = w.base[i];
    }
    try {
        solver_.updateVariables();
        for (const auto& [var, strength] : w.edits) solver_.addEditVariable(var, strength);
    } catch (...) {
        throw Failure{"error", "churn: the edit variables: " + describe_current_exception()};
    }
}

double Churn::play(const Loaded& w, uint64_t count) {
    auto t0 = Clock::now();
    for (uint64_t c = 0; c < count; ++c) {
        for (size_t k = 0; k < w.recipes.size(); ++k) {
            const auto& op = w.recipes[k];
            for (size_t j = 0; j < op.size(); ++j) {
                NativeStep step = w.made(op[j]);  // new constraint objects, as an app remaking a view makes them
                auto at = [&] {
                    return "churn: cycle " + std::to_string(cycles + c + 1) + ", operations[" + std::to_string(k) +
                           "].steps[" + std::to_string(j) + "]: ";
                };
                try {
                    perform(solver_, w, current_, step);
                } catch (const kiwi::UnsatisfiableConstraint&) {
                    if (!step.may_fail)
                        throw Failure{"infeasible", at() + NAME + " refused the required constraint (UnsatisfiableConstraint)"};
                } catch (...) {
                    if (!step.may_fail) throw Failure{"error", at() + describe_current_exception()};
                }
            }
        }
    }
    cycles += count;
    return seconds(t0, Clock::now());
}

}  // namespace plumb
