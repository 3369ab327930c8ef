// The requests of plumb-solver/1: solve, load, run (with repeat and warmup), churn, quit (see session.h).
#include "session.h"

namespace plumb {

namespace {

Json error(Json id, const std::string& message) {
    Json a = Json::object();
    a.add("id", std::move(id)).add("status", Json::string("error")).add("message", Json::string(message));
    return a;
}

Json status(Json id, const std::string& status, const std::string& message) {
    Json a = Json::object();
    a.add("id", std::move(id)).add("status", Json::string(status)).add("message", Json::string(message));
    return a;
}

// A run's figures as members of `into`.
void add_figures(Figures& f, Json& into) {
    Json ops = Json::array();
    for (double t : f.operations) ops.items.push_back(real(t));
    Json refused = Json::array();
    for (const auto& [k, j] : f.refused)
        refused.items.push_back(Json::array({integer(static_cast<int64_t>(k)), integer(static_cast<int64_t>(j))}));
    into.add("build_solve_s", real(f.build_solve_s)).add("edit_total_s", real(f.edit_total_s));
    into.add("operations", std::move(ops)).add("refused", std::move(refused));
    if (f.has_values) into.add("values", std::move(f.values));
}

// A whole number in [low, high] written as a JSON number.
bool whole(const Json* v, int64_t low, int64_t high, int64_t& out) {
    if (v == nullptr) return false;
    auto n = v->as_int();
    if (!n || *n < low || *n > high) return false;
    out = *n;
    return true;
}

}  // namespace

Json hello() {
    Json supports = Json::object();
    supports.add("levels", integer(3)).add("strict_priorities", Json::boolean(false)).add("exact", Json::boolean(false));
    for (const char* yes : {"edits", "remove", "set_constant", "repeat", "may_fail", "churn"})
        supports.add(yes, Json::boolean(true));
    Json h = Json::object();
    h.add("protocol", Json::string("plumb-solver/1")).add("solver", Json::string(NAME)).add("version", Json::string(VERSION));
    h.add("supports", std::move(supports));
    return h;
}

Json Session::handle(const Json& req) {
    auto number = req.get("id") ? req.get("id")->as_int() : std::nullopt;
    if (!number) return error(Json(), "a request needs an integer \"id\"");
    Json id = integer(*number);
    const Json* op = req.get("op");
    std::string name = op != nullptr && op->is(Json::Kind::Str) ? op->text : "";
    try {
        if (name == "solve") {
            Json a = Json::object();
            a.add("id", id).add("result", solve(req.get("system")));
            return a;
        }
        if (name == "load") {
            loaded_.reset();
            churn_.reset();
            try {
                loaded_ = load(req.get("workload"));
            } catch (const Problem& p) {
                why_none_ = p.unsupported ? "the last load was unsupported (" + p.message + ")"
                                          : "the last load failed (error: " + p.message + ")";
                return p.unsupported ? status(id, "unsupported", p.message) : error(id, p.message);
            }
            Json a = Json::object();
            a.add("id", id).add("status", Json::string("ok"));
            return a;
        }
        if (name == "run") return run(req, id);
        if (name == "churn") return churn(req, id);
        return error(id, "unknown op " + (op != nullptr ? op->line() : std::string("(none)")));
    } catch (...) {
        // not expected: kiwi's own exceptions are caught where they are thrown
        std::string m = std::string(NAME) + " adapter: " + describe_current_exception();
        Json a = error(id, m);
        if (name == "solve") {
            Json r = Json::object();
            r.add("format", Json::string("layout-result/1")).add("solver", Json::string(NAME));
            r.add("status", Json::string("error")).add("message", Json::string(m));
            a.add("result", std::move(r));
        }
        return a;
    }
}

Json Session::run(const Json& req, const Json& id) {
    if (!loaded_) return error(id, "run: " + why_none_);
    const Json* repeat = req.get("repeat");
    Figures f;
    Failure failure;
    if (repeat == nullptr) {
        const Json* values = req.get("values");
        if (!run_once(*loaded_, values != nullptr && values->is_true(), f, failure))
            return status(id, failure.status, failure.message);
        Json a = Json::object();
        a.add("id", id).add("status", Json::string("ok"));
        add_figures(f, a);
        return a;
    }
    int64_t count = 0, warm = 0;
    if (!whole(repeat, 1, 10000, count)) return error(id, "run: \"repeat\" must be a whole number from 1 to 10000");
    const Json* warmup = req.get("warmup");
    if (warmup != nullptr && !whole(warmup, 0, 10000, warm))
        return error(id, "run: \"warmup\" must be a whole number from 0 to 10000");
    Json runs = Json::array();
    runs.items.reserve(static_cast<size_t>(count));
    for (int64_t k = 0; k < warm + count; ++k) {  // back to back, as the harness runs its own back ends
        if (!run_once(*loaded_, false, f, failure)) return status(id, failure.status, failure.message);
        if (k < warm) continue;
        Json one = Json::object();
        add_figures(f, one);
        runs.items.push_back(std::move(one));
    }
    Json a = Json::object();
    a.add("id", id).add("status", Json::string("ok")).add("runs", std::move(runs));
    return a;
}

Json Session::churn(const Json& req, const Json& id) {
    if (!loaded_) return error(id, "churn: " + why_none_);
    int64_t cycles = 0;
    if (!whole(req.get("cycles"), 0, 10000000, cycles))
        return error(id, "churn: \"cycles\" must be a whole number from 0 to 10000000");
    try {
        if (!churn_) churn_ = std::make_unique<Churn>(*loaded_);  // built at the first churn after a load
        double seconds = churn_->play(*loaded_, static_cast<uint64_t>(cycles));
        Json a = Json::object();
        a.add("id", id).add("status", Json::string("ok"));
        a.add("cycles", integer(static_cast<int64_t>(churn_->cycles))).add("seconds", real(seconds));
        return a;
    } catch (const Failure& failure) {
        churn_.reset();
        return status(id, failure.status, failure.message);
    }
}

Reply answer_line(Session& session, const std::string& raw) {
    size_t begin = 0, end = raw.size();
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (begin < end && space(raw[begin])) ++begin;
    while (end > begin && space(raw[end - 1])) --end;
    if (begin == end) return {Reply::Kind::Skip, Json()};
    Json req;
    try {
        req = parse_json(raw.substr(begin, end - begin));
    } catch (const JsonError& e) {
        return {Reply::Kind::Answer, error(Json(), std::string("not a JSON line: ") + e.what())};
    } catch (...) {
        return {Reply::Kind::Answer, error(Json(), "not a JSON line: " + describe_current_exception())};
    }
    if (!req.is(Json::Kind::Obj))
        return {Reply::Kind::Answer, error(Json(), std::string("a request must be a JSON object, found ") + req.kind_name())};
    const Json* op = req.get("op");
    if (op != nullptr && op->is(Json::Kind::Str) && op->text == "quit") return {Reply::Kind::Quit, Json()};
    return {Reply::Kind::Answer, session.handle(req)};
}

}  // namespace plumb
