// The JSON reader and writer (see json.h).
#include "json.h"

#include <charconv>
#include <cmath>
#include <unordered_set>

namespace plumb {

Json Json::boolean(bool b) {
    Json j;
    j.kind = Kind::Bool;
    j.flag = b;
    return j;
}

Json Json::number(std::string lexeme) {
    Json j;
    j.kind = Kind::Num;
    j.text = std::move(lexeme);
    return j;
}

Json Json::string(std::string s) {
    Json j;
    j.kind = Kind::Str;
    j.text = std::move(s);
    return j;
}

Json Json::array(std::vector<Json> items) {
    Json j;
    j.kind = Kind::Arr;
    j.items = std::move(items);
    return j;
}

Json Json::object() {
    Json j;
    j.kind = Kind::Obj;
    return j;
}

Json& Json::add(std::string key, Json value) {
    keys.push_back(std::move(key));
    items.push_back(std::move(value));
    return *this;
}

const Json* Json::get(const std::string& key) const {
    if (kind != Kind::Obj) return nullptr;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] == key) return items[i].kind == Kind::Null ? nullptr : &items[i];
    }
    return nullptr;
}

const char* Json::kind_name() const {
    switch (kind) {
        case Kind::Null: return "null";
        case Kind::Bool: return "a boolean";
        case Kind::Num: return "a number";
        case Kind::Str: return "a string";
        case Kind::Arr: return "an array";
        case Kind::Obj: return "an object";
    }
    return "a value";
}

std::optional<int64_t> Json::as_int() const {
    if (kind != Kind::Num || text.empty() || text.size() > 20) return std::nullopt;
    for (char c : text) {
        if (!(c == '-' || (c >= '0' && c <= '9'))) return std::nullopt;
    }
    int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
}

// ------------------------------------------------------------------------------------------------ writing

static void write_string(const std::string& s, std::string& out) {
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                           (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
                    // U+2028 and U+2029: valid JSON, but some readers take them for line breaks
                    out += static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
                    i += 2;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    out += '"';
}

std::string quoted(const std::string& s) {
    std::string out;
    write_string(s, out);
    return out;
}

void Json::write(std::string& out) const {
    switch (kind) {
        case Kind::Null: out += "null"; break;
        case Kind::Bool: out += flag ? "true" : "false"; break;
        case Kind::Num: out += text; break;
        case Kind::Str: write_string(text, out); break;
        case Kind::Arr:
            out += '[';
            for (size_t i = 0; i < items.size(); ++i) {
                if (i > 0) out += ',';
                items[i].write(out);
            }
            out += ']';
            break;
        case Kind::Obj:
            out += '{';
            for (size_t i = 0; i < items.size(); ++i) {
                if (i > 0) out += ',';
                write_string(keys[i], out);
                out += ':';
                items[i].write(out);
            }
            out += '}';
            break;
    }
}

std::string Json::line() const {
    std::string out;
    write(out);
    return out;
}

Json real(double x) {
    x = x + 0.0;  // -0 -> 0
    if (std::isnan(x)) return Json::string("nan");
    if (std::isinf(x)) return Json::string(x > 0 ? "inf" : "-inf");
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);  // shortest round-trip form
    return Json::number(std::string(buf, ec == std::errc() ? end : buf));
}

Json integer(int64_t n) { return Json::number(std::to_string(n)); }

// ------------------------------------------------------------------------------------------------ reading

namespace {

constexpr int MAX_DEPTH = 256;

// The byte offset of the first byte that is not part of well-formed UTF-8, or npos.
size_t invalid_utf8(const std::string& s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) { ++i; continue; }
        size_t len;
        uint32_t code;
        if (c >= 0xC2 && c <= 0xDF) { len = 2; code = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { len = 3; code = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { len = 4; code = c & 0x07; }
        else return i;
        if (i + len > n) return i;
        for (size_t k = 1; k < len; ++k) {
            unsigned char d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return i;
            code = (code << 6) | (d & 0x3F);
        }
        if ((len == 3 && code < 0x800) || (len == 4 && (code < 0x10000 || code > 0x10FFFF)) ||
            (code >= 0xD800 && code <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string::npos;
}

void append_utf8(uint32_t code, std::string& out) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

class Reader {
public:
    Reader(const std::string& text, size_t start) : s_(text), begin_(start), i_(start) {}

    Json document() {
        skip_space();
        Json v = value(0);
        skip_space();
        if (i_ != s_.size()) fail("unexpected text after the JSON value");
        return v;
    }

private:
    const std::string& s_;
    size_t begin_;  // after a byte order mark
    size_t i_;

    bool at(char c) const { return i_ < s_.size() && s_[i_] == c; }
    bool digit_at(size_t k) const { return k < s_.size() && s_[k] >= '0' && s_[k] <= '9'; }

    [[noreturn]] void fail(const std::string& what) const {
        size_t line = 1, col = 1;
        for (size_t k = begin_; k < i_ && k < s_.size(); ++k) {
            unsigned char c = static_cast<unsigned char>(s_[k]);
            if (c == '\n') { ++line; col = 1; }
            else if ((c & 0xC0) != 0x80) ++col;  // columns count Unicode scalars
        }
        throw JsonError(std::to_string(line) + ":" + std::to_string(col) + ": " + what);
    }

    void skip_space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }

    Json value(int depth) {
        if (depth > MAX_DEPTH) fail("arrays and objects nest more than 256 levels deep");
        if (i_ >= s_.size()) fail("the JSON text ends where a value should be");
        char c = s_[i_];
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return Json::string(string_body());
        if (c == 't') return word("true", Json::boolean(true));
        if (c == 'f') return word("false", Json::boolean(false));
        if (c == 'n') return word("null", Json());
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        fail("expected a JSON value");
    }

    Json word(const char* w, Json v) {
        std::string want(w);
        if (s_.compare(i_, want.size(), want) != 0) fail("expected a JSON value (NaN, Infinity and bare words are not JSON)");
        i_ += want.size();
        return v;
    }

    size_t digits(size_t& k) const {
        size_t start = k;
        while (digit_at(k)) ++k;
        return k - start;
    }

    Json number() {
        size_t start = i_, k = i_;
        if (s_[k] == '-') ++k;
        size_t int_start = k;
        size_t n = digits(k);
        if (n == 0) { i_ = k; fail("a number needs a digit here"); }
        if (n > 1 && s_[int_start] == '0') { i_ = int_start; fail("a JSON number may not have a leading zero"); }
        if (k < s_.size() && s_[k] == '.') {
            ++k;
            if (digits(k) == 0) { i_ = k; fail("a number needs a digit after the point"); }
        }
        if (k < s_.size() && (s_[k] == 'e' || s_[k] == 'E')) {
            ++k;
            if (k < s_.size() && (s_[k] == '+' || s_[k] == '-')) ++k;
            if (digits(k) == 0) { i_ = k; fail("a number needs a digit in its exponent"); }
        }
        if (k - start > 1000) fail("a number lexeme may be at most 1,000 characters long");
        i_ = k;
        return Json::number(s_.substr(start, k - start));
    }

    uint32_t hex4() {
        if (i_ + 4 > s_.size()) fail("a \\u escape needs four hex digits");
        uint32_t v = 0;
        for (int k = 0; k < 4; ++k) {
            char c = s_[i_ + k];
            int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                  : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0) fail("a \\u escape needs four hex digits");
            v = v * 16 + static_cast<uint32_t>(d);
        }
        i_ += 4;
        return v;
    }

    // The content of the string starting at the opening quote at i_.
    std::string string_body() {
        ++i_;
        std::string out;
        for (;;) {
            size_t start = i_;
            while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\\' && static_cast<unsigned char>(s_[i_]) >= 0x20) ++i_;
            out.append(s_, start, i_ - start);
            if (i_ >= s_.size()) fail("a string is not closed");
            char c = s_[i_];
            if (c == '"') { ++i_; return out; }
            if (c != '\\') fail("a raw control character inside a string");
            ++i_;
            if (i_ >= s_.size()) fail("a string is not closed");
            char e = s_[i_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    uint32_t hi = hex4(), code = hi;
                    if (hi >= 0xD800 && hi < 0xDC00) {
                        if (s_.compare(i_, 2, "\\u") != 0) fail("an unpaired surrogate escape");
                        i_ += 2;
                        uint32_t lo = hex4();
                        if (lo < 0xDC00 || lo >= 0xE000) fail("an unpaired surrogate escape");
                        code = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    } else if (hi >= 0xDC00 && hi < 0xE000) {
                        fail("an unpaired surrogate escape");
                    }
                    append_utf8(code, out);
                    break;
                }
                default:
                    --i_;
                    fail("an unknown escape in a string");
            }
        }
    }

    Json array(int depth) {
        ++i_;
        Json arr = Json::array();
        skip_space();
        if (at(']')) { ++i_; return arr; }
        for (;;) {
            skip_space();
            arr.items.push_back(value(depth + 1));
            skip_space();
            if (at(',')) { ++i_; continue; }
            if (at(']')) { ++i_; return arr; }
            fail("expected , or ] in an array");
        }
    }

    Json object(int depth) {
        ++i_;
        Json obj = Json::object();
        std::unordered_set<std::string> seen;  // used once an object has many keys
        skip_space();
        if (at('}')) { ++i_; return obj; }
        for (;;) {
            skip_space();
            if (!at('"')) fail("expected a key (a string) in an object");
            size_t key_at = i_;
            std::string key = string_body();
            bool repeated;
            if (obj.keys.size() < 16) {
                repeated = false;
                for (const auto& k : obj.keys) repeated = repeated || k == key;
            } else {
                if (seen.empty()) seen.insert(obj.keys.begin(), obj.keys.end());
                repeated = !seen.insert(key).second;
            }
            if (repeated) { i_ = key_at; fail("the key " + quoted(key) + " appears twice in one object"); }
            skip_space();
            if (!at(':')) fail("expected : after a key");
            ++i_;
            skip_space();
            Json v = value(depth + 1);
            obj.add(std::move(key), std::move(v));
            skip_space();
            if (at(',')) { ++i_; continue; }
            if (at('}')) { ++i_; return obj; }
            fail("expected , or } in an object");
        }
    }
};

}  // namespace

Json parse_json(const std::string& text) {
    size_t bad = invalid_utf8(text);
    if (bad != std::string::npos) throw JsonError("the text is not UTF-8 (byte " + std::to_string(bad + 1) + ")");
    size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    return Reader(text, start).document();
}

}  // namespace plumb
