//! A strict RFC 8259 JSON reader and a small writer, as docs/interchange.md asks: numbers keep their lexeme (so
//! `0.1` can be read exactly), no object repeats a key, nesting stops at 256 levels, and errors say where.

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number, as written.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    /// Members in the order written (keys are unique).
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The member `key` of an object; None for a missing key, a `null` value or a non-object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v).filter(|v| **v != Json::Null),
            _ => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Num(_) => "a number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "an array",
            Json::Obj(_) => "an object",
        }
    }

    /// An integer written as a JSON number without fraction or exponent, if it fits i64.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Num(s) if s.bytes().all(|c| c.is_ascii_digit() || c == b'-') => s.parse().ok(),
            _ => None,
        }
    }

    /// This value as one line of JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(s) => out.push_str(s),
            Json::Str(s) => write_str(s, out),
            Json::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    pub fn to_line(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }
}

/// A string value.
pub fn s(text: &str) -> Json {
    Json::Str(text.to_string())
}

/// An object from (key, value) pairs.
pub fn obj(members: Vec<(&str, Json)>) -> Json {
    Json::Obj(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A double as JSON: the shortest text that reads back as the same double; -0 as 0; non-finite values spelled
/// as layout-result/1 spells them ("nan", "inf", "-inf").
pub fn f64_value(x: f64) -> Json {
    let x = x + 0.0;
    if x.is_nan() {
        return s("nan");
    }
    if x.is_infinite() {
        return s(if x > 0.0 { "inf" } else { "-inf" });
    }
    // Rust's Debug form is the shortest round-trip text: "1.0", "0.1", "1e-7", "1e16" are all JSON numbers.
    Json::Num(format!("{:?}", x))
}

pub fn int_value(n: i64) -> Json {
    Json::Num(n.to_string())
}

fn write_str(text: &str, out: &mut String) {
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

const MAX_DEPTH: usize = 256;

/// Reads one JSON document (a leading byte order mark is skipped). The error says line:column and what is wrong.
pub fn parse(text: &str) -> Result<Json, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut p = Parser { b: text.as_bytes(), i: 0, text };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.b.len() {
        return Err(p.err("unexpected text after the JSON value"));
    }
    Ok(v)
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    text: &'a str,
}

impl<'a> Parser<'a> {
    fn err(&self, what: &str) -> String {
        let before = &self.text[..self.text.floor_char_boundary_compat(self.i)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        format!("{}:{}: {}", line, col, what)
    }

    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.err("arrays and objects nest more than 256 levels deep"));
        }
        match self.b.get(self.i) {
            None => Err(self.err("the JSON text ends where a value should be")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(c) if *c == b'-' || c.is_ascii_digit() => self.number(),
            Some(_) => Err(self.err("expected a JSON value")),
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.b[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("expected a JSON value (NaN, Infinity and bare words are not JSON)"))
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        let b = self.b;
        let mut i = self.i;
        if b[i] == b'-' {
            i += 1;
        }
        let digits = |i: &mut usize| {
            let s = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i - s
        };
        let int_start = i;
        let n = digits(&mut i);
        if n == 0 {
            self.i = i;
            return Err(self.err("a number needs a digit here"));
        }
        if n > 1 && b[int_start] == b'0' {
            self.i = int_start;
            return Err(self.err("a JSON number may not have a leading zero"));
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            if digits(&mut i) == 0 {
                self.i = i;
                return Err(self.err("a number needs a digit after the point"));
            }
        }
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            i += 1;
            if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                i += 1;
            }
            if digits(&mut i) == 0 {
                self.i = i;
                return Err(self.err("a number needs a digit in its exponent"));
            }
        }
        if i - start > 1000 {
            self.i = start;
            return Err(self.err("a number lexeme may be at most 1,000 characters long"));
        }
        self.i = i;
        Ok(Json::Num(self.text[start..i].to_string()))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        if self.i + 4 > self.b.len() {
            return Err(self.err("a \\u escape needs four hex digits"));
        }
        let h = std::str::from_utf8(&self.b[self.i..self.i + 4]).ok().and_then(|t| u32::from_str_radix(t, 16).ok());
        match h {
            Some(v) if self.b[self.i..self.i + 4].iter().all(|c| c.is_ascii_hexdigit()) => {
                self.i += 4;
                Ok(v)
            }
            _ => Err(self.err("a \\u escape needs four hex digits")),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while self.i < self.b.len() && self.b[self.i] != b'"' && self.b[self.i] != b'\\' && self.b[self.i] >= 0x20 {
                self.i += 1;
            }
            out.push_str(&self.text[start..self.i]);
            match self.b.get(self.i) {
                None => return Err(self.err("a string is not closed")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = match self.b.get(self.i) {
                        None => return Err(self.err("a string is not closed")),
                        Some(c) => *c,
                    };
                    self.i += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.b[self.i..].starts_with(b"\\u") {
                                    return Err(self.err("an unpaired surrogate escape"));
                                }
                                self.i += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err("an unpaired surrogate escape"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else if (0xDC00..0xE000).contains(&hi) {
                                return Err(self.err("an unpaired surrogate escape"));
                            } else {
                                hi
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.err("an unknown escape in a string"));
                        }
                    }
                }
                Some(_) => return Err(self.err("a raw control character inside a string")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.b.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Json::Arr(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                _ => return Err(self.err("expected , or ] in an array")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut members: Vec<(String, Json)> = Vec::new();
        let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
        self.ws();
        if self.b.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Json::Obj(members));
        }
        loop {
            self.ws();
            if self.b.get(self.i) != Some(&b'"') {
                return Err(self.err("expected a key (a string) in an object"));
            }
            let at = self.i;
            let key = self.string()?;
            let repeated = if members.len() < 16 {
                members.iter().any(|(k, _)| *k == key)
            } else {
                if seen.is_empty() {
                    seen.extend(members.iter().map(|(k, _)| k.clone()));
                }
                !seen.insert(key.clone())
            };
            if repeated {
                self.i = at;
                return Err(self.err(&format!("the key {} appears twice in one object", Json::Str(key).to_line())));
            }
            self.ws();
            if self.b.get(self.i) != Some(&b':') {
                return Err(self.err("expected : after a key"));
            }
            self.i += 1;
            self.ws();
            let v = self.value(depth + 1)?;
            members.push((key, v));
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Obj(members));
                }
                _ => return Err(self.err("expected , or } in an object")),
            }
        }
    }
}

/// `str::floor_char_boundary` is not stable on older compilers (Debian's rustc 1.63): the same, by hand.
trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, i: usize) -> usize {
        let mut i = i.min(self.len());
        while !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}
