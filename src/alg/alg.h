/* alg.h -- exact algebra on fricert expressions (FLINT): conversion of
 * polynomial sub-expressions to fmpq_mpoly and back, discriminants and
 * resultants, certified real-root isolation, and the rewriting of the
 * algebraic functions disc / res / root in an AST.
 *
 * Everything here is exact (fmpz / fmpq arithmetic); the only inexact
 * output is the enclosure of an irrational root, an Arb ball proved to
 * contain it.
 */
#ifndef FC_ALG_H
#define FC_ALG_H

#include "expr/expr.h"
#include <flint/fmpz_poly_factor.h>
#include "alg/alg_num.h"

/* ------------------------------------------------- AST <-> fmpq_mpoly */

/* Flag for alg_to_mpoly_ext: cos(NAME) is read as the variable named
 * "c_NAME" and sin(NAME) as "s_NAME" (both must be in vars); the caller
 * adds the relation c^2 + s^2 - 1 (alg_trig_relation) where it needs it. */
#define ALG_TRIG 1

/* Converts e to a polynomial over Q in the variables vars[0..nvars-1]
 * (generator i of ctx is vars[i]; ctx has nvars variables). Accepted:
 * rational numbers, + - * and unary minus, ^ with a constant non-negative
 * integer exponent (a negative one only on a nonzero constant), division
 * by a nonzero rational constant; a name not in vars is expanded if it is
 * a numeric definition in s (s may be NULL). Anything else fails: returns
 * -1 and fills err with "not polynomial in VARS: WHAT" located at the
 * offending node. Returns 0 on success; out then equals e exactly. */
int alg_to_mpoly(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                 const fmpq_mpoly_ctx_t ctx, const expr_scope_t s, expr_error_t *err);

/* As alg_to_mpoly, with flags (ALG_TRIG) and param_value: if not NULL,
 * param_value[i] is an exact value AST for parameter i of s (NULL: the
 * parameter is free), expanded when the parameter is not in vars. */
int alg_to_mpoly_ext(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                     const fmpq_mpoly_ctx_t ctx, const expr_scope_t s,
                     const expr_t *param_value, int flags, expr_error_t *err);

/* ------------------------------------------------- real multi-quadratic fields */

/* Flag for alg_to_mpoly_field: coefficients in Q(sqrt(p_1), ..., sqrt(p_k))
 * (p_i distinct primes, at most ALG_FIELD_MAX): sqrt of a rational constant,
 * division by a constant of the field, and cos / sin of a constant angle
 * (a rational multiple of pi with denominator dividing 12, atan(q), asin(q),
 * acos(q), atan2(y, x) for rationals, and sums, differences and small integer
 * multiples of these; with ALG_TRIG also NAME + constant angle) become
 * polynomials in the generators sqrt(p_i), which are variables first ..
 * first + ALG_FIELD_MAX - 1 of the context, reduced (degree < 2 in each). */
#define ALG_FIELD 2
#define ALG_FIELD_MAX 4

typedef struct {
    slong first;                   /* generator i is variable first + i */
    slong n;                       /* generators in use */
    ulong prime[ALG_FIELD_MAX];    /* generator i is sqrt(prime[i]) (0 for a general one) */
    alg_num_struct *num[ALG_FIELD_MAX];   /* general generator i (NULL: a square root) */
} alg_field_struct;
typedef alg_field_struct alg_field_t[1];

void alg_field_init(alg_field_t F, slong first);
/* Frees the general generators (nothing to free without them). */
void alg_field_clear(alg_field_t F);
/* The variable of sqrt(p) (registered if new), or -1 when the field is full
 * or sqrt(p) is not independent of the general generators (alg_field_gen_num). */
slong alg_field_gen(alg_field_t F, ulong p);

/* General generators (alg_field_num.c): a real algebraic number a of degree
 * d >= 3 (a copy is kept) becomes generator i, reduced to degree < d by its
 * minimal polynomial. It is registered only if the degree of the field over
 * Q is the product of the generators' degrees (checked exactly: the
 * characteristic polynomial of a combination sum c_i g_i, an iterated
 * resultant, is irreducible of that degree), so a reduced polynomial is zero
 * at the generators iff it is the zero polynomial, as with square roots.
 * Returns the variable (an equal number already there is reused), or -1
 * (field full, not independent, total degree above 64). */
slong alg_field_gen_num(alg_field_t F, const alg_num_t a);
/* Number of general generators. */
slong alg_field_num_count(const alg_field_t F);
/* 1 if the field with sqrt(p) added (p != 0) or a added (a != NULL) keeps
 * full degree; internal to alg_field*.c. */
int _alg_field_independent(const alg_field_t F, ulong p, const alg_num_struct *a);
/* a reduced by the minimal polynomials of the general generators. */
void _alg_field_num_reduce(fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* out = res_{g_i}(out, m_i(g_i)) (generator i general): the norm step. */
void _alg_field_num_norm_step(fmpq_mpoly_t out, const alg_field_t F, slong i, const fmpq_mpoly_ctx_t ctx);
/* out = 1/a for a constant a of a field with general generators (exact
 * linear algebra on the basis of reduced monomials); -1 if a is 0. */
int _alg_field_num_inv(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* out = a as an element of the field as it is (no generator added), when
 * it lies there: a candidate from an integer relation (LLL) between the
 * values of the basis monomials and a, accepted only after an exact check
 * (m(candidate) reduces to zero, so it is a root of a's polynomial, and its
 * ball lies inside a's isolating interval, so it is a). 0, or -1 (not in
 * the field, or not found). */
int alg_field_express(fmpq_mpoly_t out, const alg_field_t F, const alg_num_t a, const fmpq_mpoly_ctx_t ctx);
/* out = sqrt(p) (p prime) as an element of the field (alg_field_express). */
int _alg_field_sqrt_express(fmpq_mpoly_t out, const alg_field_t F, ulong p, const fmpq_mpoly_ctx_t ctx);
/* A short text naming generator i ("sqrt(5)", "the root of 8x^3-4x^2-4x+1 in
 * [1/2, 1]"); flint_free it. */
char *alg_field_gen_text(const alg_field_t F, slong i);
/* a reduced: every generator's square replaced by its prime (same value). */
void alg_field_reduce(fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* out = the product of the conjugates of a over the generators (the norm,
 * an iterated resultant with the relations g_i^2 - p_i): a polynomial free of
 * the generators that vanishes wherever a vanishes at (sqrt(p_1), ...); it is
 * zero iff a reduces to zero. */
void alg_field_norm(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* out = 1/a for a constant a of the field (no other variable); -1 if a is 0. */
int alg_field_inv(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* 1 if a has no variable other than the generators. */
int alg_field_is_const(const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* out = sqrt(q) for a rational q >= 0 in the field (generators added as
 * needed); -1 if q < 0, q too large to factor, or the field is full. */
int alg_field_sqrt(fmpq_mpoly_t out, const fmpq_t q, alg_field_t F, const fmpq_mpoly_ctx_t ctx);
/* v[first + i] = a ball containing generator i (sqrt(p_i), or a general
 * generator's number; F is not changed in value, but a general generator's
 * isolating interval may shrink). */
void alg_field_gen_balls(arb_ptr v, const alg_field_t F, slong prec);
/* out = a ball containing a at the points of the balls vals[0 .. nvars - 1]. */
void alg_mpoly_eval_balls(arb_t out, const fmpq_mpoly_t a, arb_srcptr vals, const fmpq_mpoly_ctx_t ctx, slong prec);

/* As alg_to_mpoly_ext, with flags that may include ALG_FIELD and the field
 * F (its generators are added as they appear). */
int alg_to_mpoly_field(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                       const fmpq_mpoly_ctx_t ctx, const expr_scope_t s, const expr_t *param_value,
                       int flags, alg_field_struct *F, expr_error_t *err);

/* A new AST equal to p, generator i written as the name vars[i]. */
expr_t alg_mpoly_to_expr(const fmpq_mpoly_t p, const char **vars, const fmpq_mpoly_ctx_t ctx);

/* A new AST equal to p with generator i replaced by a copy of gens[i]
 * (e.g. cos(theta) for a trigonometric variable). */
expr_t alg_mpoly_to_expr_gens(const fmpq_mpoly_t p, const expr_t *gens, const fmpq_mpoly_ctx_t ctx);

/* out = x_c^2 + x_s^2 - 1 (the Pythagorean relation of ALG_TRIG). */
void alg_trig_relation(fmpq_mpoly_t out, slong c, slong s, const fmpq_mpoly_ctx_t ctx);

/* ------------------------------------------------- elimination */

/* Limits of disc() and res() in an expression (alg_rewrite): the degree in
 * the eliminated variable, and an a-priori bound on the number of terms of
 * the result (from the degrees in the other variables); beyond them the
 * call is refused with a located error. */
#define ALG_ELIM_MAX_DEGREE 64
#define ALG_ELIM_MAX_TERMS 50000

/* Discriminant of p with respect to generator var (FLINT convention:
 * (-1)^(n(n-1)/2) res(p, p') / lc(p); b^2 - 4ac for degree 2). Returns 0,
 * or -1 if p has degree < 1 in var or FLINT fails. */
int alg_discriminant(fmpq_mpoly_t out, const fmpq_mpoly_t p, slong var, const fmpq_mpoly_ctx_t ctx);

/* Resultant of p and q with respect to generator var (the Sylvester
 * determinant). Returns 0, or -1 if both have degree 0 in var or FLINT
 * fails. */
int alg_resultant(fmpq_mpoly_t out, const fmpq_mpoly_t p, const fmpq_mpoly_t q, slong var,
                  const fmpq_mpoly_ctx_t ctx);

/* ------------------------------------------------- real roots */

/* Isolates the real roots of a square-free f (f(0) may vanish) with the
 * Vincent-Collins-Akritas bisection (Descartes' rule, exact arithmetic).
 * lo, hi: initialised vectors of length >= deg f. Returns the number n of
 * distinct real roots; for i < n, lo[i] == hi[i] is an exact root, or
 * lo[i] < hi[i] and the open interval (lo[i], hi[i]) contains exactly one
 * root (its ends are dyadic and are not roots unless listed as exact).
 * Sorted: the open intervals are pairwise disjoint and increasing.
 * Returns -1 if f is zero. */
slong alg_fmpz_poly_isolate_sqf(fmpq *lo, fmpq *hi, const fmpz_poly_t f);

typedef struct {
    fmpq_t lo, hi;       /* lo == hi: the root, exactly; else lo < root < hi */
    int sign_lo;         /* sign of the factor at lo (interval roots only) */
    slong factor;        /* index into fac: the irreducible factor vanishing here */
} alg_root_struct;

typedef struct {
    fmpz_poly_factor_t fac;   /* irreducible factors of p over Z, with multiplicities */
    alg_root_struct *root;    /* the distinct real roots, increasing; the closed */
    slong n, alloc;           /* intervals [lo, hi] are pairwise disjoint */
} alg_roots_struct;
typedef alg_roots_struct alg_roots_t[1];

void alg_roots_init(alg_roots_t r);
void alg_roots_clear(alg_roots_t r);

/* Finds every real root of p: factorisation into irreducibles over Z
 * (rational roots become exact), VCA isolation of each factor, then
 * refinement until the intervals of different factors are disjoint.
 * Returns the number of distinct real roots, or -1 if p is zero. */
slong alg_roots_isolate(alg_roots_t r, const fmpq_poly_t p);

/* Multiplicity of root i as a root of p. */
slong alg_roots_mult(const alg_roots_t r, slong i);

/* Exact sign of (root i - c); shrinks the interval of root i. */
int alg_roots_cmp(alg_roots_t r, slong i, const fmpq_t c);

/* Shrinks the interval of root i by exact bisection until it excludes 0
 * and hi - lo <= 2^-prec min(|lo|, |hi|). */
void alg_roots_refine(alg_roots_t r, slong i, slong prec);

/* out: a ball containing root i, refined to about prec bits (exact for a
 * dyadic rational root). */
void alg_roots_enclosure(arb_t out, alg_roots_t r, slong i, slong prec);

/* Roots in the closed interval [lo, hi] (lo <= hi): returns how many, and
 * in *first the index of the smallest (decided exactly). */
slong alg_roots_in_interval(slong *first, alg_roots_t r, const fmpq_t lo, const fmpq_t hi);

/* Convenience: every real root of p (nonzero) as balls at prec bits,
 * increasing, with multiplicities. Allocates *roots (free with
 * _arb_vec_clear(*roots, n)) and *mult (flint_free). Returns n, or -1 for
 * the zero polynomial (then nothing is allocated). */
slong alg_real_roots(arb_ptr *roots, slong **mult, const fmpq_poly_t p, slong prec);

/* The k-th (k >= 1) distinct real root of p in the closed [lo, hi]: returns
 * the number of distinct real roots of p in [lo, hi]; if it is >= k, out is
 * a ball at prec bits containing the k-th of them and *mult its
 * multiplicity (else out is untouched). Returns -1 if p is zero or k < 1. */
slong alg_root_in_interval(arb_t out, slong *mult, const fmpq_poly_t p, const fmpq_t lo,
                           const fmpq_t hi, slong k, slong prec);

/* ------------------------------------------------- AST rewriting */

/* Replaces, bottom-up, every user call
 *   disc(P, x)               by the discriminant of P in x (an AST),
 *   res(P, Q, x)             by the resultant of P and Q in x,
 *   root(P, x, LO .. HI, k)  by an EXPR_BALL holding the certified k-th
 *                            distinct real root of P in [LO, HI] (prec bits),
 * where x is a bound variable (any name; it shadows a definition of that
 * name), numeric definitions of s are expanded, P must be univariate in x for
 * root, LO and HI exact rational constants, k a positive integer constant.
 * disc and res: the coefficients in x may depend on free names (the result
 * is a polynomial in them, evaluated later as any term), and every numeric
 * sub-expression free of x that is not polynomial (sin(th), sqrt(a), a ball,
 * 1/D) is an opaque variable, the same one for the same tree; x inside such
 * a sub-expression is an error located there. Refused beyond
 * ALG_ELIM_MAX_DEGREE or ALG_ELIM_MAX_TERMS (a bound computed first). Long
 * results are balanced sums of monomials.
 * Other calls are left alone. Returns 0 on success; 1 on success with a
 * note in err (the first multiple root found: its ball is still certified);
 * -1 on failure with err located at the offending node (*e then is a valid
 * AST, possibly partly rewritten). *e itself is replaced when the whole
 * expression is such a call: rewrite a definition before handing it to a
 * scope (expr_scope_add_def borrows the pointer). */
int alg_rewrite(expr_t *e, const expr_scope_t s, slong prec, expr_error_t *err);

/* As alg_rewrite; param_value as in alg_to_mpoly_ext (values of fixed
 * parameters, so that root() sees numbers; NULL: all parameters free). */
int alg_rewrite_ext(expr_t *e, const expr_scope_t s, const expr_t *param_value, slong prec,
                    expr_error_t *err);

/* ------------------------------------------------- extrema */

/* Default evaluation budget of alg_extremum. */
#define ALG_EXTREMUM_BUDGET 200000

/* Certified value of call = maxof(F, x, LO .. HI), minof(...), argmax(...)
 * or argmin(...) (a user call node), by branch and bound over the interval.
 * x is a bound variable (it shadows any definition of that name); F may use
 * x, constants, numeric and boolean definitions of s and parameters fixed by
 * param_value (as in alg_to_mpoly_ext); a free parameter is an error ("needs
 * constant data"). LO and HI are constant expressions, evaluated as balls:
 * the search covers [lower(LO), upper(HI)] and samples only points of
 * [upper(LO), lower(HI)], so the result is certified for the exact [LO, HI];
 * LO < HI must be certified. Guarantees: maxof's (minof's) ball contains the
 * supremum (infimum) of F over [LO, HI]; argmax's (argmin's) ball contains
 * every point of [LO, HI] where F attains it. The ball's width is about
 * 2^-prec relative (value: to the largest |F| seen; argument: to
 * max(|LO|, |HI|)) unless the budget (evaluations; <= 0: the default) runs
 * out first. Returns 0; 1 with a note in err (the budget was reached, or the
 * extremiser is not unique to within the tolerance: then the ball is the
 * hull of every candidate); -1 with err located in the call (F not proved
 * defined on all of [LO, HI], non-constant data, bad arguments). */
int alg_extremum(arb_t out, const expr_t call, const expr_scope_t s, const expr_t *param_value,
                 slong prec, slong budget, expr_error_t *err);

/* root(P, x, LO .. HI, k) for a P that is not a polynomial (exp, sin, ...):
 * the k-th real root in [LO, HI] (constant data as for alg_extremum; k an
 * integer literal). The range is bisected; a piece is dropped when P is
 * proved nonzero on it, and holds exactly one root when P' has one sign on
 * it and P has opposite signs at its ends (so the roots are simple and
 * counted exactly). Any other piece is split down to 2^-(prec/2+16) of the
 * range; a piece that stays undecided (a multiple root, a root at an end,
 * P not proved defined) makes the call an error: the root is never guessed.
 * out: a ball containing the k-th root, refined by signs to about 2^-prec
 * relative. Returns 0, or -1 with err located in the call. */
int alg_root_numeric(arb_t out, const expr_t call, const expr_scope_t s, const expr_t *param_value,
                     slong prec, expr_error_t *err);

/* alg_rewrite and alg_rewrite_ext also replace every maxof / minof / argmax
 * / argmin call (3 arguments) by an EXPR_BALL from alg_extremum at prec bits
 * with the default budget; its note, if it is the first, is returned as 1,
 * and its error as -1. */

#endif
