// How kiwi takes a system: priorities to strengths, rows to kiwi::Constraint, the `solve` answer
// (layout-result/1), a loaded workload, one timed `run` of it, and the solver `churn` keeps.
#pragma once

#include <kiwi/kiwi.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "json.h"
#include "system.h"

namespace plumb {

extern const char* const NAME;     // "kiwi-native": the hello's "solver"
extern const char* const VERSION;  // kiwi's version, from the headers it was built with (kiwi/version.h)

using Strengths = std::map<Rat, double>;

// {priority: kiwi strength}: 1000 is required; the other distinct priorities, high to low, take strong, medium and
// weak from both ends (one level: strong; two: strong, weak; three: all). More: throws an unsupported Problem.
Strengths strengths(const std::vector<Rat>& priorities);

// The answer to `solve` (a layout-result/1 object): values after the initial solve and after each round.
Json solve(const Json* doc);

// A row in doubles, converted from exact numbers once, at load time: what an app holds before it makes a
// kiwi::Constraint.
struct Row {
    std::vector<std::pair<size_t, double>> terms;  // (variable, coefficient)
    double constant = 0.0;
    kiwi::RelationalOperator op = kiwi::OP_EQ;
    double strength = 0.0;
};

// A planned step in doubles: the recipe for a NativeStep (`churn` makes its constraint anew every cycle).
struct Recipe {
    StepKind kind = StepKind::Solve;
    bool may_fail = false;
    size_t slot = 0;
    size_t index = 0;  // Suggest: the edit; SuggestPlain: the variable
    Row row;           // Add, SetConstant, RemoveUnknown
    double value = 0.0;
};

// A planned step with kiwi's objects, made before any clock starts.
struct NativeStep {
    StepKind kind = StepKind::Solve;
    bool may_fail = false;
    size_t slot = 0;
    size_t index = 0;
    kiwi::Constraint constraint;  // Add, SetConstant, RemoveUnknown
    double value = 0.0;
};

// A workload converted for kiwi before any clock starts.
struct Loaded {
    Workload plan;  // as parsed (the system, the slots, the variables in use at the end)
    Strengths table;
    std::vector<kiwi::Variable> vars;
    std::vector<kiwi::Constraint> base;
    std::vector<std::pair<kiwi::Variable, double>> edits;        // (variable, strength)
    std::vector<std::vector<std::pair<size_t, double>>> rounds;  // (edit, value)
    std::vector<std::vector<Recipe>> recipes;                    // per operation
    std::vector<std::vector<NativeStep>> ops;                    // the same, made once for the timed runs

    NativeStep made(const Recipe& recipe) const;
};

// Parses and converts a workload; throws a Problem.
std::unique_ptr<Loaded> load(const Json* doc);

// One run's figures.
struct Figures {
    double build_solve_s = 0, edit_total_s = 0;
    std::vector<double> operations;
    std::vector<std::pair<size_t, size_t>> refused;  // marked steps kiwi refused: (operation, step)
    bool has_values = false;
    Json values;
};

// Why a run could not finish: status "infeasible" or "error", and a message.
struct Failure {
    std::string status, message;
};

// One timed run on a fresh solver: add every constraint, solve, make the edits editable; the suggestion rounds;
// each operation. False (with `failure` filled) when it could not finish.
bool run_once(const Loaded& w, bool want_values, Figures& out, Failure& failure);

// The solver `churn` plays the loaded workload's operations on, kept between requests.
class Churn {
public:
    // The system built and solved, its edits made editable (as in a run); throws Failure.
    explicit Churn(const Loaded& w);
    // `cycles` more cycles, every added constraint made anew; the seconds they took. Throws Failure.
    double play(const Loaded& w, uint64_t cycles);
    uint64_t cycles = 0;

private:
    kiwi::Solver solver_;
    std::vector<kiwi::Constraint> current_;  // the constraint in use per slot
};

// The exception being handled, for a message: "UnknownConstraint: The constraint has not been added ...".
std::string describe_current_exception();

}  // namespace plumb
