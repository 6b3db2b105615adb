/* expr_statics.h -- "an equilibrium exists" as a certified instruction
 * (internal to src/expr; the hooks in expr_compile.c and expr_eval.c).
 *
 * The call statics_sign(...) (written by a [model] type = statics block,
 * src/mech/mech_statics.c) stands for the number
 *
 *     +1 if some r in K_1 x ... x K_m solves A r = b, else -1,
 *
 * where A (E x n) and b (E) are expressions of the parameters and each K_k
 * is a friction cone on a block of consecutive unknowns:
 *   type 1  planar isotropic cone, 2 unknowns, data n1, n2, f:
 *           n.r >= 0 and |n|^2 |r|^2 - (1 + f^2) (n.r)^2 <= 0;
 *   type 2  spatial isotropic cone, 3 unknowns, data n1, n2, n3, f (the same
 *           two conditions);
 *   type 3  anisotropic cone of a support on a plane z = const (Rozenblat
 *           ch. 1), 3 unknowns (wx, wy, N), data f11, f12, f21, f22:
 *           N >= 0 and (f22 wx - f12 wy)^2 + (f11 wy - f21 wx)^2 <= D^2 N^2,
 *           D = f11 f22 - f12 f21 != 0 (the ellipse N Phi0(unit disc)).
 * Layout of the arguments: E, n, m (integers), then type_k, start_k for each
 * cone (integers), then A row by row, b, then each cone's data in order.
 *
 * On a box the instruction returns exactly 1 with a primal certificate,
 * exactly -1 with a dual one, and the ball [-1, 1] otherwise:
 *   TRUE   floating point proposes an interior point r0 (a linear program over
 *          an inscribed polygonal cone); the reaction on the whole box is
 *          r0 + d with d supported on E pivot columns and A_B d = b - A r0
 *          solved in ball arithmetic (so balance is exact at every point),
 *          and the exact cone conditions are checked on the balls;
 *   FALSE  floating point proposes y (a linear program over a circumscribed
 *          polygonal cone); A^T y in the dual cone K* (checked with the exact
 *          quadratic conditions on balls) and b.y < 0 prove infeasibility,
 *          since b.y = r.A^T y >= 0 for every feasible r.
 *   FACES  (planar isotropic cones, when both fail) the sign of every
 *          determinant of E of the columns {A g_j, b} (g_j the cones' edge
 *          generators) on the balls: b on K's side of every set of E - 1
 *          generators that may support K = cone(A g_j) (rank E certified)
 *          proves TRUE, b strictly outside one certified supporting set
 *          proves FALSE (Farkas, Caratheodory; see facets() in the .c).
 * Rows of A that are exactly zero on the box are left to the dual
 * certificate (TRUE then needs their b exactly 0). */
#ifndef FC_EXPR_STATICS_H
#define FC_EXPR_STATICS_H

#include "expr/expr_prog.h"

#define EXPR_STATICS_MAX_E 12      /* equations */
#define EXPR_STATICS_MAX_N 36      /* unknowns */

/* A compiled call: sizes, cones, and the registers of its numeric arguments. */
typedef struct expr_statics_desc_struct {
    int E, n, m;
    int *type, *start;   /* m each */
    int *reg;            /* registers: A (E n), b (E), then the cones' data */
    int nreg;
} expr_statics_desc;

/* 1 if e is a call statics_sign(...) (FN_USER). */
int expr_statics_is_call(const expr_t e);
/* Checks the layout of a call (the integers, the cones' blocks, the number
 * of arguments): 0, or -1 with err filled. On success *first is the index of
 * the first numeric argument (A's first entry). */
int expr_statics_layout(expr_statics_desc *d, int *first, const expr_t e, expr_error_t *err);
/* Number of data arguments of a cone type (0 for an unknown type). */
int expr_statics_ndata(int type);
void expr_statics_desc_clear(expr_statics_desc *d);

/* Executes the instruction: registers v with statuses st; writes y and its
 * status. search = 0: no certificate is sought (y = [-1, 1]). */
void expr_statics_step(const expr_statics_desc *d, arb_srcptr v, const unsigned char *st, arb_ptr y,
                       unsigned char *st_out, int search, slong prec);

/* The dense simplex of the search (exposed for the tests): maximise c.x
 * subject to A x <= b, x >= 0 (A is m x n, row-major). Returns 0 and x on
 * an optimum, 1 if infeasible, 2 if unbounded. Floating point only: its
 * answers are proposals that a caller must check. */
int expr_statics_lp(double *x, int m, int n, const double *A, const double *b, const double *c);

#endif
