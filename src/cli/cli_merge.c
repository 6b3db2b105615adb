/* cli_merge.c -- collecting and merging the tile files of `fricert merge`. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli_merge.h"

/* 1 if name is ID.tile-I-of-N with ID not empty and I, N decimal. */
static int is_tile_name(const char *name)
{
    const char *t = strstr(name, ".tile-"), *p;
    if (t == NULL || t == name) return 0;
    while (strstr(t + 1, ".tile-")) t = strstr(t + 1, ".tile-");
    p = t + 6;
    if (strspn(p, "0123456789") == 0) return 0;
    p += strspn(p, "0123456789");
    if (strncmp(p, "-of-", 4) != 0) return 0;
    p += 4;
    return strspn(p, "0123456789") > 0 && p[strspn(p, "0123456789")] == '\0';
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

static int cmp_tile(const void *a, const void *b)
{
    const run_tile *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (c) return c;
    if (x->tile_count != y->tile_count) return x->tile_count < y->tile_count ? -1 : 1;
    return x->tile_index < y->tile_index ? -1 : x->tile_index > y->tile_index;
}

void cli_merged_free(cli_merged *mg, int n)
{
    int i, k;
    for (i = 0; i < n; i++) {
        for (k = 0; k < mg[i].nplots; k++) pave_result_clear(&mg[i].pave[k]);
        flint_free(mg[i].pave);
    }
    flint_free(mg);
}

int cli_merge_load(case_t **cases_out, cli_merged **mg_out, int *n_out, char **dirs, int ndirs)
{
    char **paths = NULL;
    run_tile *tiles = NULL;
    case_t *cases = NULL;
    cli_merged *mg = NULL;
    int npaths = 0, cap = 0, i, j, d, ncases = 0, rc = CLI_BAD_INPUT;
    char msg[1200];
    fc_error err;

    for (d = 0; d < ndirs; d++) {
        DIR *dh = opendir(dirs[d]);
        struct dirent *e;
        int found = 0;
        if (dh == NULL) {
            fprintf(stderr, "fricert merge: %s: cannot read the folder: %s\n", dirs[d], strerror(errno));
            goto done;
        }
        while ((e = readdir(dh)) != NULL) {
            size_t len;
            if (e->d_name[0] == '.' || !is_tile_name(e->d_name)) continue;
            if (npaths == cap) {
                cap = cap ? 2 * cap : 16;
                paths = flint_realloc(paths, cap * sizeof(char *));
            }
            len = strlen(dirs[d]) + strlen(e->d_name) + 2;
            paths[npaths] = flint_malloc(len);
            snprintf(paths[npaths], len, "%s/%s", dirs[d], e->d_name);
            npaths++;
            found = 1;
        }
        closedir(dh);
        if (!found) {
            fprintf(stderr, "fricert merge: %s: no tile files (ID.tile-I-of-N, written by fricert report --tile)\n",
                    dirs[d]);
            goto done;
        }
    }
    qsort(paths, npaths, sizeof(char *), cmp_str);
    tiles = flint_calloc(npaths + 1, sizeof(run_tile));
    for (i = 0; i < npaths; i++)
        if (run_tile_read(&tiles[i], paths[i], &err) != 0) {
            fc_error_format(msg, sizeof msg, &err);
            fprintf(stderr, "%s\n", msg);
            goto done;
        }
    qsort(tiles, npaths, sizeof(run_tile), cmp_tile);
    cases = flint_calloc(npaths + 1, sizeof(case_t));
    mg = flint_calloc(npaths + 1, sizeof(cli_merged));
    for (i = 0; i < npaths; i = j) {
        case_error_t cerr;
        int k;
        for (j = i + 1; j < npaths && strcmp(tiles[j].id, tiles[i].id) == 0; j++) ;
        if (case_read(&cases[ncases], tiles[i].case_path, &cerr)) {
            fc_error_format(msg, sizeof msg, &cerr);
            fprintf(stderr, "%s\n(the case of the tile %s)\n", msg, tiles[i].path);
            goto done;
        }
        ncases++;
        if (strcmp(cases[ncases - 1].id, tiles[i].id) != 0) {
            fprintf(stderr, "%s:3:4: the case id is '%s', but its case file %s has the id '%s'\n", tiles[i].path,
                    tiles[i].id, tiles[i].case_path, cases[ncases - 1].id);
            goto done;
        }
        mg[ncases - 1].nplots = cases[ncases - 1].nplots;
        mg[ncases - 1].prec = tiles[i].prec;
        mg[ncases - 1].depth = tiles[i].depth;
        mg[ncases - 1].pave = flint_malloc((cases[ncases - 1].nplots + 1) * sizeof(pave_result));
        for (k = 0; k < cases[ncases - 1].nplots; k++) pave_result_init(&mg[ncases - 1].pave[k]);
        if (run_tile_merge(mg[ncases - 1].pave, tiles + i, j - i, &cases[ncases - 1], &err) != 0) {
            fc_error_format(msg, sizeof msg, &err);
            fprintf(stderr, "%s\n", msg);
            goto done;
        }
    }
    rc = CLI_OK;
done:
    for (i = 0; i < npaths; i++) flint_free(paths[i]);
    flint_free(paths);
    if (tiles)
        for (i = 0; i < npaths; i++) run_tile_clear(&tiles[i]);
    flint_free(tiles);
    if (rc != CLI_OK) {
        for (i = 0; i < ncases; i++) case_clear(&cases[i]);
        flint_free(cases);
        if (mg) cli_merged_free(mg, ncases);
        ncases = 0;
        cases = NULL;
        mg = NULL;
    }
    *cases_out = cases;
    *mg_out = mg;
    *n_out = ncases;
    return rc;
}
