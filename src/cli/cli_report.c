/* cli_report.c -- `fricert report CASE... [-o DIR] [-j N] [--depth D] [--prec BITS]`.
 *
 * Minimal report: every case is read and validated first (nothing is
 * written if any case is bad), then DIR/<id>/results.json is written
 * atomically with the case's parameters, the enclosures of its quantities
 * and the verdicts of its regions at every [point], and the [expect]
 * summary. Plots and claims are left empty here. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "cli/cli.h"
#include "report/atomic.h"

#ifdef FC_FLINT3
#define CLI_ARB_VERSION FLINT_VERSION
#else
#define CLI_ARB_VERSION arb_version
#endif

/* mkdir -p; returns 0 or -1 (errno). */
static int mkdir_p(const char *path)
{
    char *p = flint_malloc(strlen(path) + 1), *q;
    struct stat sb;
    strcpy(p, path);
    for (q = p + 1; ; q++) {
        if (*q == '/' || *q == '\0') {
            char save = *q;
            *q = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST) { flint_free(p); return -1; }
            if (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
                flint_free(p);
                errno = ENOTDIR;
                return -1;
            }
            *q = save;
            if (save == '\0') break;
        }
    }
    flint_free(p);
    return 0;
}

static json_t *ball_json(const arb_t x, slong prec)
{
    char *mid, *rad;
    json_t *o;
    cli_ball_mid_rad(&mid, &rad, x, prec);
    o = json_pack("{s:s, s:s}", "mid", mid, "rad", rad);
    flint_free(mid);
    flint_free(rad);
    return o;
}

static json_t *text_json(const expr_t e)
{
    char *t = expr_to_text(e);
    json_t *j = json_string(t ? t : "");
    flint_free(t);
    return j;
}

static json_t *params_json(const case_t *c)
{
    json_t *a = json_array();
    int i;
    for (i = 0; i < c->nparams; i++) {
        const case_param *p = &c->params[i];
        json_t *o = json_pack("{s:s}", "name", p->name);
        if (p->is_range) {
            json_object_set_new(o, "lo", text_json(p->lo));
            json_object_set_new(o, "hi", text_json(p->hi));
        } else {
            json_object_set_new(o, "value", text_json(p->value));
        }
        json_object_set_new(o, "description", json_string(p->desc));
        json_object_set_new(o, "unit", json_string(p->unit));
        json_array_append_new(a, o);
    }
    return a;
}

/* Quantities and verdicts at every point. Returns NULL on internal failure. */
static json_t *points_json(const case_t *c, slong prec)
{
    int n = c->ndefs + c->nregions, i, k, nact;
    expr_t *roots = flint_malloc((n + 1) * sizeof(expr_t));
    int *act = flint_malloc((c->nparams + 1) * sizeof(int));
    expr_prog_t prog = NULL;
    expr_error_t err;
    json_t *a = NULL;
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    arb_t x;

    arb_init(x);
    for (i = 0; i < n; i++)
        roots[i] = expr_var(i < c->ndefs ? c->defs[i].name : c->regions[i - c->ndefs].name);
    if (n > 0 && (prog = expr_compile(roots, n, c->scope, &err)) == NULL) {
        fprintf(stderr, "fricert report: %s: cannot compile: %s\n", c->path, err.msg);
        goto done;
    }
    a = json_array();
    for (k = 0; k < c->npoints; k++) {
        json_t *o = json_pack("{s:s}", "name", c->points[k].name);
        json_t *at = json_object(), *q = json_object(), *reg = json_object(), *pred = json_object();
        case_point_box(box, c, k, prec);
        for (i = 0; i < c->nparams; i++) {
            char *s = cli_ball_str(box + i, prec);
            json_object_set_new(at, c->params[i].name, json_string(s));
            flint_free(s);
        }
        if (prog) {
            expr_eval_t ev;
            for (i = 0, nact = 0; i < c->nparams; i++)
                if (!arb_is_exact(box + i)) act[nact++] = i;
            ev = expr_eval_new(prog, act, nact, prec);
            expr_eval_run(ev, box, 1);
            for (i = 0; i < n; i++) {
                const case_def *d = i < c->ndefs ? &c->defs[i] : &c->regions[i - c->ndefs];
                if (d->is_bool) {
                    json_object_set_new(i < c->ndefs ? pred : reg, d->name,
                                        json_string(tv_name(expr_eval_truth(ev, i))));
                } else {
                    expr_status st = expr_eval_value(x, ev, i);
                    if (st == EXPR_DEFINED) json_object_set_new(q, d->name, ball_json(x, prec));
                    else
                        json_object_set_new(q, d->name,
                                            json_pack("{s:s}", "status",
                                                      st == EXPR_UNDEFINED ? "undefined" : "unknown"));
                }
            }
            expr_eval_free(ev);
        }
        json_object_set_new(o, "at", at);
        json_object_set_new(o, "quantities", q);
        json_object_set_new(o, "regions", reg);
        json_object_set_new(o, "predicates", pred);
        json_array_append_new(a, o);
    }
done:
    for (i = 0; i < n; i++) expr_free(roots[i]);
    flint_free(roots);
    flint_free(act);
    if (prog) expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
    arb_clear(x);
    return a;
}

static json_t *results_json(const case_t *c, slong prec, int *internal)
{
    json_t *root, *points;
    long passed = 0, failed = 0;
    int j;

    points = points_json(c, prec);
    if (points == NULL) {
        *internal = 1;
        return NULL;
    }
    for (j = 0; j < c->nexpect; j++) {
        cli_expect_result res;
        cli_expect_eval(&res, c, j, prec);
        if (res.passed) passed++;
        else failed++;
        *internal |= res.internal;
    }
    root = json_pack("{s:s, s:s, s:s, s:s, s:{s:s, s:s, s:s, s:s, s:I}}",
                     "schema", "fricert-results/1", "case", c->id, "title", c->title, "source", c->source,
                     "engine", "version", FC_VERSION, "git", FC_GIT, "flint", FLINT_VERSION,
                     "arb", CLI_ARB_VERSION, "precision_bits", (json_int_t) prec);
    json_object_set_new(root, "parameters", params_json(c));
    json_object_set_new(root, "points", points);
    json_object_set_new(root, "plots", json_array());
    json_object_set_new(root, "claims", json_array());
    json_object_set_new(root, "expect", json_pack("{s:I, s:I}", "passed", (json_int_t) passed, "failed",
                                                  (json_int_t) failed));
    return root;
}

static int write_case(const case_t *c, const char *dir, slong prec)
{
    size_t n = strlen(dir) + strlen(c->id) + 32;
    char *folder = flint_malloc(n), *path = flint_malloc(n), *text;
    int internal = 0, rc = CLI_OK;
    json_t *root;

    snprintf(folder, n, "%s/%s", dir, c->id);
    snprintf(path, n, "%s/results.json", folder);
    root = results_json(c, prec, &internal);
    if (root == NULL) {
        rc = CLI_INTERNAL;
        goto done;
    }
    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (text == NULL) {
        fprintf(stderr, "fricert report: %s: cannot serialise results\n", c->path);
        rc = CLI_INTERNAL;
        goto done;
    }
    if (mkdir_p(folder) != 0) {
        fprintf(stderr, "fricert report: cannot create %s: %s\n", folder, strerror(errno));
        rc = CLI_INTERNAL;
    } else {
        size_t len = strlen(text);
        char *data = flint_malloc(len + 2);
        memcpy(data, text, len);
        data[len++] = '\n';
        data[len] = '\0';
        if (fc_atomic_write(path, data, len) != 0) {
            fprintf(stderr, "fricert report: cannot write %s: %s\n", path, strerror(errno));
            rc = CLI_INTERNAL;
        }
        flint_free(data);
    }
    free(text);
    if (rc == CLI_OK && internal) rc = CLI_INTERNAL;
done:
    flint_free(folder);
    flint_free(path);
    return rc;
}

int cli_report(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'},
        {"output", required_argument, NULL, 'o'},
        {"jobs", required_argument, NULL, 'j'},
        {"depth", required_argument, NULL, 'd'},
        {"prec", required_argument, NULL, 'p'},
        {NULL, 0, NULL, 0}};
    const char *dir = "out";
    long jobs = 1, depth = 0, prec = 0;
    int o, i, j, ncases, bad = 0, rc = CLI_OK;
    case_t *cases;

    optind = 1;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "+:ho:j:", opts, NULL)) != -1) {
        switch (o) {
        case 'h': cli_usage(stdout, "report"); return CLI_OK;
        case 'o':
            if (!*optarg) {
                fprintf(stderr, "fricert report: -o: expected a folder name\n");
                return CLI_BAD_INPUT;
            }
            dir = optarg;
            break;
        case 'j': if (cli_parse_long("report", "-j", optarg, 1, 256, &jobs)) return CLI_BAD_INPUT; break;
        case 'd': if (cli_parse_long("report", "--depth", optarg, 1, 30, &depth)) return CLI_BAD_INPUT; break;
        case 'p': if (cli_parse_long("report", "--prec", optarg, 16, 65536, &prec)) return CLI_BAD_INPUT; break;
        case ':':
            fprintf(stderr, "fricert report: %s: missing value\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        default:
            fprintf(stderr, "fricert report: unknown option '%s' (see fricert report --help)\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        }
    }
    ncases = argc - optind;
    if (ncases <= 0) {
        fprintf(stderr, "fricert report: no case files given (see fricert report --help)\n");
        return CLI_BAD_INPUT;
    }
    cases = flint_calloc(ncases, sizeof(case_t));
    for (i = 0; i < ncases; i++) {
        case_error_t err;
        char msg[1200];
        if (case_read(&cases[i], argv[optind + i], &err)) {
            case_error_format(msg, sizeof msg, &err);
            fprintf(stderr, "%s\n", msg);
            bad = 1;
            continue;
        }
        for (j = 0; j < i; j++)
            if (cases[j].id && strcmp(cases[j].id, cases[i].id) == 0) {
                fprintf(stderr, "fricert report: %s and %s have the same id '%s'\n", cases[j].path,
                        cases[i].path, cases[i].id);
                bad = 1;
            }
    }
    if (bad) rc = CLI_BAD_INPUT;
    else
        for (i = 0; i < ncases; i++) {
            int r = write_case(&cases[i], dir, prec ? prec : cases[i].prec);
            if (r > rc) rc = r;
        }
    for (i = 0; i < ncases; i++)
        if (cases[i].id) case_clear(&cases[i]);
    flint_free(cases);
    (void) jobs;
    (void) depth;
    return rc;
}
