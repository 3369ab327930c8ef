//! Exact numbers of layout-lp/1 (docs/interchange.md, section 1): integers, decimals, exponents and fractions,
//! read without rounding into a reduced rational, compared exactly (priorities), and converted to the nearest
//! double only at the end (cassowary works in f64).

use std::cmp::Ordering;

/// The largest magnitude a reduced numerator or denominator may have: 2^127 - 1.
const LIMIT: u128 = i128::MAX as u128;

/// A rational in lowest terms: (-1)^neg * num / den, with den >= 1, num and den <= 2^127 - 1, and no "-0".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rat {
    pub neg: bool,
    pub num: u128,
    pub den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Rat {
    pub fn int(n: u128) -> Rat {
        Rat { neg: false, num: n, den: 1 }
    }

    /// Reduces num/den; None when a reduced part exceeds 2^127 - 1.
    fn make(neg: bool, num: u128, den: u128) -> Option<Rat> {
        let g = gcd(num, den).max(1);
        let (num, den) = (num / g, den / g);
        if num > LIMIT || den > LIMIT {
            return None;
        }
        Some(Rat { neg: neg && num != 0, num, den })
    }

    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    /// Parses the text of an exact number (a JSON number's lexeme or a string's content).
    pub fn parse(text: &str) -> Result<Rat, String> {
        if text.is_empty() {
            return Err("an empty string is not a number".into());
        }
        if text.len() > 1000 {
            return Err("a number may be at most 1,000 characters long".into());
        }
        let mut parts = text.splitn(2, '/');
        let top = parse_simple(parts.next().unwrap_or(""))?;
        let bottom = match parts.next() {
            None => return Ok(top),
            Some(b) => parse_simple(b)?,
        };
        if bottom.is_zero() {
            return Err("the denominator is zero".into());
        }
        // (a/b) / (c/d) = (a/g1 * d/g2) / (b/g2 * c/g1), already in lowest terms.
        let g1 = gcd(top.num, bottom.num).max(1);
        let g2 = gcd(top.den, bottom.den).max(1);
        let num = (top.num / g1).checked_mul(bottom.den / g2);
        let den = (top.den / g2).checked_mul(bottom.num / g1);
        match (num, den) {
            (Some(n), Some(d)) if n <= LIMIT && d <= LIMIT => {
                Ok(Rat { neg: (top.neg != bottom.neg) && n != 0, num: n, den: d })
            }
            _ => Err("the reduced fraction does not fit 128 bits (numerator and denominator must be at most 2^127 - 1)".into()),
        }
    }

    /// The nearest double (ties to even), computed from the exact quotient.
    pub fn to_f64(&self) -> f64 {
        let v = quotient(self.num, self.den);
        if self.neg { -v } else { v }
    }

    /// Short text for messages: "750", "-1/3".
    pub fn show(&self) -> String {
        let sign = if self.neg { "-" } else { "" };
        if self.den == 1 {
            format!("{}{}", sign, self.num)
        } else {
            format!("{}{}/{}", sign, self.num, self.den)
        }
    }
}

/// Compares a/b with c/d (b, d >= 1) exactly, by their continued fractions (no product can overflow).
fn cmp_fractions(mut a: u128, mut b: u128, mut c: u128, mut d: u128) -> Ordering {
    let mut flipped = false;
    loop {
        let (p, q) = (a / b, c / d);
        if p != q {
            let o = p.cmp(&q);
            return if flipped { o.reverse() } else { o };
        }
        let (r, s) = (a % b, c % d);
        let o = match (r == 0, s == 0) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        };
        if let Some(o) = o {
            return if flipped { o.reverse() } else { o };
        }
        // r/b vs s/d  <=>  d/s vs b/r, reversed
        let (na, nb, nc, nd) = (b, r, d, s);
        a = na;
        b = nb;
        c = nc;
        d = nd;
        flipped = !flipped;
    }
}

impl Ord for Rat {
    fn cmp(&self, other: &Rat) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_fractions(self.num, self.den, other.num, other.den),
            (true, true) => cmp_fractions(other.num, other.den, self.num, self.den),
        }
    }
}

impl PartialOrd for Rat {
    fn partial_cmp(&self, other: &Rat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// One of the forms without '/': [sign] digits [. digits] [(e|E) [sign] digits], at least one mantissa digit.
fn parse_simple(text: &str) -> Result<Rat, String> {
    let bad = || format!("\"{}\" is not a number (expected a form such as 8, -0.125, 2.5e-3 or 1/3)", clip(text));
    let b = text.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut digits: Vec<u8> = Vec::new(); // mantissa digits, leading zeros dropped
    let mut seen_digit = false;
    let mut after_point: i64 = 0;
    let mut point = false;
    while i < b.len() {
        let ch = b[i];
        if ch.is_ascii_digit() {
            seen_digit = true;
            if !(digits.is_empty() && ch == b'0') {
                digits.push(ch - b'0');
            }
            if point {
                after_point += 1;
            }
        } else if ch == b'.' && !point {
            point = true;
        } else {
            break;
        }
        i += 1;
    }
    if !seen_digit {
        return Err(bad());
    }
    let mut exp: i64 = 0;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let mut eneg = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            eneg = b[i] == b'-';
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            exp = (exp * 10 + (b[i] - b'0') as i64).min(1_000_000_000);
            i += 1;
        }
        if i == start {
            return Err(bad());
        }
        if eneg {
            exp = -exp;
        }
    }
    if i != b.len() {
        return Err(bad());
    }
    let mut m: u128 = 0;
    for &d in &digits {
        m = match m.checked_mul(10).and_then(|x| x.checked_add(d as u128)) {
            Some(x) if x <= LIMIT => x,
            _ => return Err(format!("\"{}\": its digits read as one integer exceed 2^127 - 1", clip(text))),
        };
    }
    if m == 0 {
        return Ok(Rat::int(0));
    }
    let power = exp - after_point;
    if !(-38..=38).contains(&power) {
        return Err(format!("\"{}\": its power of ten ({}) is outside -38 ... 38", clip(text), power));
    }
    let ten = 10u128.pow(power.unsigned_abs() as u32);
    if power >= 0 {
        match m.checked_mul(ten) {
            Some(x) if x <= LIMIT => Ok(Rat { neg, num: x, den: 1 }),
            _ => Err(format!("\"{}\" exceeds 2^127 - 1", clip(text))),
        }
    } else {
        Rat::make(neg, m, ten).ok_or_else(|| format!("\"{}\" does not fit 128 bits", clip(text)))
    }
}

fn clip(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        text.chars().take(37).collect::<String>() + "..."
    }
}

/// The double nearest n/d (d >= 1, both < 2^127), rounding half to even.
fn quotient(n: u128, d: u128) -> f64 {
    if n == 0 {
        return 0.0;
    }
    // Collect 55 significant bits of n/d (53 kept, a guard bit, one more), then a sticky bit for the rest.
    let q = n / d;
    let mut r = n % d;
    let mut exp: i32 = 0; // value = mant * 2^exp (+ what the sticky bit stands for)
    let mut mant: u128;
    let sticky;
    let bits = 128 - q.leading_zeros() as i32;
    if bits > 55 {
        let drop = bits - 55;
        sticky = (q & ((1u128 << drop) - 1)) != 0 || r != 0;
        mant = q >> drop;
        exp = drop;
    } else {
        mant = q;
        while 128 - mant.leading_zeros() < 55 {
            r <<= 1; // r < d < 2^127, so 2r fits
            mant <<= 1;
            exp -= 1;
            if r >= d {
                r -= d;
                mant |= 1;
            }
        }
        sticky = r != 0;
    }
    // mant has exactly 55 bits: keep 53, round on the two below plus sticky.
    let low = mant & 3;
    let mut kept = mant >> 2;
    exp += 2;
    let half = low & 2 != 0;
    let rest = low & 1 != 0 || sticky;
    if half && (rest || kept & 1 == 1) {
        kept += 1;
        if kept == 1u128 << 53 {
            kept >>= 1;
            exp += 1;
        }
    }
    // kept < 2^53 and |exp| stays far inside the normal range (values lie in [2^-127, 2^127]).
    (kept as f64) * pow2(exp)
}

fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn forms() {
        assert_eq!(Rat::parse("1/3").unwrap().to_f64(), 1.0 / 3.0);
        assert_eq!(Rat::parse("0.1").unwrap().to_f64(), 0.1);
        assert_eq!(Rat::parse("-4e+2").unwrap().to_f64(), -400.0);
        assert!(Rat::parse("1e39").is_err());
    }
}
