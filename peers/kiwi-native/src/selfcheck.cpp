// --self-check: small systems with values derived by hand, sent as JSON lines through the same line handler the
// protocol uses (answer_line). One PASS/FAIL line per check; the exit status is 1 on any failure.
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "exact.h"
#include "session.h"

namespace plumb {

namespace {

using Want = std::vector<std::pair<std::string, double>>;

std::optional<double> num(const Json* v) {
    if (v == nullptr || !v->is(Json::Kind::Num)) return std::nullopt;
    return std::stod(v->text);
}

std::string text(const Json& v, const std::string& key) {
    const Json* t = v.get(key);
    return t != nullptr && t->is(Json::Kind::Str) ? t->text : "";
}

// Every value is a JSON number within 1e-6 of the wanted one, and there are no others.
bool close(const Json* got, const Want& want) {
    if (got == nullptr || !got->is(Json::Kind::Obj) || got->keys.size() != want.size()) return false;
    for (const auto& [name, x] : want) {
        auto y = num(got->get(name));
        if (!y || std::fabs(*y - x) >= 1e-6) return false;
    }
    return true;
}

size_t count(const Json& v, const std::string& key) {
    const Json* a = v.get(key);
    return a != nullptr && a->is(Json::Kind::Arr) ? a->items.size() : 0;
}

std::string lp(const std::string& variables, const std::string& constraints, const std::string& extra = "") {
    return R"({"format": "layout-lp/1", "variables": [)" + variables + R"(], "constraints": [)" + constraints + "]" +
           extra + "}";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
    size_t at = s.find(from);
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
}

struct Checker {
    Session session;
    int passed = 0, failed = 0;

    Json send(const std::string& line) {
        Reply r = answer_line(session, line);
        if (r.kind == Reply::Kind::Answer) return r.answer;
        return Json::string(r.kind == Reply::Kind::Quit ? "(no answer: quit)" : "(no answer: blank line)");
    }

    // The layout-result/1 answer to a `solve` of `system` (JSON text).
    Json solve(const std::string& system) {
        Json a = send(R"({"op": "solve", "id": 7, "system": )" + system + "}");
        const Json* r = a.get("result");
        return r != nullptr ? *r : a;
    }

    void check(const std::string& name, bool ok, const Json& detail) {
        (ok ? passed : failed) += 1;
        if (ok) std::printf("PASS %s\n", name.c_str());
        else std::printf("FAIL %s: %s\n", name.c_str(), detail.line().c_str());
    }
};

const char* const PINNED_CONSTRAINTS =
    R"({"terms": {"root.x": "1"}, "constant": "0", "relation": "==", "priority": 1000},
       {"terms": {"root.w": 1}, "constant": "-320", "relation": "==", "priority": 1000},
       {"terms": {"v.x": "1", "root.x": "-1"}, "constant": "-8", "relation": "==", "priority": 1000},
       {"terms": {"v.w": "2", "root.w": "-2"}, "constant": 32, "relation": "==", "priority": 1000})";

void numbers(Checker& c) {
    // Exact numbers: every form of interchange.md, rounded once to the nearest double.
    const std::vector<std::pair<const char*, double>> forms = {
        {"8", 8.0}, {"-8", -8.0}, {"+8", 8.0}, {"007", 7.0}, {"-0.125", -0.125}, {".5", 0.5}, {"5.", 5.0},
        {"2.5e-3", 2.5e-3}, {"1E6", 1e6}, {"-4e+2", -400.0}, {"1/3", 1.0 / 3.0}, {"-7/2", -3.5}, {"1.5/4", 0.375},
        {"1/-3", -1.0 / 3.0}, {"0.1", 0.1}, {"9007199254740993", 9007199254740992.0},
        {"9007199254740995", 9007199254740996.0},
        {"170141183460469231731687303715884105727", 1.7014118346046923e38},
        {"1/170141183460469231731687303715884105727", 5.877471754111438e-39},
        {"0.30000000000000004", 0.30000000000000004}, {"12345678901234567890123456789.0123", 1.2345678901234568e28},
        {"2/3e-30", 6.666666666666666e29}};
    std::string wrong;
    for (const auto& [t, x] : forms) {
        Rat r;
        std::string why;
        if (!parse_rat(t, r, why) || r.to_double() != x) wrong += std::string(wrong.empty() ? "" : " ") + t;
    }
    c.check("exact number forms, rounded once", wrong.empty(), Json::string(wrong));
    const char* rejects[] = {"", " 1", "1 ", "0x10", "nan", "-inf", "Infinity", "1/0", "1e39", "1e-39", "1/2/3", "e5", ".",
                             "+", "1e", "1.2.3", "170141183460469231731687303715884105728", "--1", "1e999999999999"};
    std::string accepted;
    for (const char* t : rejects) {
        Rat r;
        std::string why;
        if (parse_rat(t, r, why) || why.empty()) accepted += std::string(accepted.empty() ? "" : " | ") + t;
    }
    c.check("malformed numbers rejected with a reason", accepted.empty(), Json::string(accepted));
    auto rat = [](const char* t) { Rat r; std::string why; parse_rat(t, r, why); return r; };
    bool exact = rat("750") == rat("1500/2") && rat("999.5") > rat("999") &&
                 rat("99999999999999999999.5/100000000000000000000") < rat("1") && rat("-1/3") < rat("-1/4");
    c.check("priorities compare exactly", exact, Json());
}

void solves(Checker& c) {
    // Required equality chain: root.x = 0, root.w = 320, v.x = root.x + 8, v.w = root.w - 16; "free" reads 0.
    std::string pinned = lp(R"("root.x", "root.w", "v.x", "v.w", "free")", PINNED_CONSTRAINTS);
    Json a = c.send(R"({"op": "solve", "id": 1, "system": )" + pinned + "}");
    const Json* r = a.get("result");
    Json rr = r != nullptr ? *r : Json();
    c.check("required equality chain", num(a.get("id")) == 1.0 && text(rr, "status") == "ok" &&
            text(rr, "format") == "layout-result/1" && rr.get("rounds") != nullptr && count(rr, "rounds") == 0 &&
            close(rr.get("values"), {{"root.x", 0}, {"root.w", 320}, {"v.x", 8}, {"v.w", 304}, {"free", 0}}), a);

    // A soft row loses to a required one: x == 10 (required) against x == 50 @750; y <= 5 against y >= 20 @250.
    Json s = c.solve(lp(R"("x", "y")", R"({"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
        {"terms": {"x": "1"}, "constant": "-50", "relation": "==", "priority": 750},
        {"terms": {"y": "1"}, "constant": "-5", "relation": "<=", "priority": 1000},
        {"terms": {"y": "1"}, "constant": "-20", "relation": ">=", "priority": 250})"));
    c.check("soft row loses to a required one", text(s, "status") == "ok" && close(s.get("values"), {{"x", 10}, {"y", 5}}), s);

    // Levels: x == 100 @750 beats x == 50 @250; y == 10 @1500/2 (= 750) beats y == 20 @500 beats y == 30 @250.
    s = c.solve(lp(R"("x", "y")", R"({"terms": {"x": "1"}, "constant": "-50", "relation": "==", "priority": 250},
        {"terms": {"x": "1"}, "constant": "-100", "relation": "==", "priority": 750},
        {"terms": {"y": "1"}, "constant": "-30", "relation": "==", "priority": 250},
        {"terms": {"y": "1"}, "constant": "-20", "relation": "==", "priority": "500"},
        {"terms": {"y": "1"}, "constant": "-10", "relation": "==", "priority": "1500/2"})"));
    c.check("three soft levels (strong, medium, weak)", text(s, "status") == "ok" &&
            close(s.get("values"), {{"x", 100}, {"y", 10}}), s);

    // x == 10 and x == 20, both required: kiwi refuses the second, and the conflict names it.
    std::string ten = R"({"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000, "label": "x is 10"})";
    std::string twenty = R"({"terms": {"x": "1"}, "constant": "-20", "relation": "==", "priority": 1000})";
    auto conflict_is = [](const Json& r, const std::string& who) {
        const Json* k = r.get("conflict");
        return k != nullptr && k->items.size() == 1 && k->items[0].is(Json::Kind::Str) && k->items[0].text == who;
    };
    s = c.solve(lp(R"("x")", ten + ", " + twenty));
    c.check("infeasible required pair", text(s, "status") == "infeasible" && conflict_is(s, "#1") &&
            text(s, "message").find("UnsatisfiableConstraint") != std::string::npos, s);
    s = c.solve(lp(R"("x")", twenty + ", " + ten));
    c.check("infeasible required pair (labelled)", text(s, "status") == "infeasible" && conflict_is(s, "x is 10"), s);

    // w == 200 @250 sets the initial layout (the edit is not yet active); rounds suggest w = 320, then 1/2 @750.
    auto round = [](const Json& r, size_t k) -> const Json* {
        const Json* rounds = r.get("rounds");
        return rounds != nullptr && rounds->items.size() == 2 ? rounds->items[k].get("values") : nullptr;
    };
    s = c.solve(lp(R"("w", "v.w")", R"({"terms": {"v.w": "1", "w": "-1"}, "constant": "16", "relation": "==", "priority": 1000},
        {"terms": {"w": "1"}, "constant": "-200", "relation": "==", "priority": 250})",
        R"(, "edits": [{"variable": "w", "priority": 750}], "suggestions": [{"w": "320"}, {"w": "1/2"}])"));
    c.check("edit variable, suggestions and re-solves", text(s, "status") == "ok" &&
            close(s.get("values"), {{"w", 200}, {"v.w", 184}}) && close(round(s, 0), {{"w", 320}, {"v.w", 304}}) &&
            close(round(s, 1), {{"w", 0.5}, {"v.w", -15.5}}), s);

    // The initial solve ignores the edits: b == 7 @250 holds, though b's edit @750 would pull it to 0.
    s = c.solve(lp(R"("a", "b")", R"({"terms": {"b": "1"}, "constant": "-7", "relation": "==", "priority": 250})",
        R"(, "edits": [{"variable": "a", "priority": 750}, {"variable": "b", "priority": 750}], "suggestions": [{"a": 3}])"));
    c.check("the initial solve ignores the edits", text(s, "status") == "ok" && close(s.get("values"), {{"a", 0}, {"b", 7}}) &&
            count(s, "rounds") == 1, s);
}

void workloads(Checker& c) {
    // a = 0, b = a + 10 (id 1), c = b + 5 (id 2), d an edit. Then: b = a + 20 (set_constant); c = a + 1 as id 9
    // instead of id 2 (remove, add); id 9's constant -> c = a + 7 and d is suggested 3.
    std::string system = lp(R"("a", "b", "c", "d", "e")",
        R"({"terms": {"a": "1"}, "constant": "0", "relation": "==", "priority": 1000},
           {"terms": {"b": "1", "a": "-1"}, "constant": "-10", "relation": "==", "priority": 1000},
           {"terms": {"c": "1", "b": "-1"}, "constant": "-5", "relation": "==", "priority": 1000})",
        R"(, "edits": [{"variable": "d", "priority": 500}])");
    std::string ops = R"([
        {"kind": "update", "steps": [{"set_constant": 1, "constant": "-20"}, {"solve": true}]},
        {"kind": "remake", "steps": [{"remove": 2}, {"add": 9, "constraint": {"terms": {"c": "1", "a": "-1"},
          "constant": "-1", "relation": "==", "priority": 1000}}, {"solve": true}]},
        {"kind": "update", "steps": [{"set_constant": 9, "constant": -7}, {"suggest": "d", "value": "3"}, {"solve": true}]}])";
    Json a = c.send(R"({"op": "load", "id": 6, "workload": {"system": )" + system + R"(, "operations": )" + ops + "}}");
    Json b = c.send(R"({"op": "run", "id": 7, "values": true})");
    c.check("set_constant, remove, add, suggest, then values", text(a, "status") == "ok" && text(b, "status") == "ok" &&
            count(b, "operations") == 3 && num(b.get("build_solve_s")).value_or(-1) >= 0 && count(b, "refused") == 0 &&
            close(b.get("values"), {{"a", 0}, {"b", 20}, {"c", 7}, {"d", 3}, {"e", 0}}), Json::array({a, b}));

    // The same, then id 1 removed: b is in no constraint any more and reads 0.
    std::string ops2 = replaced(ops, R"({"solve": true}]}])",
                                R"({"solve": true}]}, {"kind": "remove-add", "steps": [{"remove": 1}, {"solve": true}]}])");
    c.send(R"({"op": "load", "id": 8, "workload": {"system": )" + system + R"(, "operations": )" + ops2 + "}}");
    b = c.send(R"({"op": "run", "id": 9, "values": true})");
    c.check("removed constraint: its variable is free again", text(b, "status") == "ok" && count(b, "operations") == 4 &&
            close(b.get("values"), {{"a", 0}, {"b", 0}, {"c", 7}, {"d", 3}, {"e", 0}}), b);
    Json b2 = c.send(R"({"op": "run", "id": 10})");
    c.check("second run, fresh solver, no values", text(b2, "status") == "ok" && b2.get("values") == nullptr, b2);
    Json b3 = c.send(R"({"op": "run", "id": 11, "repeat": 3, "warmup": 2})");
    bool runs_ok = count(b3, "runs") == 3;
    if (runs_ok)
        for (const Json& run : b3.get("runs")->items) runs_ok = runs_ok && count(run, "operations") == 4;
    c.check("two warm-ups and three runs back to back", text(b3, "status") == "ok" && runs_ok, b3);
    Json b4 = c.send(R"({"op": "run", "id": 12, "repeat": 0})");
    Json b5 = c.send(R"({"op": "run", "id": 12, "repeat": 2, "warmup": 1.5})");
    c.check("repeat 0 and warmup 1.5 are errors", text(b4, "status") == "error" &&
            text(b4, "message").find("repeat") != std::string::npos &&
            text(b5, "status") == "error", Json::array({b4, b5}));

    // x == e + 1 required, x == 7 @100, e an edit @900; rounds e = 2, e = -3; an operation suggests e = 8.
    a = c.send(R"({"op": "load", "id": 41, "workload": {"system": )" + lp(R"("x", "e")",
        R"({"terms": {"x": "1", "e": "-1"}, "constant": "-1", "relation": "==", "priority": 1000},
           {"terms": {"x": "1"}, "constant": "-7", "relation": "==", "priority": 100})",
        R"(, "edits": [{"variable": "e", "priority": 900}], "suggestions": [{"e": "2"}, {"e": "-3"}])") +
        R"(, "operations": [{"kind": "update", "steps": [{"suggest": "e", "value": "8"}, {"solve": true}]}]}})");
    b = c.send(R"({"op": "run", "id": 42, "values": true})");
    c.check("edit rounds then a suggestion in an operation", text(a, "status") == "ok" && text(b, "status") == "ok" &&
            close(b.get("values"), {{"x", 9}, {"e", 8}}), Json::array({a, b}));

    // Four levels, one of them added by an operation: unsupported, and a run after it is an error.
    std::string four = lp(R"("x")", R"({"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 100},
        {"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 200},
        {"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 300})");
    a = c.send(R"({"op": "load", "id": 13, "workload": {"system": )" + four + R"(, "operations": [{"kind": "update", "steps": [
        {"add": 3, "constraint": {"terms": {"x": "1"}, "constant": "0", "relation": "==", "priority": 400}},
        {"solve": true}]}]}})");
    b = c.send(R"({"op": "run", "id": 14})");
    c.check("four levels (one added by an operation) unsupported", text(a, "status") == "unsupported" &&
            text(a, "message").rfind("4 distinct", 0) == 0 && text(b, "status") == "error", Json::array({a, b}));

    std::string pinned = lp(R"("root.x", "root.w", "v.x", "v.w", "free")", PINNED_CONSTRAINTS);
    a = c.send(R"({"op": "load", "id": 15, "workload": {"system": )" + pinned + R"(, "operations": [
        {"kind": "update", "steps": [{"solve": true}]}, {"kind": "update", "steps": [{"remove": 42}]}]}})");
    c.check("unknown id is an error naming the step", text(a, "status") == "error" &&
            text(a, "message").find("operations[1].steps[0]") != std::string::npos, a);
    c.send(R"({"op": "load", "id": 16, "workload": {"system": )" + pinned + R"(, "operations": [{"kind": "update", "steps": [
        {"add": 4, "constraint": {"terms": {"v.x": "1"}, "constant": "-9", "relation": "==", "priority": 1000}},
        {"solve": true}]}]}})");
    b = c.send(R"({"op": "run", "id": 17})");
    c.check("operation adding a conflicting required row is infeasible", text(b, "status") == "infeasible" &&
            text(b, "message").find("operations[0].steps[0]") != std::string::npos, b);
    a = c.send(R"({"op": "load", "id": 45, "workload": {"system": )" + lp(R"("x")",
        R"({"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
           {"terms": {"x": "1"}, "constant": "-20", "relation": "==", "priority": 1000, "label": "x is 20"})") +
        R"(, "operations": []}})");
    b = c.send(R"({"op": "run", "id": 46})");
    Json ch = c.send(R"({"op": "churn", "id": 47, "cycles": 3})");
    c.check("infeasible system in a timed run and in churn", text(a, "status") == "ok" && text(b, "status") == "infeasible" &&
            text(b, "message").find("x is 20") != std::string::npos && text(ch, "status") == "infeasible",
            Json::array({a, b, ch}));
}

void refusals_and_churn(Checker& c) {
    // x == 10 and y == x + 5 required, x an edit @999. Three calls marked may_fail, each followed by a solve marked
    // so: x == 17 required (id 2), removing id 1002 (never in use), suggesting y (not an edit variable). Each call
    // is refused (steps 0, 2, 4: groups 0, 1, 2), and the values are as before them.
    std::string xy = lp(R"("x", "y")", R"({"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
        {"terms": {"y": "1", "x": "-1"}, "constant": "-5", "relation": "==", "priority": 1000})",
        R"(, "edits": [{"variable": "x", "priority": 999}])");
    Json a = c.send(R"({"op": "load", "id": 47, "workload": {"system": )" + xy + R"(, "operations": [{"kind": "update", "steps": [
        {"add": 2, "constraint": {"terms": {"x": "1"}, "constant": "-17", "relation": "==", "priority": 1000}, "may_fail": true},
        {"solve": true, "may_fail": true}, {"remove": 1002, "may_fail": true}, {"solve": true, "may_fail": true},
        {"suggest": "y", "value": "123", "may_fail": true}, {"solve": true, "may_fail": true}]}]}})");
    Json b = c.send(R"({"op": "run", "id": 48, "values": true})");
    std::set<int64_t> groups;
    if (const Json* refused = b.get("refused"))
        for (const Json& p : refused->items)
            groups.insert(p.items.size() == 2 && p.items[1].as_int() ? *p.items[1].as_int() / 2 : -1);
    c.check("refused calls listed, values as before them", text(a, "status") == "ok" && text(b, "status") == "ok" &&
            groups == std::set<int64_t>{0, 1, 2} && close(b.get("values"), {{"x", 10}, {"y", 15}}), Json::array({a, b}));

    // The same system remade again and again (remove id 1, add it again, solve): churn counts the cycles played.
    a = c.send(R"({"op": "load", "id": 49, "workload": {"system": )" + xy + R"(, "operations": [{"kind": "remake", "steps": [
        {"remove": 1},
        {"add": 1, "constraint": {"terms": {"y": "1", "x": "-1"}, "constant": "-5", "relation": "==", "priority": 1000}},
        {"solve": true}]}]}})");
    Json played = Json::array();
    bool counted = true;
    const int64_t cycles[] = {0, 20, 30}, totals[] = {0, 20, 50};
    for (int k = 0; k < 3; ++k) {
        Json r = c.send(R"({"op": "churn", "id": )" + std::to_string(50 + k) + R"(, "cycles": )" +
                        std::to_string(cycles[k]) + "}");
        counted = counted && text(r, "status") == "ok" && num(r.get("cycles")) == static_cast<double>(totals[k]) &&
                  num(r.get("seconds")).value_or(-1) >= 0;
        played.items.push_back(r);
    }
    Json values = c.send(R"({"op": "run", "id": 53, "values": true})");
    Json negative = c.send(R"({"op": "churn", "id": 54, "cycles": -1})");
    c.check("churn counts its cycles; -1 cycles is an error", text(a, "status") == "ok" && counted &&
            close(values.get("values"), {{"x", 10}, {"y", 15}}) && text(negative, "status") == "error",
            Json::array({a, played, values, negative}));
    Session fresh;
    Reply early = answer_line(fresh, R"({"op": "churn", "id": 55, "cycles": 1})");
    c.check("churn before any load is an error", text(early.answer, "status") == "error", early.answer);
}

void bad_input(Checker& c) {
    // Bad input is answered "error" with a message, never a crash.
    std::string x = R"({"terms": {"x": "1"}, "constant": "-1", "relation": "==", "priority": 1000})";
    std::string huge(2000, '9');
    struct Case { const char* name; std::string system; const char* says; };
    const std::vector<Case> cases = {
        {"malformed number", lp(R"("x")", replaced(x, R"("-1")", R"("0x10")")), "0x10"},
        {"zero denominator", lp(R"("x")", replaced(x, R"("-1")", R"("1/0")")), "denominator"},
        {"number out of range", lp(R"("x")", replaced(x, R"("-1")", R"("1e39")")), "power of ten"},
        {"huge number string", lp(R"("x")", replaced(x, R"("-1")", "\"" + huge + "\"")), "1,000"},
        {"huge number lexeme", lp(R"("x")", replaced(x, R"("-1")", huge)), "1,000"},
        {"unknown variable", lp(R"("y")", x), "unknown variable"},
        {"priority 0", lp(R"("x")", replaced(x, "1000", "0")), "(0, 1000]"},
        {"priority 1001", lp(R"("x")", replaced(x, "1000", "1001")), "(0, 1000]"},
        {"missing constant", lp(R"("x")", replaced(x, R"("constant")", R"("konstant")")), "\"constant\" is missing"},
        {"null constant", lp(R"("x")", replaced(x, R"("-1")", "null")), "\"constant\" is missing"},
        {"bad relation", lp(R"("x")", replaced(x, "==", "=")), "relation"},
        {"required edit", lp(R"("x")", x, R"(, "edits": [{"variable": "x", "priority": 1000}])"), "below 1000"},
        {"suggestion without edit", lp(R"("x")", x, R"(, "suggestions": [{"x": 1}])"), "not an edit variable"},
        {"repeated key", lp(R"("x")", replaced(x, R"("constant": "-1")", R"("constant": "-1", "constant": "2")")), "twice"},
        {"wrong format", replaced(lp(R"("x")", x), "layout-lp/1", "layout-lp/2"), "format"},
        {"variable listed twice", lp(R"("x", "x")", x), "twice"},
        {"terms not an object", lp(R"("x")", replaced(x, R"({"x": "1"})", R"(["x"])")), "terms"},
    };
    Json missed = Json::array();
    for (const Case& k : cases) {
        Json r = c.solve(k.system);
        if (text(r, "status") != "error" || text(r, "message").find(k.says) == std::string::npos)
            missed.items.push_back(Json::array({Json::string(k.name), r}));
    }
    c.check("malformed systems answered \"error\" with the reason", missed.items.empty(), missed);

    std::string deep = std::string(300, '[') + std::string(300, ']');
    const std::vector<std::string> lines = {
        R"({"op": "solve", "id": 1,)", "[1, 2]", R"({"op": "run"})", R"({"op": "fly", "id": 3})",
        R"({"op": "solve", "id": 4})", R"({"id": 5, "op": "load", "workload": 3})", "\xEF\xBB\xBFnul",
        "{\"op\": \"solve\", \"id\": 6, \"system\": \"\xFF\"}", deep, R"({"op": "solve", "id": 7, "system": {"x": NaN}})",
        R"({"op": "load", "id": 8, "workload": {"system": {"format": "layout-lp/1", "variables": [], "constraints": []},
            "operations": [{"kind": "update", "steps": [{"solve": true, "remove": 0}]}]}})",
        R"({"op": "load", "id": 9, "workload": {"system": {"format": "layout-lp/1", "variables": ["x"], "constraints": []},
            "operations": [{"kind": "update", "steps": [{"suggest": "x", "value": 1}]}]}})"};
    Json wrong = Json::array();
    for (const std::string& line : lines) {
        Json a = c.send(line);
        const Json* r = a.get("result");
        if (text(a, "status") != "error" && (r == nullptr || text(*r, "status") != "error")) wrong.items.push_back(a);
    }
    c.check("malformed requests answered \"error\"", wrong.items.empty(), wrong);
    Json skipped = c.send("  \r\n");
    c.check("a blank line is not answered",
            skipped.is(Json::Kind::Str) && skipped.text.find("blank") != std::string::npos, skipped);
    Reply quit = answer_line(c.session, "{\"op\": \"quit\"}\n");
    c.check("quit ends the session", quit.kind == Reply::Kind::Quit, Json());
}

}  // namespace

int self_check() {
    Checker c;
    Json h = hello();
    const Json* sup = h.get("supports");
    auto yes = [&](const char* key) { return sup != nullptr && sup->get(key) != nullptr && sup->get(key)->is_true(); };
    bool round_trip = false;
    try { round_trip = parse_json(h.line()).line() == h.line(); } catch (...) {}
    c.check("hello", text(h, "protocol") == "plumb-solver/1" && text(h, "version") == VERSION && sup != nullptr &&
            num(sup->get("levels")) == 3.0 && sup->get("strict_priorities") != nullptr && !sup->get("strict_priorities")->flag &&
            yes("edits") && yes("remove") && yes("set_constant") && yes("repeat") && yes("may_fail") && yes("churn") &&
            round_trip, h);
    numbers(c);
    solves(c);
    workloads(c);
    refusals_and_churn(c);
    bad_input(c);
    std::printf("%d of %d checks passed\n", c.passed, c.passed + c.failed);
    return c.failed == 0 ? 0 : 1;
}

}  // namespace plumb
