/* test_expr_print.c -- printers: exact expected strings for chosen trees
 * (text, Unicode, LaTeX, names), and the text round trip on random trees:
 * tree -> text -> expr_parse -> the same tree (numbers compared in the form
 * the parser produces) and the same text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "fc_test.h"
#include "expr/expr.h"

/* ------------------------------------------------------------ builders */

static expr_t V(const char *n) { return expr_var(n); }
static expr_t N(slong p) { return expr_num_si(p, 1); }
static expr_t Q(slong p, ulong q) { return expr_num_si(p, q); }
static expr_t B(expr_kind k, expr_t a, expr_t b) { return expr_binary(k, a, b); }
static expr_t U(expr_kind k, expr_t a) { return expr_unary(k, a); }
static expr_t F1(const char *f, expr_t a) { return expr_func(f, 1, &a); }
static expr_t F2(const char *f, expr_t a, expr_t b)
{
    expr_t x[2] = {a, b};
    return expr_func(f, 2, x);
}
static expr_t F3(const char *f, expr_t a, expr_t b, expr_t c)
{
    expr_t x[3] = {a, b, c};
    return expr_func(f, 3, x);
}
static expr_t K(expr_kind k) { return expr_new(k); }

/* Checks the three forms of e (NULL: not checked), then frees e. */
static void check3(expr_t e, const char *text, const char *uni, const char *tex)
{
    char *s;
    if (text) {
        s = expr_to_text(e);
        if (strcmp(s, text)) print_error("text:    got '%s' want '%s'\n", s, text);
        assert_string_equal(s, text);
        flint_free(s);
    }
    if (uni) {
        s = expr_to_unicode(e);
        if (strcmp(s, uni)) print_error("unicode: got '%s' want '%s'\n", s, uni);
        assert_string_equal(s, uni);
        flint_free(s);
    }
    if (tex) {
        s = expr_to_latex(e);
        if (strcmp(s, tex)) print_error("latex:   got '%s' want '%s'\n", s, tex);
        assert_string_equal(s, tex);
        flint_free(s);
    }
    expr_free(e);
}

/* 1 + 3 cos(theta)^2 - 3 mu sin(theta) cos(theta), as the parser builds it */
static expr_t rod(void)
{
    return B(EXPR_SUB, B(EXPR_ADD, N(1), B(EXPR_MUL, N(3), B(EXPR_POW, F1("cos", V("theta")), N(2)))),
             B(EXPR_MUL, B(EXPR_MUL, B(EXPR_MUL, N(3), V("mu")), F1("sin", V("theta"))),
               F1("cos", V("theta"))));
}

static void test_rod(void **state)
{
    (void) state;
    check3(rod(), "1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)",
           "1 + 3·cos(θ)² - 3μ·sin(θ)·cos(θ)",
           "1 + 3 \\cdot \\cos^{2}\\theta - 3\\mu \\cdot \\sin\\theta \\cdot \\cos\\theta");
}

static void test_numbers(void **state)
{
    (void) state;
    check3(N(3), "3", "3", "3");
    check3(N(-3), "-3", "-3", "-3");
    check3(Q(3, 4), "3/4", "3/4", "\\frac{3}{4}");
    check3(Q(-3, 4), "-3/4", "-3/4", "-\\frac{3}{4}");
    check3(B(EXPR_MUL, Q(3, 4), V("x")), "(3/4)*x", "(3/4)·x", "\\frac{3}{4} \\cdot x");
    check3(B(EXPR_MUL, V("x"), Q(3, 4)), "x*(3/4)", "x·(3/4)", "x \\cdot \\frac{3}{4}");
    check3(B(EXPR_DIV, V("x"), Q(3, 4)), "x/(3/4)", "x/(3/4)", "\\frac{x}{\\frac{3}{4}}");
    check3(B(EXPR_POW, V("x"), Q(1, 3)), "x^(1/3)", "x^(1/3)", "x^{\\frac{1}{3}}");
    check3(B(EXPR_POW, Q(1, 2), V("x")), "(1/2)^x", "(1/2)^x",
           "\\left(\\frac{1}{2}\\right)^{x}");
    check3(B(EXPR_ADD, V("x"), Q(3, 4)), "x + 3/4", "x + 3/4", "x + \\frac{3}{4}");
    check3(B(EXPR_SUB, V("x"), N(-3)), "x - (-3)", "x - (-3)", "x - \\left(-3\\right)");
    check3(B(EXPR_ADD, V("x"), Q(-3, 4)), "x + (-3/4)", "x + (-3/4)",
           "x + \\left(-\\frac{3}{4}\\right)");
    check3(B(EXPR_MUL, N(-2), V("x")), "-2*x", "-2·x", "-2 \\cdot x");
    check3(B(EXPR_POW, N(-2), N(2)), "(-2)^2", "(-2)²", "\\left(-2\\right)^{2}");
    check3(U(EXPR_NEG, Q(3, 4)), "-(3/4)", "-(3/4)", "-\\frac{3}{4}");
    /* the parser's form of 3/4 prints like the number 3/4 */
    check3(B(EXPR_MUL, B(EXPR_DIV, N(3), N(4)), V("x")), "(3/4)*x", "(3/4)·x",
           "\\frac{3}{4} \\cdot x");
    check3(B(EXPR_DIV, K(EXPR_PI), N(2)), "pi/2", "π/2", "\\frac{\\pi}{2}");
    check3(B(EXPR_MUL, N(2), K(EXPR_PI)), "2*pi", "2π", "2\\pi");
    check3(B(EXPR_MUL, N(2), B(EXPR_POW, V("x"), N(2))), "2*x^2", "2x²", "2x^{2}");
    check3(B(EXPR_MUL, N(12), V("theta")), "12*theta", "12θ", "12\\theta");
    check3(B(EXPR_MUL, V("x"), N(2)), "x*2", "x·2", "x \\cdot 2");
    check3(K(EXPR_E), "e", "e", "e");
}

/* s read back by Arb contains x (an independent check of an enclosure) */
static void assert_encloses(const char *s, const arb_t x)
{
    arb_t y;
    arb_init(y);
    assert_int_equal(arb_set_str(y, s, 256), 0);
    assert_true(arb_contains(y, x));
    arb_clear(y);
}

static void test_ball(void **state)
{
    expr_t e = K(EXPR_BALL), f, e2;
    char *s;
    arb_t x, y;
    (void) state;
    arb_init(x);
    arb_init(y);
    arb_sqrt_ui(e->ball, 2, 128);
    s = expr_to_text(e);
    /* sqrt(2) = 1.41421356237309504880168...: an enclosure with 20 digits
       (a bare midpoint, "1.4142135623730950488", does not contain it) */
    assert_true(strncmp(s, "[1.4142135623730950488 +/- ", 27) == 0);
    arb_sqrt_ui(y, 2, 128);
    assert_encloses(s, y);
    flint_free(s);
    s = expr_to_unicode(e);
    assert_true(strncmp(s, "[1.4142136 \xc2\xb1 ", 14) == 0);
    flint_free(s);
    s = expr_to_latex(e);
    assert_true(strncmp(s, "[1.4142136 \\pm ", 15) == 0 && strstr(s, "\\cdot 10^{-") != NULL);
    flint_free(s);

    /* a double that 20 digits do not show exactly is an enclosure too */
    f = K(EXPR_BALL);
    arb_set_d(f->ball, 0.1);
    s = expr_to_text(f);
    assert_true(s[0] == '[');
    assert_encloses(s, f->ball);
    flint_free(s);
    expr_free(f);

    f = K(EXPR_BALL);
    arb_set_str(f->ball, "-1.25e-7", 128);
    s = expr_to_text(f);
    assert_encloses(s, f->ball);
    flint_free(s);
    e2 = B(EXPR_SUB, V("x"), f);   /* bracketed: no parentheses around a negative one */
    s = expr_to_text(e2);
    assert_true(strncmp(s, "x - [-1.2500000000000000000e-7 +/- ", 35) == 0);
    assert_encloses(s + 4, f->ball);
    flint_free(s);
    s = expr_to_unicode(e2);
    assert_true(strstr(s, "[\xe2\x88\x92" "1.2500000e-7 \xc2\xb1 ") != NULL);
    flint_free(s);
    s = expr_to_latex(e2);
    assert_true(strstr(s, "[-1.2500000 \\cdot 10^{-7} \\pm ") != NULL);
    flint_free(s);
    expr_free(e2);
    f = K(EXPR_BALL);
    arb_set_d(f->ball, 0.5);
    check3(f, "0.5", "0.5", "0.5");
    f = K(EXPR_BALL);
    arb_set_si(f->ball, -5);
    arb_mul_2exp_si(f->ball, f->ball, -3);   /* exact, shown exactly: -0.625 */
    expr_free(e);
    e = f;
    s = expr_to_text(e);
    assert_string_equal(s, "-0.625");
    assert_encloses(s, e->ball);
    flint_free(s);
    expr_free(e);
    arb_clear(x);
    arb_clear(y);
}

static void test_structure(void **state)
{
    (void) state;
    check3(B(EXPR_SUB, V("a"), B(EXPR_SUB, V("b"), V("c"))), "a - (b - c)", "a - (b - c)",
           "a - \\left(b - c\\right)");
    check3(B(EXPR_SUB, B(EXPR_SUB, V("a"), V("b")), V("c")), "a - b - c", "a - b - c", "a - b - c");
    check3(B(EXPR_MUL, B(EXPR_ADD, V("a"), V("b")), V("c")), "(a + b)*c", "(a + b)·c",
           "\\left(a + b\\right) \\cdot c");
    check3(B(EXPR_DIV, B(EXPR_ADD, V("a"), V("b")), V("c")), "(a + b)/c", "(a + b)/c",
           "\\frac{a + b}{c}");
    check3(B(EXPR_DIV, V("a"), B(EXPR_MUL, V("b"), V("c"))), "a/(b*c)", "a/(b·c)",
           "\\frac{a}{b \\cdot c}");
    check3(B(EXPR_DIV, B(EXPR_MUL, V("a"), V("b")), V("c")), "a*b/c", "a·b/c",
           "\\frac{a \\cdot b}{c}");
    check3(U(EXPR_NEG, B(EXPR_POW, V("x"), N(2))), "-x^2", "-x²", "-x^{2}");
    check3(B(EXPR_POW, U(EXPR_NEG, V("x")), N(2)), "(-x)^2", "(-x)²", "\\left(-x\\right)^{2}");
    check3(B(EXPR_POW, B(EXPR_POW, V("x"), N(2)), N(3)), "(x^2)^3", "(x²)³",
           "\\left(x^{2}\\right)^{3}");
    check3(B(EXPR_POW, V("x"), B(EXPR_POW, V("y"), V("z"))), "x^y^z", "x^(y^z)", "x^{y^{z}}");
    check3(B(EXPR_POW, V("x"), U(EXPR_NEG, N(2))), "x^(-2)", "x⁻²", "x^{-2}");
    check3(B(EXPR_POW, V("x"), N(10)), "x^10", "x¹⁰", "x^{10}");
    check3(B(EXPR_POW, V("x"), B(EXPR_ADD, V("a"), N(1))), "x^(a + 1)", "x^(a + 1)", "x^{a + 1}");
    check3(U(EXPR_NEG, U(EXPR_NEG, V("a"))), "--a", "-(-a)", "-\\left(-a\\right)");
    check3(B(EXPR_MUL, V("a"), U(EXPR_NEG, V("b"))), "a*(-b)", "a·(-b)", "a \\cdot \\left(-b\\right)");
    check3(U(EXPR_NEG, B(EXPR_ADD, V("a"), V("b"))), "-(a + b)", "-(a + b)", "-\\left(a + b\\right)");
}

static void test_functions(void **state)
{
    (void) state;
    check3(F1("sqrt", B(EXPR_ADD, N(1), B(EXPR_POW, V("x"), N(2)))), "sqrt(1 + x^2)", "√(1 + x²)",
           "\\sqrt{1 + x^{2}}");
    check3(F1("sqrt", V("theta")), "sqrt(theta)", "√θ", "\\sqrt{\\theta}");
    check3(B(EXPR_POW, F1("sqrt", V("x")), N(2)), "sqrt(x)^2", "(√x)²", "\\sqrt{x}^{2}");
    check3(F1("cbrt", N(2)), "cbrt(2)", "∛2", "\\sqrt[3]{2}");
    check3(F1("abs", B(EXPR_SUB, V("x"), N(1))), "abs(x - 1)", "|x - 1|", "\\left|x - 1\\right|");
    check3(F1("sign", V("x")), "sign(x)", "sign(x)", "\\operatorname{sign}\\left(x\\right)");
    check3(F2("min", V("a"), V("b")), "min(a, b)", "min(a, b)", "\\min\\left(a, b\\right)");
    check3(F2("max", V("a"), N(0)), "max(a, 0)", "max(a, 0)", "\\max\\left(a, 0\\right)");
    check3(F1("exp", B(EXPR_MUL, N(2), V("x"))), "exp(2*x)", "exp(2x)", "e^{2x}");
    check3(F1("log", V("x")), "log(x)", "log(x)", "\\ln x");
    check3(F1("atan", N(2)), "atan(2)", "atan(2)", "\\arctan\\left(2\\right)");
    check3(F2("atan2", V("y"), V("x")), "atan2(y, x)", "atan2(y, x)",
           "\\operatorname{atan2}\\left(y, x\\right)");
    check3(F1("cos", B(EXPR_ADD, V("theta"), N(1))), "cos(theta + 1)", "cos(θ + 1)",
           "\\cos\\left(\\theta + 1\\right)");
    check3(B(EXPR_POW, F1("sin", B(EXPR_MUL, N(2), V("x"))), N(2)), "sin(2*x)^2", "sin(2x)²",
           "\\sin^{2}\\left(2x\\right)");
    check3(B(EXPR_POW, F1("cos", V("x")), V("y")), "cos(x)^y", "cos(x)^y",
           "\\left(\\cos x\\right)^{y}");
    check3(F3("if", B(EXPR_LT, V("x"), N(0)), U(EXPR_NEG, V("x")), V("x")), "if(x < 0, -x, x)",
           "if(x < 0, -x, x)",
           "\\begin{cases} -x & \\text{if } x < 0 \\\\ x & \\text{otherwise} \\end{cases}");
    check3(F2("root", V("f"), B(EXPR_RANGE, N(0), N(1))), "root(f, 0 .. 1)", "root(f, 0 .. 1)",
           "\\operatorname{root}\\left(f, 0 \\ldots 1\\right)");
    check3(F1("my_fn", V("x")), "my_fn(x)", "my_fn(x)", "\\operatorname{my\\_fn}\\left(x\\right)");
}

static void test_logic(void **state)
{
    (void) state;
    check3(B(EXPR_AND, B(EXPR_LE, V("x"), N(1)), U(EXPR_NOT, B(EXPR_GE, V("y"), N(2)))),
           "x <= 1 and not y >= 2", "x ≤ 1 ∧ ¬(y ≥ 2)", "x \\le 1 \\land \\lnot \\left(y \\ge 2\\right)");
    check3(B(EXPR_OR, B(EXPR_NE, V("a"), V("b")), B(EXPR_EQ, V("a"), N(0))), "a != b or a == 0",
           "a ≠ b ∨ a = 0", "a \\neq b \\lor a = 0");
    check3(B(EXPR_AND, B(EXPR_OR, K(EXPR_TRUE), V("p")), V("q")), "(true or p) and q",
           "(true ∨ p) ∧ q", "\\left(\\mathrm{true} \\lor p\\right) \\land q");
    check3(B(EXPR_IMPLIES, V("p"), B(EXPR_IMPLIES, V("q"), V("r"))), "p implies q implies r",
           "p ⇒ q ⇒ r", "p \\Rightarrow q \\Rightarrow r");
    check3(B(EXPR_IMPLIES, B(EXPR_IMPLIES, V("p"), V("q")), V("r")), "(p implies q) implies r",
           "(p ⇒ q) ⇒ r", "\\left(p \\Rightarrow q\\right) \\Rightarrow r");
    check3(B(EXPR_IFF, V("p"), B(EXPR_IFF, V("q"), V("r"))), "p iff (q iff r)", "p ⇔ (q ⇔ r)", NULL);
    check3(B(EXPR_IFF, B(EXPR_IFF, V("p"), V("q")), V("r")), "p iff q iff r", "p ⇔ q ⇔ r", NULL);
    check3(B(EXPR_XOR, V("p"), B(EXPR_AND, V("q"), K(EXPR_FALSE))), "p xor q and false",
           "p ⊻ q ∧ false", "p \\oplus q \\land \\mathrm{false}");
    check3(U(EXPR_NOT, U(EXPR_NOT, V("p"))), "not not p", "¬(¬p)", NULL);
    check3(B(EXPR_LT, B(EXPR_LT, V("a"), V("b")), V("c")), "(a < b) < c", NULL, NULL);
}

static void test_names(void **state)
{
    static const char *cases[][3] = {
        {"theta", "θ", "\\theta"},          {"mu_min", "μ_min", "\\mu_{\\mathrm{min}}"},
        {"theta0", "θ0", "\\theta_{0}"},     {"A0", "A0", "A_{0}"},
        {"x", "x", "x"},                     {"Vx", "Vx", "\\mathit{Vx}"},
        {"x_1", "x_1", "x_{1}"},             {"omega_n", "ω_n", "\\omega_{n}"},
        {"Omega", "Ω", "\\Omega"},           {"x1_max", "x1_max", "x_{1,\\mathrm{max}}"},
        {"a_phi", "a_phi", "a_{\\varphi}"},  {"thetas", "thetas", "\\mathit{thetas}"},
        {"x1y", "x1y", "\\mathit{x1y}"},     {"theta_dot_0", "θ_dot_0", "\\theta_{\\mathrm{dot\\_0}}"},
        {"lambda2", "λ2", "\\lambda_{2}"},
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *u = expr_name_unicode(cases[i][0]), *t = expr_name_latex(cases[i][0]);
        if (strcmp(u, cases[i][1]) || strcmp(t, cases[i][2]))
            print_error("%s: got '%s' '%s'\n", cases[i][0], u, t);
        assert_string_equal(u, cases[i][1]);
        assert_string_equal(t, cases[i][2]);
        flint_free(u);
        flint_free(t);
    }
}

/* ------------------------------------------------------------ round trip */

static flint_rand_t rnd;

static ulong rn(ulong n) { return n_randint(rnd, n); }

static const char *names[] = {"x", "y", "theta", "mu_min", "A0", "k2"};

static expr_t gen_bool(int depth);

static expr_t gen_num(int depth)
{
    ulong r = depth <= 0 ? rn(4) : rn(17);
    expr_t a[3];
    switch (r) {
    case 0: return V(names[rn(6)]);
    case 1: {
        slong p = (slong) rn(41) - 20;
        ulong q = rn(3) ? 1 : 1 + rn(7);
        return Q(p, q);
    }
    case 2: return K(rn(2) ? EXPR_PI : EXPR_E);
    case 3: return V(names[rn(6)]);
    case 4: return U(EXPR_NEG, gen_num(depth - 1));
    case 5: return B(EXPR_ADD, gen_num(depth - 1), gen_num(depth - 1));
    case 6: return B(EXPR_SUB, gen_num(depth - 1), gen_num(depth - 1));
    case 7: return B(EXPR_MUL, gen_num(depth - 1), gen_num(depth - 1));
    case 8: return B(EXPR_DIV, gen_num(depth - 1), gen_num(depth - 1));
    case 9: case 10: return B(EXPR_POW, gen_num(depth - 1), gen_num(depth - 1));
    case 11: return F1(rn(2) ? "sin" : "sqrt", gen_num(depth - 1));
    case 12: return F2("atan2", gen_num(depth - 1), gen_num(depth - 1));
    case 13: {
        int n = 2 + (int) rn(2), i;
        for (i = 0; i < n; i++) a[i] = gen_num(depth - 1);
        return expr_func("min", n, a);
    }
    case 14: return F3("if", gen_bool(depth - 1), gen_num(depth - 1), gen_num(depth - 1));
    case 15: return F2("root", gen_num(depth - 1),
                       B(EXPR_RANGE, gen_num(depth - 1), gen_num(depth - 1)));
    default: return F1("f", gen_num(depth - 1));
    }
}

static expr_t gen_bool(int depth)
{
    static const expr_kind cmp[] = {EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE, EXPR_EQ, EXPR_NE};
    static const expr_kind lg[] = {EXPR_AND, EXPR_OR, EXPR_XOR, EXPR_IMPLIES, EXPR_IFF};
    ulong r = depth <= 0 ? rn(2) : rn(6);
    switch (r) {
    case 0: return K(rn(2) ? EXPR_TRUE : EXPR_FALSE);
    case 1: case 2: return B(cmp[rn(6)], gen_num(depth - 1), gen_num(depth - 1));
    case 3: return U(EXPR_NOT, gen_bool(depth - 1));
    default: return B(lg[rn(5)], gen_bool(depth - 1), gen_bool(depth - 1));
    }
}

/* The tree in the parser's number form: -n as NEG(n), p/q as DIV(p, q). */
static expr_t parser_form(const expr_t e)
{
    expr_t r;
    int i;
    if (e->kind == EXPR_NUM) {
        fmpz_t a, one;
        fmpq_t p;
        fmpz_init(a);
        fmpz_init(one);
        fmpq_init(p);
        fmpz_one(one);
        fmpz_abs(a, fmpq_numref(e->num));
        fmpq_set_fmpz_frac(p, a, one);
        r = expr_num_fmpq(p);
        if (fmpq_sgn(e->num) < 0) r = U(EXPR_NEG, r);
        if (!fmpz_is_one(fmpq_denref(e->num))) {
            fmpq_set_fmpz_frac(p, fmpq_denref(e->num), one);
            r = B(EXPR_DIV, r, expr_num_fmpq(p));
        }
        fmpz_clear(a);
        fmpz_clear(one);
        fmpq_clear(p);
        return r;
    }
    r = expr_copy(e);
    for (i = 0; i < r->nargs; i++) {
        expr_free(r->args[i]);
        r->args[i] = parser_form(e->args[i]);
    }
    return r;
}

static int same_tree(const expr_t a, const expr_t b)
{
    int i;
    if (a->kind != b->kind || a->nargs != b->nargs) return 0;
    if (a->kind == EXPR_NUM && !fmpq_equal(a->num, b->num)) return 0;
    if ((a->kind == EXPR_VAR || a->kind == EXPR_FUNC) && strcmp(a->name, b->name)) return 0;
    if (a->kind == EXPR_FUNC && a->fn != b->fn) return 0;
    for (i = 0; i < a->nargs; i++)
        if (!same_tree(a->args[i], b->args[i])) return 0;
    return 1;
}

static void round_trip(expr_t e)
{
    expr_error_t err;
    char *s = expr_to_text(e), *s2;
    expr_t p = expr_parse(s, 1, 1, &err), want;
    if (p == NULL) print_error("'%s' does not parse: %d:%d %s\n", s, err.line, err.col, err.msg);
    assert_non_null(p);
    want = parser_form(e);
    if (!same_tree(p, want)) print_error("'%s' parses to a different tree\n", s);
    assert_true(same_tree(p, want));
    s2 = expr_to_text(p);
    assert_string_equal(s, s2);
    flint_free(s);
    flint_free(s2);
    expr_free(p);
    expr_free(want);
}

static void test_round_trip(void **state)
{
    int i;
    (void) state;
    flint_randinit(rnd);
    for (i = 0; i < fc_test_iters(3000); i++) {
        expr_t e = (i % 3 == 0) ? gen_bool(1 + (int) rn(5)) : gen_num(1 + (int) rn(6));
        round_trip(e);
        expr_free(e);
    }
    flint_randclear(rnd);
}

/* Hand-written sources reprint as written (already minimal). */
static void test_reprint(void **state)
{
    static const char *src[] = {
        "1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)",
        "-x^2 + (-x)^2 - 2^-x",
        "a - (b - c) + (a + b)*c/d",
        "x^(1/3) + (3/4)*x - x/(3/4) - (-3)",
        "not B < 0 and A0 > 0 or p implies q iff r",
        "if(x <= 1, min(a, b, c), max(a, 0)) + root(f, 0 .. pi/2)",
    };
    static const char *want[] = {
        "1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)",
        "-x^2 + (-x)^2 - 2^(-x)",
        "a - (b - c) + (a + b)*c/d",
        "x^(1/3) + (3/4)*x - x/(3/4) - (-3)",
        "not B < 0 and A0 > 0 or p implies q iff r",
        "if(x <= 1, min(a, b, c), max(a, 0)) + root(f, 0 .. pi/2)",
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof src / sizeof src[0]; i++) {
        expr_error_t err;
        expr_t e = expr_parse(src[i], 1, 1, &err);
        char *s;
        assert_non_null(e);
        s = expr_to_text(e);
        assert_string_equal(s, want[i]);
        flint_free(s);
        expr_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rod),        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_ball),       cmocka_unit_test(test_structure),
        cmocka_unit_test(test_functions),  cmocka_unit_test(test_logic),
        cmocka_unit_test(test_names),      cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_reprint),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
