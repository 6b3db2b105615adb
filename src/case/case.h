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
    int line;
} case_plot;

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
    tv_t truth;          /* TRUTH */
    char *status;        /* CLAIM */
    char *text;          /* the line as written, for messages */
    int line;
} case_expect;

/* [claim NAME]: read and validated here; its meaning lives in src/alg. */
typedef struct {
    char *name;
    int nkeys;
    char **keys;         /* e.g. says, source, kind, claim, model, over */
    char **values;       /* raw text */
    int *lines;
    int line;
} case_claim;

/* [model NAME] and other model sections: read and kept as raw key/values for
 * src/mech; same shape as a claim. */
typedef case_claim case_section;

typedef struct {
    char *path;          /* as given */
    char *id;            /* file name without directory and .case */
    char sha256[65];     /* SHA-256 (hex) of the bytes that were read and parsed */
    char *title, *source, *template_name, *summary; /* summary may be NULL */
    int template_line, template_col; /* where template = is written (0: not written) */
    int nparams;   case_param *params;
    int ndefs;     case_def *defs;
    int nregions;  case_def *regions;
    int nplots;    case_plot *plots;
    int npoints;   case_point *points;
    int nexpect;   case_expect *expect;
    int nclaims;   case_claim *claims;
    int nmodels;   case_section *models;
    expr_scope_t scope;  /* parameters, then definitions and regions */
    slong prec;          /* working precision for enclosures (default 128) */
} case_t;

typedef struct {
    char file[4097];     /* a whole path (PATH_MAX), never cut */
    int line, col;
    char msg[512];
} case_error_t;

/* Formats "FILE:LINE:COL: message" into buf. */
void case_error_format(char *buf, size_t n, const case_error_t *err);

/* Reads and validates path. Returns 0 and fills c, or -1 and fills err
 * (nothing to clear then). */
int case_read(case_t *c, const char *path, case_error_t *err);
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
