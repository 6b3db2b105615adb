/* test_claim.c -- equivalence and implication claims decided by paving (claim.c): claims built to be
 * false are refuted with an exact witness where exactly one side holds, claims built to be true are
 * proved. */
#include "test_claim_util.h"
#include "claim/claim_impl.h"

static void rpoly_rand(rpoly *p, flint_rand_t st)
{
    int i, j;
    memset(p, 0, sizeof *p);
    p->deg = 1 + (int) n_randint(st, 3);
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++)
            p->c[i][j] = (slong) n_randint(st, 7) - 3;
    if (p->c[1][0] == 0 && p->c[0][1] == 0) p->c[1][0] = 2;   /* not constant near any point */
}

static void rpoly_text(char *buf, size_t n, const rpoly *p)
{
    int i, j;
    size_t len = 0;
    len += snprintf(buf + len, n - len, "0");
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++)
            if (p->c[i][j])
                len += snprintf(buf + len, n - len, " + (%ld)*x^%d*y^%d", (long) p->c[i][j], i, j);
}

static void rpoly_eval(fmpq_t v, const rpoly *p, const fmpq_t x, const fmpq_t y)
{
    int i, j;
    fmpq_t t, xi, yj;
    fmpq_init(t); fmpq_init(xi); fmpq_init(yj);
    fmpq_zero(v);
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++) {
            fmpz_t e;
            fmpz_init_set_ui(e, i);
            fmpq_pow_fmpz(xi, x, e);
            fmpz_set_ui(e, j);
            fmpq_pow_fmpz(yj, y, e);
            fmpz_clear(e);
            fmpq_mul(t, xi, yj);
            fmpq_mul_si(t, t, p->c[i][j]);
            fmpq_add(v, v, t);
        }
    fmpq_clear(t); fmpq_clear(xi); fmpq_clear(yj);
}

/* ------------------------------------------------------------ claims built to be false */

/* x^2 < y is not x < y: refuted, and at the witness exactly one of them holds. */
static void test_false_equivalence(void **state)
{
    case_t c;
    claim_result r;
    fmpq_t x, y, t;
    int h;
    (void) state;
    read_case_text(&c, "feq",
                   "[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n"
                   "[claim wrong]\nkind = equivalent\nclaim = x^2 < y\nmodel = x < y\n");
    assert_int_equal(decide(&r, &c, "wrong"), CLAIM_REFUTED);
    fmpq_init(x); fmpq_init(y); fmpq_init(t);
    witness(x, &h, &r, "x");
    witness(y, &h, &r, "y");
    fmpq_mul(t, x, x);
    assert_true((fmpq_cmp(t, y) < 0) != (fmpq_cmp(x, y) < 0));
    assert_true(fmpq_sgn(x) >= 0 && fmpq_cmp_ui(x, 1) <= 0 && fmpq_sgn(y) >= 0 && fmpq_cmp_ui(y, 1) <= 0);
    fmpq_clear(x); fmpq_clear(y); fmpq_clear(t);
    claim_result_clear(&r);
    case_clear(&c);
}

/* Random R: "R > v - 1/8" vs "R > v + 1/8", v = R at a random point, differ on an
 * open set around it. Refuted for each of the three kinds that can see the
 * difference, with the witness checked exactly. */
static void test_false_random(void **state)
{
    flint_rand_t st;
    int iter;
    (void) state;
    flint_randinit(st);
    for (iter = 0; iter < 12; iter++) {
        rpoly p;
        char poly[1024], text[4096];
        fmpq_t x0, y0, v, lo, hi, x, y, w;
        case_t c;
        claim_result r;
        const char *kind = iter % 3 == 0 ? "equivalent" : iter % 3 == 1 ? "implies" : "implied_by";
        int h;
        rpoly_rand(&p, st);
        rpoly_text(poly, sizeof poly, &p);
        fmpq_init(x0); fmpq_init(y0); fmpq_init(v); fmpq_init(lo); fmpq_init(hi);
        fmpq_init(x); fmpq_init(y); fmpq_init(w);
        fmpq_set_si(x0, 1 + (slong) n_randint(st, 6), 8);
        fmpq_set_si(y0, 1 + (slong) n_randint(st, 6), 8);
        rpoly_eval(v, &p, x0, y0);
        fmpq_set_si(lo, -1, 8);
        fmpq_add(lo, lo, v);
        fmpq_set_si(hi, 1, 8);
        fmpq_add(hi, hi, v);
        {
            char *slo = fmpq_get_str(NULL, 10, lo), *shi = fmpq_get_str(NULL, 10, hi);
            /* "R > lo" => "R > hi" is false between them (implied_by: the other way round) */
            int ib = iter % 3 == 2;
            snprintf(text, sizeof text,
                     "[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]\nR = %s\n"
                     "[claim c]\nkind = %s\nclaim = R > %s\nmodel = R > %s\ndepth = 12\n", poly, kind,
                     ib ? shi : slo, ib ? slo : shi);
            flint_free(slo);
            flint_free(shi);
        }
        read_case_text(&c, "frand", text);
        if (decide(&r, &c, "c") != CLAIM_REFUTED) {
            fprintf(stderr, "not refuted: %s\n%s\n", text, r.detail);
            fail();
        }
        witness(x, &h, &r, "x");
        witness(y, &h, &r, "y");
        rpoly_eval(w, &p, x, y);
        /* exactly one of R > lo, R > hi holds, i.e. lo < R(w) <= hi */
        assert_true(fmpq_cmp(w, lo) > 0 && fmpq_cmp(w, hi) <= 0);
        claim_result_clear(&r);
        case_clear(&c);
        fmpq_clear(x0); fmpq_clear(y0); fmpq_clear(v); fmpq_clear(lo); fmpq_clear(hi);
        fmpq_clear(x); fmpq_clear(y); fmpq_clear(w);
    }
    flint_randclear(st);
}

#define BOX "[case]\ntitle = t\n[parameters]\nx = -1 .. 2\ny = -1 .. 2\n"

static void test_true_fixed(void **state)
{
    (void) state;
    expect_not_refuted("t1", BOX "[claim c]\nkind = equivalent\nclaim = x^2 < y\nmodel = y > x*x\n",
                       CLAIM_CONSISTENT);
    /* the boundaries x = y and x = y + 1 are apart: the paving proves it */
    expect_not_refuted("t2", BOX "[claim c]\nkind = implies\nclaim = x < y\nmodel = x < y + 1\n", CLAIM_PROVED);
    expect_not_refuted("t3", BOX "[claim c]\nkind = implied_by\nclaim = x < y + 1\nmodel = x < y\n",
                       CLAIM_PROVED);
    expect_not_refuted("t4", BOX "[claim c]\nkind = equivalent\nclaim = (x - y)*(x + y) > 0\n"
                       "model = x^2 > y^2\n", CLAIM_CONSISTENT);
    expect_not_refuted("t5", BOX "[claim c]\nkind = implies\nclaim = x > 1 and y > 1\nmodel = x*y > 1/2\n",
                       CLAIM_PROVED);
}

/* Random A, B: "A*B > 0" against "(A > 0 and B > 0) or (A < 0 and B < 0)", and
 * "R > 0" against "-2*R < 0" and "R + x - x > 0": never refuted. */
static void test_true_random(void **state)
{
    flint_rand_t st;
    int iter;
    (void) state;
    flint_randinit(st);
    for (iter = 0; iter < 12; iter++) {
        rpoly a, b;
        char pa[1024], pb[1024], text[4096];
        rpoly_rand(&a, st);
        rpoly_rand(&b, st);
        rpoly_text(pa, sizeof pa, &a);
        rpoly_text(pb, sizeof pb, &b);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\nB = %s\n[claim c]\nkind = equivalent\n"
                 "claim = A*B > 0\nmodel = (A > 0 and B > 0) or (A < 0 and B < 0)\n", pa, pb);
        expect_not_refuted("r1", text, CLAIM_CONSISTENT);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\n[claim c]\nkind = %s\n"
                 "claim = A > 0\nmodel = -2*A < 0\n", pa, iter % 2 ? "implies" : "equivalent");
        expect_not_refuted("r2", text, CLAIM_CONSISTENT);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\n[claim c]\nkind = implied_by\n"
                 "claim = A + x - x >= 0\nmodel = A > 0\n", pa);
        expect_not_refuted("r3", text, CLAIM_CONSISTENT);
    }
    flint_randclear(st);
}

/* The side texts: sentences with exact text, written by hand. */
static char *side_at(const case_t *c, const char *src, const char *fval, const char *who)
{
    expr_error_t ee;
    expr_t e = expr_parse(src, 1, 1, &ee);
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    fmpq_t q;
    char *s;
    assert_non_null(e);
    assert_int_equal(expr_check(e, c->scope, 1, &ee), 0);
    case_point_box(box, c, -1, 128);
    fmpq_init(q);
    assert_int_equal(expr_parse_fmpq(q, fval), 0);
    arb_set_fmpq(box + 0, q, 128);
    s = claim_side_text(e, c, box, 128, who);
    fmpq_clear(q);
    _arb_vec_clear(box, c->nparams + 1);
    expr_free(e);
    return s;
}

static void expect_side(const case_t *c, const char *src, const char *fval, const char *who, const char *want)
{
    char *s = side_at(c, src, fval, who);
    if (strcmp(s, want) != 0) fprintf(stderr, "'%s' at f = %s: got '%s'\n", src, fval, s);
    assert_string_equal(s, want);
    flint_free(s);
}

static void test_side_text(void **state)
{
    case_t c;
    char *s;
    (void) state;
    read_case_text(&c, "sides",
                   "[case]\ntitle = sides\n[parameters]\nf = 0 .. 3 : friction\ng = 981/100 : gravity\n"
                   "[define]\nslow = f < 1/3\nwedge = f^2 - 1 > g - g\n[regions]\nr = f > 1\n");
    /* a comparison of a parameter with a constant: nothing more to show */
    expect_side(&c, "f < 0", "5/2", "claim", "The claim f < 0 is false there.");
    expect_side(&c, "f >= 4/3", "3/2", "claim", "The claim f ≥ 4/3 is true there.");
    /* at f = 4/3 itself the ball of 4/3 is not exact: not decided, never a guess */
    expect_side(&c, "f >= 4/3", "4/3", "claim", "The claim f ≥ 4/3 is not decided there.");
    /* a constant predicate */
    expect_side(&c, "false", "1", "claim", "The claim is the constant false: it is false at every point.");
    expect_side(&c, "true", "1", "model", "The model is the constant true: it is true at every point.");
    /* a named predicate: its definition, and the value of each non-trivial side (exact: no radius) */
    expect_side(&c, "slow", "1/4", "model", "The model slow (f < 1/3) is true there.");
    expect_side(&c, "f^2 - 1 > 0", "1/2", "model", "The model f² - 1 > 0 is false there: f² - 1 = −0.75.");
    expect_side(&c, "wedge", "2", "claim",
                "The claim wedge (f² - 1 > g - g) is true there: f² - 1 = 3 and g - g = 0.");
    /* an inexact side: the digits rule at 128 bits (38 digits) with ± */
    s = side_at(&c, "sqrt(f) > 1", "2", "model");
    assert_true(strncmp(s, "The model √f > 1 is true there: √f = [1.4142135623730950488016887242096980786", 78 + 3) == 0
                || strncmp(s, "The model √f > 1 is true there: √f = [1.414213562373095048801688724209698079", 70) == 0);
    assert_non_null(strstr(s, " ± "));
    assert_null(strstr(s, "+/-"));
    flint_free(s);
    /* outside the domain */
    expect_side(&c, "sqrt(1 - f) < 1", "2", "model", "The model √(1 - f) < 1 is not decided there: √(1 - f) is not defined there.");
    case_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_false_equivalence),
        cmocka_unit_test(test_false_random),
        cmocka_unit_test(test_true_fixed),
        cmocka_unit_test(test_true_random),
        cmocka_unit_test(test_side_text),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
