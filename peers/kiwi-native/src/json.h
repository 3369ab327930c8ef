// A strict RFC 8259 JSON reader and a small writer, as docs/interchange.md asks: numbers keep their lexeme (so
// `0.1` can be read exactly), no object repeats a key, nesting stops at 256 levels, and errors say where.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace plumb {

struct Json {
    enum class Kind { Null, Bool, Num, Str, Arr, Obj };

    Kind kind = Kind::Null;
    bool flag = false;              // a Bool's value
    std::string text;               // a Num's lexeme, or a Str's content (UTF-8)
    std::vector<Json> items;        // an Arr's items, or an Obj's values
    std::vector<std::string> keys;  // an Obj's keys, in the order written (unique)

    static Json boolean(bool b);
    static Json number(std::string lexeme);
    static Json string(std::string s);
    static Json array(std::vector<Json> items = {});
    static Json object();

    // Appends a member to an object (the writer's side: the caller keeps keys unique).
    Json& add(std::string key, Json value);

    // The member `key` of an object; nullptr for a missing key, a `null` value or a non-object.
    const Json* get(const std::string& key) const;

    bool is(Kind k) const { return kind == k; }
    bool is_true() const { return kind == Kind::Bool && flag; }
    // "a number", "an object", ... for messages.
    const char* kind_name() const;
    // An integer written as a JSON number without fraction or exponent, if it fits 64 bits.
    std::optional<int64_t> as_int() const;

    void write(std::string& out) const;
    std::string line() const;
};

struct JsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Reads one JSON document (a leading byte order mark is skipped). Throws JsonError saying line:column and what.
Json parse_json(const std::string& text);

// A double as JSON: the shortest text that reads back as the same double; -0 as 0; non-finite values spelled as
// layout-result/1 spells them ("nan", "inf", "-inf").
Json real(double x);
Json integer(int64_t n);
// A string as a JSON string literal.
std::string quoted(const std::string& s);

}  // namespace plumb
