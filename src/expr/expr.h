/* expr.h -- fricert's expression language: AST, parser, scope, compiled
 * ball evaluation with three-valued predicates, printers, derivative.
 *
 * Numbers written in a source are exact (fmpq); every evaluated number is an
 * Arb ball that contains the true value; every comparison is three-valued.
 */
#ifndef FC_EXPR_H
#define FC_EXPR_H

#include "fc_arb.h"
#include "fc_error.h"

/* Three-valued truth. */
typedef enum { EXPR_TV_FALSE = 0, EXPR_TV_TRUE = 1, EXPR_TV_UNKNOWN = 2 } expr_tv_t;

const char *expr_tv_name(expr_tv_t t); /* "false", "true", "unknown" */

/* ------------------------------------------------------------------ AST */

typedef enum {
    EXPR_NUM,      /* exact rational: num */
    EXPR_BALL,     /* certified constant ball (e.g. an isolated root): ball */
    EXPR_PI,
    EXPR_E,
    EXPR_VAR,      /* name */
    EXPR_NEG,      /* -a0 */
    EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_DIV, EXPR_POW, /* a0 op a1 */
    EXPR_FUNC,     /* name(a0, ..., a{n-1}); fn identifies builtins */
    EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE, EXPR_EQ, EXPR_NE, /* a0 op a1 */
    EXPR_TRUE, EXPR_FALSE,
    EXPR_NOT,      /* not a0 */
    EXPR_AND, EXPR_OR, EXPR_XOR, EXPR_IMPLIES, EXPR_IFF, /* a0 op a1 */
    EXPR_RANGE,    /* a0 .. a1, only as a function argument (root, argmax) */
    EXPR_EXISTS, EXPR_FORALL /* exists a0 in a1 .. a2 : a3 (a0 the bound EXPR_VAR) */
} expr_kind;

/* Builtin functions (EXPR_FUNC). FN_USER: unknown to the evaluator; a later
 * stage (alg, mech) must rewrite it before compilation. */
typedef enum {
    FN_SIN, FN_COS, FN_TAN, FN_COT, FN_ASIN, FN_ACOS, FN_ATAN, FN_ATAN2,
    FN_SINH, FN_COSH, FN_TANH, FN_EXP, FN_LOG, FN_SQRT, FN_CBRT,
    FN_ABS, FN_SIGN, FN_MIN, FN_MAX, FN_IF,
    FN_USER
} expr_fn;

typedef struct expr_node {
    expr_kind kind;
    expr_fn fn;             /* EXPR_FUNC only */
    int nargs;
    struct expr_node **args;
    fmpq_t num;             /* EXPR_NUM (initialised for every node) */
    arb_t ball;             /* EXPR_BALL (initialised for every node) */
    char *name;             /* EXPR_VAR, EXPR_FUNC */
    int line, col;          /* 1-based source position of the node */
} expr_node;

typedef expr_node *expr_t;

/* Builtin table lookup: returns FN_USER for a name that is not builtin;
 * *min_args, *max_args (max -1 = variadic) for builtins. */
expr_fn expr_fn_lookup(const char *name, int *min_args, int *max_args);
const char *expr_fn_name(expr_fn fn);

/* Constructors. Every constructor returns a fresh node owning its
 * children; line/col are 0 (unknown) unless set by the caller. */
expr_t expr_new(expr_kind kind);
expr_t expr_num_si(slong p, ulong q);
expr_t expr_num_fmpq(const fmpq_t q);
expr_t expr_var(const char *name);
expr_t expr_unary(expr_kind kind, expr_t a);
expr_t expr_binary(expr_kind kind, expr_t a, expr_t b);
expr_t expr_func(const char *name, int nargs, expr_t *args);
/* kind EXPR_EXISTS or EXPR_FORALL: "kind var in lo .. hi : pred". */
expr_t expr_quant(expr_kind kind, const char *var, expr_t lo, expr_t hi, expr_t pred);
expr_t expr_copy(const expr_t e);
void expr_free(expr_t e);

/* 1 if the node is boolean-valued (comparison, logic, true/false);
 * a variable's type is not known here (see expr_scope). */
int expr_is_bool_node(const expr_t e);

/* ---------------------------------------------------------- parsing */

/* Errors are fricert's one error type (base/fc_error.h): the parser and the
 * checker fill line, col (position of the error) and msg (what was expected
 * / what is wrong); the file is the caller's. */
typedef fc_error expr_error_t;

/* Parses src. The first character of src sits at (line, col); a newline
 * in src advances line and resets col to 1. On success returns the AST and
 * leaves err untouched; on failure returns NULL and fills err. */
expr_t expr_parse(const char *src, int line, int col, expr_error_t *err);

/* Parses one exact rational constant expression (no names): "1/3",
 * "0.1", "-2e-3". Returns 0 on success. Used for tolerances. */
int expr_parse_fmpq(fmpq_t out, const char *src);

/* ---------------------------------------------------------- scope */

/* A scope maps names to parameters (an index into the evaluation box) or to
 * definitions (an AST, numeric or boolean, borrowed from the caller). */
typedef struct expr_scope_struct expr_scope_struct;
typedef expr_scope_struct *expr_scope_t;

expr_scope_t expr_scope_new(void);
void expr_scope_free(expr_scope_t s);
/* Returns the parameter's index (0, 1, ... in order of addition) or -1 if
 * the name is taken. */
int expr_scope_add_param(expr_scope_t s, const char *name);
/* Adds a definition; def is borrowed and must outlive the scope. Returns 0,
 * or -1 if the name is taken. is_bool: the definition is a predicate. */
int expr_scope_add_def(expr_scope_t s, const char *name, expr_t def, int is_bool);
int expr_scope_nparams(const expr_scope_t s);
/* A new scope with the names of s (definitions still borrowed) and one more
 * parameter, name, whose index is expr_scope_nparams(s); NULL if name is
 * taken. Used for the bound variable of exists / forall. */
expr_scope_t expr_scope_extend(const expr_scope_t s, const char *name);
/* 1 if name is a keyword, a constant (pi, e, true, false) or a builtin function. */
int expr_name_reserved(const char *name);
const char *expr_scope_param_name(const expr_scope_t s, int index);
/* -1 if unknown, else 0 param / 1 numeric def / 2 boolean def; *index is the
 * parameter index for a param. */
int expr_scope_lookup(const expr_scope_t s, const char *name, int *index, expr_t *def);

/* Type-checks e in s: every name known, functions with the right number of
 * arguments, numbers where numbers belong and predicates where predicates
 * belong. want: 0 numeric, 1 boolean, -1 either. Returns 0 or fills err. */
int expr_check(const expr_t e, const expr_scope_t s, int want, expr_error_t *err);
/* 1 if e is boolean-valued in s (names resolved through s). */
int expr_is_bool(const expr_t e, const expr_scope_t s);

/* ---------------------------------------------------------- evaluation */

/* Domain status of a numeric result on a box. */
typedef enum {
    EXPR_DEFINED = 0,    /* defined on the whole box; the ball encloses the range */
    EXPR_PARTIAL = 1,    /* outside the domain on part of the box (or cannot tell) */
    EXPR_UNDEFINED = 2,  /* outside the domain on the whole box */
    EXPR_OVERFLOW = 3    /* reported only (expr_eval_status/_value/_once), never
                            combined: defined on the whole box (certified), but
                            no finite enclosure -- an overflow, e.g. exp(exp(1000)).
                            Treat it as EXPR_PARTIAL (unknown) everywhere except
                            in the wording of messages. */
} expr_status;

/* A compiled program: a flat instruction array for several roots that share
 * subexpressions (definitions are compiled once). Immutable after
 * compilation; one program may be evaluated by several threads, each with
 * its own expr_eval. */
typedef struct expr_prog_struct expr_prog_struct;
typedef expr_prog_struct *expr_prog_t;

/* Compiles roots (already checked with expr_check) in scope s. Returns NULL
 * and fills err if an expression cannot be compiled (e.g. FN_USER left). */
expr_prog_t expr_compile(expr_t *roots, int nroots, const expr_scope_t s, expr_error_t *err);
void expr_prog_free(expr_prog_t p);
int expr_prog_nroots(const expr_prog_t p);
int expr_prog_root_is_bool(const expr_prog_t p, int root);
int expr_prog_ninstr(const expr_prog_t p);
/* Quantifiers and extrema with data that vary (exists, forall, maxof, ...). */
int expr_prog_nquants(const expr_prog_t p);

/* Evaluation workspace for one program: preallocated balls, no allocation
 * per run. active[0..nactive-1] are the parameter indices over which the
 * tightening forms (mean value, monotonicity) work; the others are taken as
 * given balls. */
typedef struct expr_eval_struct expr_eval_struct;
typedef expr_eval_struct *expr_eval_t;

expr_eval_t expr_eval_new(const expr_prog_t p, const int *active, int nactive, slong prec);
void expr_eval_free(expr_eval_t ev);
void expr_eval_set_prec(expr_eval_t ev, slong prec);
slong expr_eval_prec(const expr_eval_t ev);

/* Evaluates every root on the box (one ball per parameter, box[i] for
 * parameter i). tighten = 0: natural interval extension only; tighten = 1:
 * also a mean-value form from forward-mode derivatives and endpoint
 * evaluation where a derivative has one sign, intersected with the natural
 * enclosure at every comparison. Guarantee: for every point of the box at
 * which a root is defined, its value lies in the ball reported, and a
 * predicate reported TRUE (FALSE) holds (fails) at every point of the box. */
void expr_eval_run(expr_eval_t ev, arb_srcptr box, int tighten);

/* Domain status of a root (numeric or boolean) after the last run:
 * EXPR_OVERFLOW where EXPR_PARTIAL comes only from values too large to
 * enclose (every operation certified inside its domain on the whole box). */
expr_status expr_eval_status(const expr_eval_t ev, int root);
/* Result of the last run for a numeric root: copies the ball into out and
 * returns expr_eval_status. For EXPR_UNDEFINED out is indeterminate. */
expr_status expr_eval_value(arb_t out, const expr_eval_t ev, int root);
/* Result of the last run for a boolean root. A predicate whose numbers are
 * EXPR_PARTIAL or EXPR_UNDEFINED is EXPR_TV_UNKNOWN unless logic decides it. */
expr_tv_t expr_eval_truth(const expr_eval_t ev, int root);
/* Number of instruction executions since creation (for statistics). */
ulong expr_eval_count(const expr_eval_t ev);

/* Convenience: evaluate a single checked expression at a box. */
expr_status expr_eval_once(arb_t out, expr_tv_t *truth, const expr_t e, const expr_scope_t s,
                           arb_srcptr box, slong prec);

/* Ball of the closed interval [lo, hi] (lo <= hi), containing it. */
void expr_interval_ball(arb_t out, const arb_t lo, const arb_t hi, slong prec);
/* Ball equal to [lo, hi] exactly when the half-width is representable as a
 * radius (e.g. dyadic cells), else the smallest enclosing one. */
void expr_interval_arf(arb_t out, const arf_t lo, const arf_t hi);

/* ---------------------------------------------------------- double-interval fast path */

/* The same evaluation in IEEE double interval arithmetic with outward
 * rounding (expr_fast.c says why it is sound), about ten times faster than
 * Arb at 64 bits and a little looser. The guarantee is expr_eval_run's: for
 * every point of the box [lo[i], hi[i]] at which a root is defined its value
 * lies in the interval reported, and a predicate reported TRUE (FALSE) holds
 * (fails) at every point of the box. Not every program has a fast path:
 * expr_fast_new returns NULL when p uses an operation it does not have
 * (exp, log, atan, general powers, ...; exists / forall / maxof / minof are
 * there when their conditions are). One expr_fast per thread. */
typedef struct expr_fast_struct expr_fast_struct;
typedef expr_fast_struct *expr_fast_t;

expr_fast_t expr_fast_new(const expr_prog_t p, const int *active, int nactive);
void expr_fast_free(expr_fast_t f);
/* lo[i] <= hi[i]: the closed box, one interval per parameter. */
void expr_fast_run(expr_fast_t f, const double *lo, const double *hi, int tighten);
expr_tv_t expr_fast_truth(const expr_fast_t f, int root);
/* Interval of a numeric root ([-inf, inf] when indeterminate) and its status. */
expr_status expr_fast_value(double *lo, double *hi, const expr_fast_t f, int root);
/* [*lo, *hi] contains the ball x (doubles rounded outward; +-inf if x is not finite). */
void expr_fast_enclose(double *lo, double *hi, const arb_t x);

/* ---------------------------------------------------------- printing */

/* Newly allocated strings (free with flint_free): plain text that the parser
 * reads back to the same AST, Unicode (θ, μ, ², √, ≤, ·) and LaTeX. */
char *expr_to_text(const expr_t e);
char *expr_to_unicode(const expr_t e);
char *expr_to_latex(const expr_t e);
/* Unicode / LaTeX form of a bare name: "theta" -> "θ", "mu_min" -> "μ_min"
 * (LaTeX "\theta", "\mu_{\mathrm{min}}"). */
char *expr_name_unicode(const char *name);
char *expr_name_latex(const char *name);

/* ---------------------------------------------------------- derivative */

/* Symbolic derivative d e / d var (numeric e only), with trivial
 * simplifications (0 + a, 1 * a, a^1, constant folding of rationals).
 * Definitions in s (if s != NULL) are differentiated through, i.e. a name
 * bound to a definition is expanded. Returns NULL and fills err if e is not
 * differentiable symbolically (sign, if, min, max, abs are handled as
 * piecewise: abs'(u) = sign(u) u', min/max/if via if(...)). */
expr_t expr_derivative(const expr_t e, const char *var, const expr_scope_t s, expr_error_t *err);
/* Returns a simplified copy (the same trivial rules). */
expr_t expr_simplify(const expr_t e);

#endif
