/* mech.h -- model blocks: quantities derived from a mechanical model.
 *
 * A case section [model NAME] declares a mechanical model (coordinates,
 * velocities, constant mass matrix, forces, holonomic constraints, a
 * frictional contact or an impulsive contact). mech_model_build turns it
 * into named definitions (ASTs) built symbolically: derivatives by
 * expr_derivative, mass-matrix inverses exactly over Q when the matrix is
 * rational, else by adjugate / determinant ASTs. A determinant ball that
 * contains 0 on a box makes every quantity built from it UNKNOWN there (the
 * evaluator's division rule), which is how rank loss is reported.
 *
 * Keys (see README.md "Model blocks" for the full list and the names of
 * the derived quantities):
 *   type        = holonomic | contact | impulsive
 *   prefix      = NAME            (default: the section's NAME)
 *   coords      = q1, q2, ...     (parameter names, 1..6)
 *   velocities  = e1, e2, ...     (expressions in parameters, one per coordinate)
 *   time        = t               (optional parameter name; rheonomic data)
 *   mass        = diag(m1, ...) | [[...], [...], ...]
 *   force       = F1, F2, ...     (generalized forces, default 0)
 *   constraints = G1, G2, ...     (holonomic, up to 3; holonomic, contact)
 *   gap         = g_n             (contact, impulsive: normal gap / positional constraint)
 *   slip        = b1, b2, ...     (contact, impulsive: slip covector, slip velocity = b.v)
 *   friction    = mu              (contact)
 *   direction   = s               (contact: sign of the slip velocity, default sign(b.v))
 *   ...                           (impulsive: orientation, eps, mu_impulse, ... see README)
 */
#ifndef FC_MECH_H
#define FC_MECH_H

#include "expr/expr.h"

/* One KEY = VALUE entry of a [model NAME] section, as the case reader hands
 * it over: the value's text for parsing (continuation lines keep their
 * indentation) and the positions of the key and of the value's first
 * character. */
typedef struct {
    const char *key;
    int key_line, key_col;
    const char *value;
    int line, col;
} mech_entry;

/* A [model NAME] section: its name, the header's line and its entries.
 * For `fricert check` only (check = 1), points holds the case's [point]
 * sections (name and entries), so that a model whose full computation is
 * long may compute only what the checks at those points need (a
 * zod_return_map plane refines only the grid cells holding a point). */
typedef struct mech_section {
    const char *name;
    int line;
    int nentries;
    const mech_entry *entries;
    int check;
    int npoints;
    const struct mech_section *points;
} mech_section;

/* One derived quantity: a numeric or boolean definition. e may refer to
 * parameters and to earlier entries of the same array (by name). */
typedef struct {
    char *name;
    expr_t e;
    int is_bool;
    int line;            /* line of the [model] section header */
    char *constraint;    /* NULL, or the model's constraint this quantity states: it must vanish at
                            every configuration the case evaluates (e.g. "G1 = 0", "Gdot1 = 0",
                            "gap = 0"); the runner checks it (README "Model constraints") */
} mech_def;

/* Builds the derived quantities of one [model] section. Names referenced
 * by the model (coordinates, velocities, time, parameters inside
 * expressions) are resolved in s, which must already hold the case's
 * parameters (and may hold earlier models' definitions). s is not
 * modified. On success returns 0 and sets *defs (flint_malloc'ed, free with
 * mech_defs_free) and *ndefs; the caller adds them to the scope IN ORDER
 * with expr_scope_add_def (the ASTs are borrowed by the scope, so keep the
 * array alive as long as the scope). On failure returns -1, fills err with
 * file, line, column and message, and sets *defs = NULL, *ndefs = 0. */
int mech_model_build(mech_def **defs, int *ndefs, const mech_section *sec,
                     const char *file, expr_scope_t s, fc_error *err);

/* Frees an array returned by mech_model_build (NULL allowed). */
void mech_defs_free(mech_def *defs, int ndefs);

/* Threads a model block may use for work it splits (the cells of a
 * zod_return_map plane); 1 (the default) runs everything in the calling
 * thread. The definitions built are the same for every count. Process-wide:
 * set it before reading cases, not while one is read. */
void mech_set_threads(int n);

#endif
