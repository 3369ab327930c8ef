#ifndef PLUMB_CGMP_SHIM_H
#define PLUMB_CGMP_SHIM_H
#include <gmp.h>

/* mpq_numref / mpq_denref are macros; expose them as functions Swift can call. */
static inline mpz_ptr cgmp_numref(mpq_ptr q) { return mpq_numref(q); }
static inline mpz_ptr cgmp_denref(mpq_ptr q) { return mpq_denref(q); }
static inline int cgmp_sgn(mpq_srcptr q) { return mpq_sgn(q); }
static inline int cgmp_z_fits_slong(mpz_srcptr z) { return mpz_fits_slong_p(z); }
#endif
