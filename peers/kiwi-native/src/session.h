// plumb-solver/1 requests and answers (docs/solver-protocol.md): the hello, and one answer per request line.
#pragma once

#include <memory>
#include <string>

#include "engine.h"
#include "json.h"

namespace plumb {

Json hello();

class Session {
public:
    // One request (a JSON object) -> its answer. Never throws: anything unexpected becomes an "error" answer.
    Json handle(const Json& request);

private:
    Json run(const Json& request, const Json& id);
    Json churn(const Json& request, const Json& id);

    std::unique_ptr<Loaded> loaded_;
    std::string why_none_ = "no workload loaded";
    std::unique_ptr<Churn> churn_;
};

struct Reply {
    enum class Kind { Answer, Skip, Quit } kind;  // Skip: a blank line, nothing to answer
    Json answer;
};

// The reply to one input line (without its line break or with it).
Reply answer_line(Session& session, const std::string& raw);

}  // namespace plumb
