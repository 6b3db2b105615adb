/* claim_cell.h -- what the boundary-cell certificates (claim_statics.c,
 * claim_equiv_cert.c) share: the layout of their polynomial variables over
 * the case's range parameters, exact facts about those ranges, and
 * certified enclosures and signs of polynomials over Q on a cell
 * (internal to src/claim). */
#ifndef FC_CLAIM_CELL_H
#define FC_CLAIM_CELL_H

#include <flint/fmpq_mpoly.h>
#include "claim/claim.h"

#define CLAIM_CELL_MAXR 8   /* range parameters */

/* The variables of a certificate's ring: x_i = variable i (range parameter
 * range_param[i] of the case), s_i = sin x_i = variable nrange + i, c_i =
 * cos x_i = variable 2 nrange + i, i < nrange; the certificate's own
 * algebraic variables from 3 nrange on (nvars in all). Exact facts about the
 * case's box: the end e (0 lo, 1 hi) of range i is the rational endq[i][e]
 * when has_endq[i][e]; cos x_i >= 0 on the whole range when cos_nonneg[i]
 * (the range lies in [-pi/2, pi/2], proved). */
typedef struct {
    const fmpq_mpoly_ctx_struct *ctx;  /* the ring (the caller's; set after claim_cell_ctx_init) */
    slong nvars;
    int nrange;
    int range_param[CLAIM_CELL_MAXR];
    slong prec;
    int clamp_ends;                    /* 1: a cell's x_i range is clamped to the rational ends */
    int has_endq[CLAIM_CELL_MAXR][2];
    fmpq_t endq[CLAIM_CELL_MAXR][2];
    int cos_nonneg[CLAIM_CELL_MAXR];
} claim_cell_ctx;

/* Reads the first CLAIM_CELL_MAXR range parameters of c and the exact facts
 * about their ranges into cc (ctx NULL, nvars 0 until the caller sets
 * them); returns the number of range parameters of c (which may exceed
 * CLAIM_CELL_MAXR). cc is cleared by claim_cell_ctx_clear. */
int claim_cell_ctx_init(claim_cell_ctx *cc, const case_t *c, slong prec);
void claim_cell_ctx_clear(claim_cell_ctx *cc);
/* Adds the fixed (not range) parameter param of the case as one more x_i,
 * for its sine and cosine as variables (its value ball is its range; no
 * exact end, cos_nonneg 0); before the caller sets nvars. Its index i, or -1
 * when CLAIM_CELL_MAXR are used. */
int claim_cell_ctx_add_fixed(claim_cell_ctx *cc, int param);

/* e = q pi (*pi = 1) or e = q (*pi = 0), q rational, read from the syntax
 * (numbers, pi, unary minus, products and quotients by numbers); 0 if e is
 * NULL or not of that form. */
int claim_cell_end_exact(fmpq_t q, int *pi, const expr_node *e);

/* 1 if side * e <= pi/2 is proved (side = 1 for a range's hi end, -1 for its
 * lo end; ball encloses e): exactly when e is a rational multiple of pi, else
 * by ball arithmetic (strictly). */
int claim_cell_end_within_half_pi(const expr_node *e, const arb_t ball, int side, slong prec);

/* out = an enclosure of P over the product of the balls rg (one per
 * variable; terms summed naively). */
void claim_cell_poly_naive(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, const claim_cell_ctx *cc);

/* out = an enclosure of P over the product of the balls rg: the naive one
 * intersected with the mean-value form about the points mid (mid[v] inside
 * rg[v] for each v). */
void claim_cell_poly_box(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const claim_cell_ctx *cc);

/* The sign of P at every point of the product of the balls rg, from
 * claim_cell_poly_box: 1 or -1 when certified, 0 when P is the zero
 * polynomial, 2 when not certified. */
int claim_cell_poly_sign(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const claim_cell_ctx *cc);

/* b = a ball containing [max(lo b, lo), min(hi b, hi)]: valid when every
 * value of b that matters lies in [lo, hi] (b unchanged if that is empty or
 * an end is not finite). */
void claim_cell_ball_clamp_si(arb_t b, slong lo, slong hi, slong prec);

/* The balls of x_i, s_i, c_i (i < nrange) on a cell box (one ball per case
 * parameter): mid = 0, the ranges, each containing every value the variable
 * takes at the points of box inside the case's box (sin in [-1, 1], cos in
 * [0, 1] where cos_nonneg, x_i clamped to the rational ends when
 * clamp_ends); mid = 1, their values at the midpoints of box (x_i exactly
 * the midpoint, sin and cos enclosed). Other variables are left alone. */
void claim_cell_param_ranges(arb_ptr r, arb_srcptr box, int mid, const claim_cell_ctx *cc);

/* b = a ball containing [l, u] (finite, l <= u) whose end l (keep_lo) or u
 * is exactly an end of the ball. */
void claim_cell_ball_interval(arb_t b, const arf_t l, const arf_t u, int keep_lo);

/* b = a ball of nonnegative numbers containing every nonnegative value of b
 * (for a quantity known to be >= 0), its ends rounded outwards to 26 bits so
 * that a lower end 0 stays exactly 0; b unchanged if its upper end is not
 * finite. */
void claim_cell_ball_nonneg(arb_t b, slong prec);

/* P = a + b v modulo v^2 = R (v the variable var; a, b of degree <= 1 in v
 * after the reduction of every power v^e, e >= 2, by R^(e/2)): an identity
 * wherever v^2 = R. */
void claim_cell_split(fmpq_mpoly_t a, fmpq_mpoly_t b, const fmpq_mpoly_t P, slong var, const fmpq_mpoly_t R,
                      const fmpq_mpoly_ctx_t ctx);

/* A rational function n/d over Q in the ring's variables, written so that d
 * vanishes wherever the expression it came from is undefined (a quotient
 * keeps its divisor's factors in d). */
typedef struct { fmpq_mpoly_t n, d; } claim_cell_frac;

void claim_cell_frac_init(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx);
void claim_cell_frac_clear(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx);
/* A constant denominator folded into the numerator (the same function). */
void claim_cell_frac_norm(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx);
/* out = out OP a, OP = kind (EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_DIV; a
 * quotient (n/d)/(p/q) is n q^2 / (d p q), so its denominator vanishes where
 * either is undefined or p = 0), normalised; 0, or -1 when a divisor is the
 * zero polynomial (out then meaningless). */
int claim_cell_frac_binary(claim_cell_frac *out, const claim_cell_frac *a, int kind, const fmpq_mpoly_ctx_t ctx);
/* v = f when f is a nonzero constant: 0, else -1 (v then meaningless). */
int claim_cell_frac_get_const(fmpq_t v, const claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx);
/* out = out^k (neg = 0) or out^-k (neg = 1, written d^2k / (n^k d^k) when d
 * is not constant), normalised; 0, or -1 for a negative power of the zero
 * polynomial. */
int claim_cell_frac_pow(claim_cell_frac *out, slong k, int neg, const fmpq_mpoly_ctx_t ctx);

/* Returns 0 and sets v when e is a nonzero rational constant, else -1 (the
 * certificate's own exact evaluation; arg its context). */
typedef int (*claim_cell_const_fn)(fmpq_t v, const expr_node *e, void *arg, int depth);
/* The variable v of the square root of the integer r (v^2 = r, v >= 0) in
 * the certificate's ring, or -1 (arg its context). */
typedef int (*claim_cell_sqrt_fn)(void *arg, slong r);

/* q with e = q pi exactly (e built from pi, the number 0, fixed parameters
 * and definitions of case c, + - and products or quotients by a nonzero
 * rational constant, as cst decides); 0, or -1. */
int claim_cell_angle_q(fmpq_t q, const expr_node *e, const case_t *c, claim_cell_const_fn cst, void *arg,
                       int depth);

/* out = cos(q pi) exactly for q a multiple of 1/4 or 1/6 (the square roots
 * of 2 and 3 as the variables sqrt_var gives); 0, or -1 (another q, or no
 * variable). */
int claim_cell_exact_cos(claim_cell_frac *out, const fmpq_t q, claim_cell_sqrt_fn sqrt_var, void *arg,
                         const fmpq_mpoly_ctx_t ctx);

#endif
