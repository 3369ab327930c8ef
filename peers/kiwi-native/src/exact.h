// Exact numbers of layout-lp/1 (docs/interchange.md, section 1): integers, decimals, exponents and fractions,
// read without rounding into a reduced rational, compared exactly (priorities), and rounded to the nearest double
// only at the end (kiwi works in doubles).
#pragma once

#include <string>

namespace plumb {

using u128 = unsigned __int128;

// A rational in lowest terms: (-1)^neg * num / den, with den >= 1, num and den at most 2^127 - 1, and no "-0".
struct Rat {
    bool neg = false;
    u128 num = 0;
    u128 den = 1;

    static Rat whole(u128 n) { return Rat{false, n, 1}; }
    bool is_zero() const { return num == 0; }
    // The nearest double (ties to even), computed from the exact quotient.
    double to_double() const;
    // Short text for messages: "750", "-1/3".
    std::string show() const;
};

// Reads the text of an exact number (a JSON number's lexeme or a string's content). False, with the reason in
// `why`, for anything that is not one of interchange.md's forms or lies outside its limits.
bool parse_rat(const std::string& text, Rat& out, std::string& why);

// -1, 0 or 1 as a is less than, equal to or greater than b (exactly).
int compare(const Rat& a, const Rat& b);
inline bool operator<(const Rat& a, const Rat& b) { return compare(a, b) < 0; }
inline bool operator>(const Rat& a, const Rat& b) { return compare(a, b) > 0; }
inline bool operator==(const Rat& a, const Rat& b) { return a.neg == b.neg && a.num == b.num && a.den == b.den; }
inline bool operator!=(const Rat& a, const Rat& b) { return !(a == b); }

std::string decimal(u128 n);

}  // namespace plumb
