/* alg_num.h -- real algebraic numbers given exactly: an irreducible integer
 * polynomial and a rational interval isolating one of its real roots.
 * Used as generators of the field of constants of the threshold algebra
 * (alg_field_gen_num in alg.h) and carried by the EXPR_BALL that
 * alg_rewrite makes of a polynomial root() (see alg_num_tag).
 */
#ifndef FC_ALG_NUM_H
#define FC_ALG_NUM_H

#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>
#include <arb.h>

/* Largest degree of a number made here (root(), cos(2 pi / M)). */
#define ALG_NUM_MAXDEG 32

typedef struct {
    fmpz_poly_t m;    /* irreducible over Q, primitive, positive leading coefficient */
    fmpq_t lo, hi;    /* degree 1: lo == hi == the number; else lo < alpha < hi, */
                      /* alpha the only root of m in [lo, hi] */
} alg_num_struct;
typedef alg_num_struct alg_num_t[1];

void alg_num_init(alg_num_t a);
void alg_num_clear(alg_num_t a);
void alg_num_set(alg_num_t a, const alg_num_t b);

/* The k-th (k >= 1) distinct real root of p (nonzero) in the closed [lo, hi]:
 * its irreducible factor and an isolating interval. Returns 0, or -1 when
 * there are fewer than k roots there (a untouched then). */
int alg_num_root_in_interval(alg_num_t a, const fmpq_poly_t p, const fmpq_t lo, const fmpq_t hi, slong k);

/* a = cos(2 pi / M) (M >= 1): the minimal polynomial from FLINT's
 * fmpz_poly_cos_minpoly (that of 2 cos(2 pi / M), rescaled), the number its
 * largest real root. Returns 0, or -1 if the degree exceeds ALG_NUM_MAXDEG. */
int alg_num_cos_2pi(alg_num_t a, ulong M);

/* 1 if a and b are the same number (decided exactly). */
int alg_num_equal(const alg_num_t a, const alg_num_t b);

/* out = a ball containing the number, about prec bits (interval Newton from
 * the isolating interval, which is first narrowed by exact bisection until
 * m' has no zero on it). The stored interval may shrink (still isolating). */
void alg_num_enclosure(arb_t out, alg_num_t a, slong prec);

/* A text that alg_num_from_tag reads back exactly: "alg:" then the
 * coefficients of m (constant first) and lo, hi, separated by spaces.
 * Free with flint_free. */
char *alg_num_tag(const alg_num_t a);
/* Reads a tag of alg_num_tag; checks that m is irreducible of degree >= 1
 * and [lo, hi] isolates exactly one of its real roots. 0, or -1. */
int alg_num_from_tag(alg_num_t a, const char *tag);

#endif
