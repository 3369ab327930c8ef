// Exact numbers (see exact.h): the reader, the exact comparison and the one rounding to a double.
#include "exact.h"

#include <cmath>
#include <vector>

namespace plumb {

namespace {

// The largest magnitude a reduced numerator or denominator may have: 2^127 - 1.
const u128 LIMIT = (static_cast<u128>(1) << 127) - 1;

u128 gcd(u128 a, u128 b) {
    while (b != 0) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// Significant bits of n (0 for 0).
int bit_length(u128 n) {
    uint64_t hi = static_cast<uint64_t>(n >> 64), lo = static_cast<uint64_t>(n);
    if (hi != 0) return 128 - __builtin_clzll(hi);
    if (lo != 0) return 64 - __builtin_clzll(lo);
    return 0;
}

// The text, shortened for a message.
std::string clip(const std::string& text) {
    if (text.size() <= 40) return text;
    size_t cut = 37;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 sequences
    return text.substr(0, cut) + "...";
}

bool checked_mul(u128 a, u128 b, u128& out) {
    if (a != 0 && b > LIMIT / a) return false;
    out = a * b;
    return out <= LIMIT;
}

// One of the forms without '/': [sign] digits [. digits] [(e|E) [sign] digits], at least one mantissa digit.
bool parse_simple(const std::string& text, Rat& out, std::string& why) {
    auto not_number = [&] {
        why = "\"" + clip(text) + "\" is not a number (expected a form such as 8, -0.125, 2.5e-3 or 1/3)";
        return false;
    };
    size_t i = 0, n = text.size();
    bool neg = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
        neg = text[i] == '-';
        ++i;
    }
    std::vector<int> digits;  // mantissa digits, leading zeros dropped
    bool seen_digit = false, point = false;
    long after_point = 0;
    for (; i < n; ++i) {
        char c = text[i];
        if (c >= '0' && c <= '9') {
            seen_digit = true;
            if (!(digits.empty() && c == '0')) digits.push_back(c - '0');
            if (point) ++after_point;
        } else if (c == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (!seen_digit) return not_number();
    long exp = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < n && (text[i] == '+' || text[i] == '-')) {
            eneg = text[i] == '-';
            ++i;
        }
        size_t start = i;
        for (; i < n && text[i] >= '0' && text[i] <= '9'; ++i) {
            exp = exp * 10 + (text[i] - '0');
            if (exp > 1000000000) exp = 1000000000;  // far outside the limits already
        }
        if (i == start) return not_number();
        if (eneg) exp = -exp;
    }
    if (i != n) return not_number();
    u128 m = 0;
    for (int d : digits) {
        if (!checked_mul(m, 10, m) || (m += static_cast<u128>(d)) > LIMIT) {
            why = "\"" + clip(text) + "\": its digits read as one integer exceed 2^127 - 1";
            return false;
        }
    }
    if (m == 0) {
        out = Rat::whole(0);
        return true;
    }
    long power = exp - after_point;
    if (power < -38 || power > 38) {
        why = "\"" + clip(text) + "\": its power of ten (" + std::to_string(power) + ") is outside -38 ... 38";
        return false;
    }
    u128 ten = 1;
    for (long k = 0; k < std::labs(power); ++k) ten *= 10;  // 10^38 < 2^127
    if (power >= 0) {
        u128 x;
        if (!checked_mul(m, ten, x)) {
            why = "\"" + clip(text) + "\" exceeds 2^127 - 1";
            return false;
        }
        out = Rat{neg, x, 1};
        return true;
    }
    u128 g = gcd(m, ten);
    out = Rat{neg, m / g, ten / g};  // both already within the limit
    return true;
}

// Compares a/b with c/d (b, d >= 1) exactly, by their continued fractions: no product can overflow.
int compare_fractions(u128 a, u128 b, u128 c, u128 d) {
    int sign = 1;
    for (;;) {
        u128 p = a / b, q = c / d;
        if (p != q) return p < q ? -sign : sign;
        u128 r = a % b, s = c % d;
        if (r == 0 && s == 0) return 0;
        if (r == 0) return -sign;
        if (s == 0) return sign;
        // r/b against s/d is d/s against b/r, reversed
        a = b; b = r;
        c = d; d = s;
        sign = -sign;
    }
}

}  // namespace

bool parse_rat(const std::string& text, Rat& out, std::string& why) {
    if (text.empty()) {
        why = "an empty string is not a number";
        return false;
    }
    if (text.size() > 1000) {
        why = "a number may be at most 1,000 characters long";
        return false;
    }
    size_t slash = text.find('/');
    Rat top, bottom;
    if (!parse_simple(text.substr(0, slash), top, why)) return false;
    if (slash == std::string::npos) {
        out = top;
        return true;
    }
    if (!parse_simple(text.substr(slash + 1), bottom, why)) return false;
    if (bottom.is_zero()) {
        why = "the denominator is zero";
        return false;
    }
    // (a/b) / (c/d) = (a/g1 * d/g2) / (b/g2 * c/g1), already in lowest terms.
    u128 g1 = gcd(top.num, bottom.num), g2 = gcd(top.den, bottom.den);
    if (g1 == 0) g1 = 1;
    u128 num, den;
    if (!checked_mul(top.num / g1, bottom.den / g2, num) || !checked_mul(top.den / g2, bottom.num / g1, den)) {
        why = "the reduced fraction does not fit 128 bits (numerator and denominator must be at most 2^127 - 1)";
        return false;
    }
    out = Rat{(top.neg != bottom.neg) && num != 0, num, den};
    return true;
}

int compare(const Rat& a, const Rat& b) {
    if (a.neg != b.neg) return a.neg ? -1 : 1;
    return a.neg ? compare_fractions(b.num, b.den, a.num, a.den) : compare_fractions(a.num, a.den, b.num, b.den);
}

double Rat::to_double() const {
    if (num == 0) return 0.0;
    // Collect 55 significant bits of num/den (53 kept, a guard bit, one more), then a sticky bit for the rest.
    u128 q = num / den, r = num % den, mant;
    int exp = 0;  // value = mant * 2^exp (+ what the sticky bit stands for)
    bool sticky;
    int bits = bit_length(q);
    if (bits > 55) {
        int drop = bits - 55;
        sticky = (q & ((static_cast<u128>(1) << drop) - 1)) != 0 || r != 0;
        mant = q >> drop;
        exp = drop;
    } else {
        mant = q;
        while (bit_length(mant) < 55) {
            r <<= 1;  // r < den < 2^127, so 2r fits
            mant <<= 1;
            --exp;
            if (r >= den) {
                r -= den;
                mant |= 1;
            }
        }
        sticky = r != 0;
    }
    // mant has exactly 55 bits: keep 53, round on the two below and the sticky bit (half to even).
    u128 low = mant & 3, kept = mant >> 2;
    exp += 2;
    bool half = (low & 2) != 0, rest = (low & 1) != 0 || sticky;
    if (half && (rest || (kept & 1) == 1)) {
        ++kept;
        if (kept == (static_cast<u128>(1) << 53)) {
            kept >>= 1;
            ++exp;
        }
    }
    // kept < 2^53 is exact as a double, and the scale stays far inside the normal range ([2^-127, 2^127]).
    double v = std::ldexp(static_cast<double>(static_cast<uint64_t>(kept)), exp);
    return neg ? -v : v;
}

std::string decimal(u128 n) {
    if (n == 0) return "0";
    std::string s;
    while (n != 0) {
        s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
        n /= 10;
    }
    return s;
}

std::string Rat::show() const {
    std::string s = (neg ? "-" : "") + decimal(num);
    return den == 1 ? s : s + "/" + decimal(den);
}

}  // namespace plumb
