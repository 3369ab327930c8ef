// kiwi (nucleic/kiwi, the C++ Cassowary solver inside kiwisolver) called directly from C++, as a plumb-solver/1
// program (docs/solver-protocol.md).
//
// No arguments: write the hello line, then answer one JSON request per line on standard input (`solve`, `load`,
// `run` with `repeat`/`warmup` and steps marked `may_fail`, `churn`, `quit`) until it ends.
// --self-check: small systems derived by hand, through the same request handler; PASS/FAIL lines, exit 1 on any
// failure. --time FILE: time a layout-lp/1 file as the Python adapters' --time does. --version: one line.
//
// Priorities: 1000 is required; the other distinct priorities (constraints, edits and every constraint an
// operation adds), high to low, become strong, medium, weak (one level: strong; two: strong, weak). More than
// three: "unsupported". Edits: made editable after the first solve (an edit has no effect until its first
// suggestion, while addEditVariable pulls its variable to 0 at once), inside the timed build, as the Python kiwi
// peer does. A "solve" step is updateVariables() (kiwi re-optimises inside every add, remove and suggest).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine.h"
#include "session.h"

#ifndef PLUMB_CXXFLAGS
#define PLUMB_CXXFLAGS ""
#endif

namespace plumb {
int self_check();  // selfcheck.cpp
}

using namespace plumb;

namespace {

const char* const USAGE =
    "usage: plumb-kiwi-native [--self-check | --version | --time FILE [--repeat R] [--warmup W] [--no-rounds]]\n"
    "With no argument it speaks plumb-solver/1 on standard input and output (docs/solver-protocol.md).\n"
    "--time FILE times a layout-lp/1 file (R runs after W warm-ups; defaults 200 and 20) and prints one JSON line:\n"
    "{\"name\", \"build_solve_s\", \"build_solve_q1\", \"build_solve_q3\", \"edit_total_s\", \"repeat\"} (medians and\n"
    "quartiles), as `python3 peers/kiwi/adapter.py --time FILE` does.\n";

bool write_line(FILE* out, const Json& answer) {
    std::string line = answer.line();
    line += '\n';
    return std::fwrite(line.data(), 1, line.size(), out) == line.size() && std::fflush(out) == 0;
}

int serve() {
    // Standard output belongs to the protocol: its writes go to a copy of descriptor 1, and descriptor 1 is
    // pointed at standard error, so nothing a library prints can reach the protocol stream.
    std::fflush(stdout);
    int protocol_fd = dup(1);
    if (protocol_fd < 0 || dup2(2, 1) < 0) {
        std::perror("kiwi-native adapter: cannot set up standard output");
        return 1;
    }
    FILE* out = fdopen(protocol_fd, "w");
    if (out == nullptr) {
        std::perror("kiwi-native adapter: cannot open the protocol stream");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);  // a closed pipe ends the session quietly (a failed write)
    if (!write_line(out, hello())) return 0;
    Session session;
    char* buffer = nullptr;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&buffer, &capacity, stdin)) > 0) {
        Reply reply = answer_line(session, std::string(buffer, static_cast<size_t>(length)));
        if (reply.kind == Reply::Kind::Quit) break;
        if (reply.kind == Reply::Kind::Answer && !write_line(out, reply.answer)) break;
    }
    bool failed = std::ferror(stdin) != 0;
    std::free(buffer);
    if (failed) {
        std::fprintf(stderr, "kiwi-native adapter: cannot read standard input: %s\n", std::strerror(errno));
        return 1;
    }
    return 0;
}

double median(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    size_t n = xs.size();
    return n % 2 == 1 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

// The first and third quartiles, by Python's statistics.quantiles(n=4, method="inclusive").
std::pair<double, double> quartiles(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    if (xs.size() == 1) return {xs[0], xs[0]};
    size_t m = xs.size() - 1;
    auto at = [&](size_t i) {
        size_t j = i * m / 4, delta = i * m % 4;
        return (xs[j] * static_cast<double>(4 - delta) + xs[std::min(j + 1, m)] * static_cast<double>(delta)) / 4;
    };
    return {at(1), at(3)};
}

int time_file(const std::string& path, long repeat, long warmup, bool no_rounds) {
    auto fail = [&](const std::string& name, const std::string& status, const std::string& message) {
        Json line = Json::object();
        line.add("name", Json::string(name)).add("status", Json::string(status)).add("message", Json::string(message));
        std::printf("%s\n", line.line().c_str());
        return 3;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(path, "error", "cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    Json doc;
    try {
        doc = parse_json(text.str());
    } catch (const JsonError& e) {
        return fail(path, "error", path + ":" + e.what());
    }
    std::string name = path;
    if (const Json* n = doc.get("name"); n != nullptr && n->is(Json::Kind::Str) && !n->text.empty()) name = n->text;
    if (no_rounds && doc.is(Json::Kind::Obj)) {
        bool found = false;
        for (size_t i = 0; i < doc.keys.size(); ++i)
            if (doc.keys[i] == "suggestions") { doc.items[i] = Json::array(); found = true; }
        if (!found) doc.add("suggestions", Json::array());
    }
    Json workload = Json::object();
    workload.add("system", std::move(doc)).add("operations", Json::array());
    std::unique_ptr<Loaded> w;
    try {
        w = load(&workload);
    } catch (const Problem& p) {
        return fail(name, p.unsupported ? "unsupported" : "error", p.message);
    }
    std::vector<double> build, edits;
    Figures f;
    Failure failure;
    for (long i = 0; i < warmup + repeat; ++i) {
        if (!run_once(*w, false, f, failure)) return fail(name, failure.status, failure.message);
        if (i < warmup) continue;
        build.push_back(f.build_solve_s);
        edits.push_back(f.edit_total_s);
    }
    auto [q1, q3] = quartiles(build);
    Json line = Json::object();
    line.add("name", Json::string(name)).add("build_solve_s", real(median(build)));
    line.add("build_solve_q1", real(q1)).add("build_solve_q3", real(q3));
    line.add("edit_total_s", real(median(edits))).add("repeat", integer(repeat));
    std::printf("%s\n", line.line().c_str());
    return 0;
}

bool whole_arg(const char* text, long low, long& out) {
    char* end = nullptr;
    errno = 0;
    long n = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || n < low) return false;
    out = n;
    return true;
}

int usage_error(const std::string& why) {
    std::fprintf(stderr, "plumb-kiwi-native: %s\n%s", why.c_str(), USAGE);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return serve();
    if (args.size() == 1 && args[0] == "--self-check") return self_check();
    if (args.size() == 1 && args[0] == "--version") {
        std::printf("%s: kiwi %s (kiwisolver's C++ headers, built with g++ %s %s; plumb-solver/1 adapter)\n", NAME,
                    VERSION, __VERSION__, PLUMB_CXXFLAGS);
        return 0;
    }
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        std::printf("%s", USAGE);
        return 0;
    }
    std::string file;
    long repeat = 200, warmup = 20;
    bool no_rounds = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool has_value = i + 1 < args.size();
        if (a == "--time" && has_value) file = args[++i];
        else if (a == "--repeat" && has_value) {
            if (!whole_arg(args[++i].c_str(), 1, repeat)) return usage_error("--repeat must be at least 1");
        } else if (a == "--warmup" && has_value) {
            if (!whole_arg(args[++i].c_str(), 0, warmup)) return usage_error("--warmup must be at least 0");
        } else if (a == "--no-rounds") no_rounds = true;
        else return usage_error("unexpected argument " + a);
    }
    if (file.empty()) return usage_error("--repeat, --warmup and --no-rounds go with --time FILE");
    return time_file(file, repeat, warmup, no_rounds);
}
