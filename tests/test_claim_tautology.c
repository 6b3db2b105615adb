/* test_claim_tautology.c -- claims that the model implies by form alone (claim_tautology.c): the
 * shipped ineq13 mistake (a disjunct of the model's negated mode), conjuncts, de Morgan through
 * definitions, opposite comparisons; and claims true for the mechanics but not by form, which must
 * not be called tautologies. Each verdict is also decided by paving, and "proved" must agree. */
#include "test_ball_util.h"

static const char *head =
    "[case]\ntitle = t\n"
    "[parameters]\nx = -1 .. 1\ny = -1 .. 1\n"
    "[define]\nb1 = x - 2\nb2 = y - 2\nFF = b1 >= 0 and b2 >= 0\nSL = x*y > 5\namb = FF or SL\n"
    "eq = x^2 + y^2 < 9\n";

typedef struct {
    const char *kind, *claim, *model;
    int tautology;   /* expected: by form alone */
    int holds;       /* expected verdict: 1 proved or consistent (cells touching x = 0 stay undecided), 0 refuted */
} tcase;

static const tcase cases[] = {
    /* ineq13 as first shipped: "not amb" contains b1 < 0 or b2 < 0 */
    {"implied_by", "b1 < 0 or b2 < 0", "eq and not amb", 1, 1},
    /* ineq13 as the paper states it: true here (x - 2 < 0), but not by form */
    {"implied_by", "b1 < 0", "eq and not amb", 0, 1},
    {"implies", "x > 0 and y > 0", "x > 0", 1, 1},
    {"implies", "x > 0 and y > 0", "y > 0 or x > 0", 1, 1},
    {"implies", "x > 0", "x >= 0", 0, 1},
    {"implied_by", "not (x <= 0)", "x > 0 and eq", 1, 1},
    {"equivalent", "not FF", "b1 < 0 or b2 < 0", 1, 1},
    {"equivalent", "x > 0", "x > 0 and eq", 0, 1},
    /* the wrong direction is no tautology (and is refuted) */
    {"implied_by", "x > 0 and y > 0", "x > 0", 0, 0},
};

static void test_tautology(void **state)
{
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[2048], path[] = "/tmp/test_claim_taut.XXXXXX";
        int fd;
        case_t c;
        case_error_t err;
        claim_result res;
        pave_options po;
        fc_error fe;
        snprintf(text, sizeof text, "%s[claim k]\nsays = s\nsource = s\nkind = %s\nclaim = %s\nmodel = %s\n"
                 "over = x, y\ndepth = 6\n", head, cases[k].kind, cases[k].claim, cases[k].model);
        fd = mkstemp(path);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, text, strlen(text)), (ssize_t) strlen(text));
        close(fd);
        if (case_read(&c, path, &err) != 0) print_error("case %d: %s\n", (int) k, err.msg);
        unlink(path);
        assert_int_equal(c.nclaims, 1);
        if (claim_tautology(&c, &c.claims[0]) != cases[k].tautology)
            print_error("case %d: %s %s %s\n", (int) k, cases[k].claim, cases[k].kind, cases[k].model);
        assert_int_equal(claim_tautology(&c, &c.claims[0]), cases[k].tautology);
        memset(&po, 0, sizeof po);
        po.threads = 1;
        memset(&fe, 0, sizeof fe);
        assert_int_equal(claim_decide(&res, &c, &c.claims[0], &po, 0, &fe), 0);
        if (cases[k].holds) assert_true(res.status == CLAIM_PROVED || res.status == CLAIM_CONSISTENT);
        else assert_int_equal(res.status, CLAIM_REFUTED);
        assert_int_equal(res.tautology, cases[k].tautology && cases[k].holds);
        if (res.tautology) assert_non_null(strstr(res.detail, "Tautology"));
        claim_result_clear(&res);
        case_clear(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tautology),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
