// layout-lp/1 systems and plumb-solver/1 workloads, checked and held with exact numbers.
// Malformed input throws a Problem that is "bad" (answered "error"); well-formed input this adapter cannot take
// throws one that is "unsupported".
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exact.h"
#include "json.h"

namespace plumb {

struct Problem {
    bool unsupported;  // false: the input is malformed
    std::string message;
};
[[noreturn]] void bad(const std::string& message);
[[noreturn]] void unsupported(const std::string& message);

extern const Rat REQUIRED;  // priority 1000

enum class Relation { Eq, Le, Ge };

// One row: sum(coefficient * variable) + constant RELATION 0 at a priority.
struct Spec {
    std::vector<std::pair<size_t, Rat>> terms;  // (variable, coefficient), no zero coefficient
    Rat constant;
    Relation relation = Relation::Eq;
    Rat priority;
    std::string label;  // empty: none
};

static constexpr size_t NONE = static_cast<size_t>(-1);

struct System {
    std::string name;
    std::vector<std::string> names;
    std::unordered_map<std::string, size_t> index;
    std::vector<Spec> constraints;
    std::vector<std::pair<size_t, Rat>> edits;         // (variable, priority)
    std::vector<size_t> edit_of;                        // per variable: its position in `edits`, or NONE
    std::vector<std::vector<std::pair<size_t, Rat>>> rounds;  // rounds of (edit, value)

    static System parse(const Json& doc, const std::string& at);
    // Every priority of the system: its constraints' and its edits'.
    std::vector<Rat> priorities() const;
    // How a constraint is named in a conflict: its label, or "#N".
    std::string cite(size_t i) const;
};

// One step of an operation, with constraint ids turned into dense slots.
enum class StepKind {
    Add,           // slot, spec
    Remove,        // slot
    SetConstant,   // slot, spec (the constraint with its new constant)
    Suggest,       // index = the edit, value
    Solve,
    RemoveUnknown, // (only marked may_fail) the removal of an id not in use: a constraint the solver never had
    SuggestPlain,  // (only marked may_fail) a suggestion for a variable that is not an edit variable: index, value
};

struct Step {
    StepKind kind = StepKind::Solve;
    bool may_fail = false;  // a refusal is listed and the run goes on
    size_t slot = 0;
    size_t index = 0;
    Spec spec;
    Rat value;
};

struct Workload {
    System system;
    std::vector<std::vector<Step>> operations;
    size_t slots = 0;                // how many slots the ids use (the system's constraints are slots 0..n)
    std::vector<Rat> priorities;     // every priority used: the system's and each added constraint's
    std::vector<bool> used;          // per variable: in a constraint in use after the operations, or edited

    static Workload parse(const Json& doc);
};

// A member key in a path: `.key` for plain names, `["odd key"]` otherwise.
std::string path_key(const std::string& key);
// An exact number: a JSON number or a string in the syntax of interchange.md.
Rat number(const Json& v, const std::string& at);

}  // namespace plumb
