/* mech_impl.h -- internals of the model blocks (not part of the API). */
#ifndef FC_MECH_IMPL_H
#define FC_MECH_IMPL_H

#include "mech/mech.h"

#define MECH_MAX_N 6      /* coordinates */
#define MECH_MAX_K 3      /* holonomic constraints */

/* Collects the derived definitions of one model. partial[i] is 1 when the
 * definition may be undefined on part of a box (a division by a
 * non-constant, a sqrt, ...): products with an exact 0 are then kept, so
 * that the domain of the result is never silently enlarged. */
typedef struct {
    const char *prefix;
    mech_def *defs;
    int *partial;
    int n, alloc;
    int line;
    expr_scope_t scope;
} mech_builder;

/* A dense matrix of ASTs, row-major; entries are owned. */
typedef struct {
    int r, c;
    expr_t *e;
} mech_mat;

#define MECH_ENTRY(M, i, j) ((M)->e[(i) * (M)->c + (j)])

/* ------------------------------------------------ mech_sym.c */
int mech_may_fail(const mech_builder *b, const expr_t e);
expr_t mech_num(slong p, ulong q);
expr_t mech_add(const mech_builder *b, expr_t x, expr_t y);
expr_t mech_sub(const mech_builder *b, expr_t x, expr_t y);
expr_t mech_mul(const mech_builder *b, expr_t x, expr_t y);
expr_t mech_div(const mech_builder *b, expr_t x, expr_t y);
expr_t mech_neg(expr_t x);
expr_t mech_sq(const mech_builder *b, expr_t x);
expr_t mech_fn1(const char *name, expr_t x);
expr_t mech_if(expr_t c, expr_t x, expr_t y);
expr_t mech_cmp(expr_kind k, expr_t x, expr_t y);

/* Adds PREFIX_SUFFIX = e (takes e); returns a fresh reference (VAR) to it. */
expr_t mech_emit(mech_builder *b, const char *suffix, expr_t e, int is_bool);
/* Same, without returning a reference. */
void mech_emit0(mech_builder *b, const char *suffix, expr_t e, int is_bool);
/* Marks the last emitted definition as a constraint that must vanish; text
 * names it in messages (copied). */
void mech_mark_constraint(mech_builder *b, const char *text);
/* A reference to a definition to be, or already, emitted. */
expr_t mech_ref(const mech_builder *b, const char *suffix);

/* ------------------------------------------------ mech_mat.c */
void mech_mat_init(mech_mat *m, int r, int c);   /* all entries exact 0 */
void mech_mat_clear(mech_mat *m);
void mech_mat_set(mech_mat *m, int i, int j, expr_t e);  /* takes e */
/* out = a * b (fresh), out = a^T, out = a - b, out = a + b. */
void mech_mat_mul(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b);
void mech_mat_transpose(mech_mat *out, const mech_mat *a);
void mech_mat_sub(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b);
void mech_mat_add(mech_mat *out, const mech_builder *bd, const mech_mat *a, const mech_mat *b);
void mech_mat_copy(mech_mat *out, const mech_mat *a);
/* Inverse of a square matrix: exact over Q when every entry is a rational
 * (fails with -1 if singular), 1/d_ii when diagonal, else adjugate over
 * determinant for n <= 3 (the determinant is emitted as PREFIX_NAME so a
 * ball containing 0 makes every entry undefined). Returns 0, or -1 with a
 * message in msg. */
int mech_mat_inv(mech_mat *out, mech_builder *b, const mech_mat *a, const char *detname,
                 char *msg, size_t nmsg);

/* ------------------------------------------------ mech_parse.c */
typedef struct {
    int ncoords;
    char *coords[MECH_MAX_N];
    expr_t vel[MECH_MAX_N];
    char *time;                   /* NULL: scleronomic */
    mech_mat mass;
    expr_t force[MECH_MAX_N];
    int ncons;
    expr_t cons[MECH_MAX_K];
    expr_t gap;                   /* NULL if absent */
    int nslip;
    expr_t slip[MECH_MAX_N];
    expr_t friction, direction;   /* NULL if absent */
} mech_model;

/* Key lookup in a section: index or -1. */
int mech_key(const mech_section *sec, const char *key);
/* Parses the value of key i as one expression / a list; fills err. */
expr_t mech_parse_expr(const mech_section *sec, int i, const char *file, expr_scope_t s,
                       fc_error *err);
int mech_parse_list(expr_t *out, int max, const mech_section *sec, int i, const char *file,
                    expr_scope_t s, int names_only, fc_error *err);
/* Parses the common keys (coords, velocities, time, mass, force,
 * constraints, gap, slip, friction, direction). */
int mech_model_parse(mech_model *m, const mech_section *sec, const char *file, expr_scope_t s,
                     fc_error *err);
void mech_model_clear(mech_model *m);

/* ------------------------------------------------ mech_kin.c */
/* Jacobian row dG/dq (1 x n), dG/dt, and the velocity-quadratic part
 * h = G_tt + 2 G_tq[v] + G_qq[v,v]. Returns -1 and fills msg on failure. */
int mech_jacobian(mech_mat *row, expr_t *gt, expr_t *h, const mech_builder *b, const mech_model *m,
                  const expr_t g, char *msg, size_t nmsg);
/* Inverse mass matrix. */
int mech_minv(mech_mat *out, mech_builder *b, const mech_model *m, char *msg, size_t nmsg);

/* ------------------------------------------------ mech_holo.c */
/* The holonomic constraints of a model: J = DG (k x n), G_t, the quadratic
 * parts h, C = J M^-1 J^T and its inverse; emits PREFIX_C.., PREFIX_detC. */
typedef struct {
    int k;
    mech_mat J, MinvJT, Cinv;
    expr_t gt[MECH_MAX_K], h[MECH_MAX_K];
} mech_cons;

int mech_cons_build(mech_cons *cd, mech_builder *b, const mech_model *m, const mech_mat *Minv,
                    char *msg, size_t nmsg);
void mech_cons_clear(mech_cons *cd);

/* ------------------------------------------------ blocks */
int mech_holonomic(mech_builder *b, const mech_model *m, char *msg, size_t nmsg);
int mech_contact(mech_builder *b, const mech_model *m, char *msg, size_t nmsg);
/* type = zod_return_map (mech_zod.c): fills b, or returns -1 with err set. */
int mech_zod(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err);
/* The constant value of key K of SEC as a ball (DEF when the key is absent; DEF NULL: the key is
 * required); WANT_EXACT: an exact rational. Returns -1 with err set on a bad value (mech_zod.c). */
int mech_const_key(arb_t out, const mech_section *sec, const char *k, const char *def, const char *file,
                   fc_error *err, int want_exact);
/* A piecewise tree (nested if) over the cells [i0, i1) x [j0, j1) of a grid of sub-expressions SUB
 * (taken), split at the exact grid lines XS, YS of the variables XN, YN (mech_zod.c). */
expr_t mech_grid_tree(expr_t *sub, int grid, int i0, int i1, int j0, int j1, const char *xn,
                      const char *yn, const fmpq *xs, const fmpq *ys);
/* type = zod_growth (mech_zod_growth.c): sup G over a range of slopes; fills b, or returns -1 with err set. */
int mech_zod_growth(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err);
/* type = statics (mech_statics.c): fills b, or returns -1 with err set. */
int mech_statics(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err);
int mech_impulsive(mech_builder *b, const mech_model *m, const mech_section *sec, const char *file,
                   fc_error *err);

#endif
