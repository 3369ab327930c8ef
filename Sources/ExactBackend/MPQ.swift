internal import CGMP
import PlumbSystem

/// One GMP `mpq_t`, owned through a pointer: initialised on creation, cleared and freed on deinit.
///
/// A box is written only while it is being built (by the function that created it) and is immutable once it is
/// stored in a value, so sharing it between values (and threads) is safe. C calls take `ptr` (a plain pointer
/// value), never `&object.field`, so no call can trip Swift's exclusivity checks.
final class MPQ: @unchecked Sendable {
    let ptr: UnsafeMutablePointer<__mpq_struct>

    init() {
        ptr = .allocate(capacity: 1)
        __gmpq_init(ptr)
    }

    /// `numerator / denominator`, canonical.
    convenience init(_ numerator: Int64, _ denominator: Int64) {
        self.init()
        __gmpq_set_si(ptr, Int(numerator), UInt(denominator))
        __gmpq_canonicalize(ptr)
    }

    deinit {
        __gmpq_clear(ptr)
        ptr.deallocate()
    }

    var numerator: UnsafeMutablePointer<__mpz_struct> { cgmp_numref(ptr) }
    var denominator: UnsafeMutablePointer<__mpz_struct> { cgmp_denref(ptr) }

    var signum: Int { Int(cgmp_sgn(ptr)) }

    /// `(numerator, denominator)` when both fit `Int64` (and the numerator is not `Int64.min`).
    var small: (Int64, Int64)? {
        guard cgmp_z_fits_slong(numerator) != 0, cgmp_z_fits_slong(denominator) != 0 else { return nil }
        let n = __gmpz_get_si(numerator)
        let d = __gmpz_get_si(denominator)
        guard n != Int.min else { return nil }
        return (Int64(n), Int64(d))
    }

    static func integerString(_ z: UnsafeMutablePointer<__mpz_struct>) -> String {
        guard let chars = __gmpz_get_str(nil, 10, z) else { return "?" }
        defer { free(chars) }
        return String(cString: chars)
    }

    var description: String {
        let n = MPQ.integerString(numerator)
        if __gmpz_cmp_ui(denominator, 1) == 0 { return n }
        return n + "/" + MPQ.integerString(denominator)
    }

    var doubleValue: Double { __gmpq_get_d(ptr) }

    /// Sets an integer from an `Int128`, exactly.
    static func setInteger(_ z: UnsafeMutablePointer<__mpz_struct>, _ value: Int128) {
        let magnitude = value.magnitude
        __gmpz_set_ui(z, UInt(truncatingIfNeeded: magnitude >> 64))
        __gmpz_mul_2exp(z, z, 64)
        __gmpz_add_ui(z, z, UInt(truncatingIfNeeded: magnitude))
        if value < 0 { __gmpz_neg(z, z) }
    }

    /// The integer as an `Int128`, or nil when it does not fit.
    static func int128(_ z: UnsafeMutablePointer<__mpz_struct>) -> Int128? {
        guard __gmpz_sizeinbase(z, 2) <= 127 else { return nil }
        let negative = __gmpz_sgn_swift(z) < 0
        let t = MPQ()
        let tz = t.numerator
        __gmpz_abs(tz, z)
        let low = UInt128(__gmpz_getlimbn(tz, 0))
        let high = __gmpz_size(tz) > 1 ? UInt128(__gmpz_getlimbn(tz, 1)) : 0
        let magnitude = Int128(high << 64 | low)
        return negative ? -magnitude : magnitude
    }
}

@inline(__always)
func __gmpz_sgn_swift(_ z: UnsafeMutablePointer<__mpz_struct>) -> Int {
    let size = z.pointee._mp_size
    return size < 0 ? -1 : (size > 0 ? 1 : 0)
}

#if canImport(Glibc)
import Glibc
#endif
