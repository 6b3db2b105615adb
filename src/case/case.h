/* case.h -- the case model: what a case file says, validated.
 *
 * A case is read from an INI file (libinih); every value is a fricert
 * expression. After case_read succeeds, every expression is parsed and
 * type-checked in the case's scope, names are unique, definitions are in
 * order and acyclic, ranges have LO <= HI (certified), and every reference
 * (plot axes, region subsets, expect targets, points) exists.
 */
#ifndef FC_CASE_H
#define FC_CASE_H

#include "expr/expr.h"

typedef struct {
    char *name;
    char *desc;          /* text after ':' (may be "") */
    char *unit;          /* text inside [...] after the description (may be "") */
    int is_range;        /* 0: value, 1: lo .. hi */
    expr_t value;        /* is_range == 0 */
    expr_t lo, hi;       /* is_range == 1 */
    arb_t value_ball;    /* enclosure of value, or of [lo, hi] (at case prec) */
    arb_t lo_ball, hi_ball;
    int line;
} case_param;

typedef struct {
    char *name;
    expr_t e;
    int is_bool;
    int line;
    char *constraint;    /* a model's constraint that must vanish ("G1 = 0"), or NULL */
} case_def;          /* a [define] entry or a [regions] entry */

typedef struct {
    char *name;          /* from [plot NAME] */
    char *title;         /* may be NULL */
    int x, y;            /* parameter indices */
    expr_t x_lo, x_hi, y_lo, y_hi; /* the plot box (narrowed or the parameter's range) */
    char *x_label, *y_label;       /* may be NULL: use name and unit */
    int depth;           /* default 10 */
    long max_cells;      /* 0: no limit */
    double seconds;      /* 0: no limit */
    int nregions;        /* regions shown: indices into case.regions */
    int *regions;
    char **colours;      /* per shown region: "#rrggbb" or NULL */
    /* a multi-label plot (`labels = A, B, ...`, instead of regions): each
       cell carries the certified truth of every label (boolean definitions
       or regions, by name); nregions is then 0 */
    int nlabels;
    char **labels;
    int nfix;            /* fix.NAME = VALUE: plot-level values of non-axis parameters */
    int *fix_param;      /* parameter indices */
    expr_t *fix_value;   /* numeric, in the parameters other than the fixed ones (may use the axes) */
    int *fix_line;
    int line;
} case_plot;

/* Most labels of a multi-label plot (its cells are paved over the 2^n
 * combinations). */
#define CASE_PLOT_MAX_LABELS 10

typedef struct {
    char *name;          /* from [point NAME] */
    int nset;            /* parameter assignments that override the case's values */
    int *set_param;      /* parameter indices */
    expr_t *set_value;   /* exact values */
    int line;
} case_point;

typedef enum {
    CASE_EXPECT_VALUE,   /* NAME@POINT = VALUE +/- TOL : the enclosure lies inside */
    CASE_EXPECT_TRUTH,   /* NAME@POINT = true|false|unknown (a region or boolean def) */
    CASE_EXPECT_CLAIM    /* claim.NAME = proved|refuted|consistent|inconclusive */
} case_expect_kind;

typedef struct {
    case_expect_kind kind;
    char *target;        /* quantity/region/def name, or claim name */
    int point;           /* index into points; -1: the case's own values (no @) */
    expr_t value;        /* VALUE (VALUE) */
    fmpq_t tol;          /* TOL >= 0 (VALUE) */
    expr_tv_t truth;          /* TRUTH */
    char *status;        /* CLAIM */
    char *text;          /* the line as written, for messages */
    int line;
} case_expect;

typedef enum {
    CASE_CLAIM_EQUIVALENT,   /* claim <=> model (the default) */
    CASE_CLAIM_IMPLIES,      /* claim => model */
    CASE_CLAIM_IMPLIED_BY,   /* model => claim */
    CASE_CLAIM_THRESHOLD,    /* (exists over: model) <=> claim */
    CASE_CLAIM_IDENTITY      /* claim == model as numbers on the case's box */
} case_claim_kind;

/* [display] NAME = TEXT: how a name is shown (grammar: case_display.h), checked. */
typedef struct {
    char *name, *text;
} case_display_entry;

/* [claim NAME], resolved once by the reader: its predicates parsed and
 * checked in the case's scope, its parameters as indices; its meaning lives
 * in src/claim. Positions are where each value is written (line, column). */
typedef struct {
    char *name;
    int line, col;           /* the section header */
    case_claim_kind kind;
    char *says, *source;     /* as written (quotes kept), or NULL */
    expr_t claim, model;     /* boolean (numeric for kind = identity), checked; NULL when absent */
    int claim_line, claim_col, model_line, model_col;
    int nover;               /* over = a[, b, ...]: range parameters (0: not given) */
    int *over;
    int over_line, over_col;
    int param;               /* param = NAME: a range parameter, or -1 */
    int param_line, param_col;
    int depth;               /* depth = D (1..24), or 0 */
    int depth_line, depth_col;
} case_claim;

/* "equivalent", "implies", "implied_by", "threshold" or "identity". */
const char *case_claim_kind_name(case_claim_kind k);

typedef struct {
    char *path;          /* as given */
    char *id;            /* file name without directory and .case */
    char sha256[65];     /* SHA-256 (hex) of the bytes that were read and parsed */
    char *title, *source, *template_name, *summary; /* summary may be NULL */
    char *references;    /* [case] references: one reference per line (NULL: none) */
    int template_line, template_col; /* where template = is written (0: not written) */
    int nparams;   case_param *params;
    int ndefs;     case_def *defs;
    int nregions;  case_def *regions;
    int nplots;    case_plot *plots;
    int npoints;   case_point *points;
    int nexpect;   case_expect *expect;
    int nclaims;   case_claim *claims;
    int ndisplay;  case_display_entry *display; /* [display], in order; NULL if absent */
    int ninclude;        /* [case] include = A.defs, ...: the files as opened (case folder + name) */
    char **include;
    char **include_name; /* each as written (relative to the case's folder) */
    char (*include_sha256)[65];   /* SHA-256 (hex) of each one's bytes read and parsed */
    expr_scope_t scope;  /* parameters, then definitions and regions */
    slong prec;          /* working precision for enclosures (default 128) */
    int check;           /* read by case_read_check: for `fricert check` only */
} case_t;

/* The case reader's errors: fricert's one error type (FILE:LINE:COL, message;
 * format with fc_error_format). */
typedef fc_error case_error_t;

/* Reads and validates path. Returns 0 and fills c, or -1 and fills err
 * (nothing to clear then). */
int case_read(case_t *c, const char *path, case_error_t *err);
/* The same for `fricert check`: the [expect] lines, claims and plots read
 * the same, but model blocks may compute their planes only where the case's
 * [point]s lie (zod_return_map: see mech_zod.c), so a plot drawn from such a
 * case shows "undecided" elsewhere; a report must use case_read. */
int case_read_check(case_t *c, const char *path, case_error_t *err);
void case_clear(case_t *c);

/* Index of a parameter / definition / region / point by name, or -1. */
int case_param_index(const case_t *c, const char *name);
int case_def_index(const case_t *c, const char *name);
int case_region_index(const case_t *c, const char *name);
int case_point_index(const case_t *c, const char *name);

/* Box of the case's parameters at a point (point = -1: the case's own
 * values and ranges): box[i] encloses parameter i. box has c->nparams
 * initialised balls. */
void case_point_box(arb_ptr box, const case_t *c, int point, slong prec);

#endif
