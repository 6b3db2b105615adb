/* cli_usage.c -- help texts. */
#include <string.h>
#include "cli/cli.h"

static const char *usage_main =
    "usage: fricert COMMAND [ARGS]\n"
    "       fricert --help | --version\n"
    "\n"
    "Certified reports on rigid-body mechanics with dry friction: every number\n"
    "printed is a ball that contains the true value; every true/false is proved.\n"
    "\n"
    "commands:\n"
    "  report CASE... [-o DIR] [-j N] [--depth D] [--prec BITS] [--tile I/N]\n"
    "                  write DIR/<id>/ (report.pdf, results.json, figures, cells) per case\n"
    "                  (--tile: only tile I of N of each plot, into DIR/<id>.tile-I-of-N)\n"
    "  merge  DIR... [-o OUT] [-j N]\n"
    "                  join the tile files of the folders into OUT/<id>/, as one report run\n"
    "  check  CASE... [-j N] [--prec BITS] [--tile I/N]\n"
    "                  verify every [expect] line; last line \"N passed, M failed\"\n"
    "  eval   'EXPR' [NAME=VALUE | NAME=LO..HI ...] [--prec BITS]\n"
    "                  print a guaranteed enclosure or a certified verdict\n"
    "\n"
    "fricert COMMAND --help describes a command.\n"
    "exit status: 0 success, 1 bad input or failed checks, 2 resource or internal failure\n";

static const char *usage_eval =
    "usage: fricert eval 'EXPR' [NAME=VALUE | NAME=LO..HI ...] [--prec BITS]\n"
    "\n"
    "Evaluates EXPR with Arb ball arithmetic over the box given by the\n"
    "assignments (a VALUE is a constant expression such as 1/3, pi/2, sqrt(2);\n"
    "LO..HI is the closed interval) and prints\n"
    "  [MID +/- RAD]  a ball that contains every value of a numeric EXPR on the box,\n"
    "  true | false   a predicate proved true (false) at every point of the box,\n"
    "  unknown        not decided; followed by the reason when it is one:\n"
    "                 (partly outside the domain, or not certified inside it) or\n"
    "                 (overflow: defined, but too large for a finite enclosure),\n"
    "  undefined      outside the domain on the whole box.\n"
    "\n"
    "  --prec BITS    working precision (16 to 65536, default 128)\n"
    "  -h, --help     this text\n"
    "Options are recognised only as written here, so EXPR may start with '-';\n"
    "'--' ends the options.\n"
    "example: fricert eval 'sqrt(2)'   ->  [1.41421356237309504880168872420969807857 +/- 2.09e-39]\n";

static const char *usage_check =
    "usage: fricert check CASE... [-j N] [--prec BITS] [--tile I/N] [--memory MB]\n"
    "\n"
    "Reads each case file and verifies every [expect] line at the case's\n"
    "precision (or BITS):\n"
    "  NAME@POINT = VALUE +/- TOL   the enclosure of NAME lies inside [VALUE-TOL, VALUE+TOL]\n"
    "  NAME@POINT = true|false|unknown   the certified verdict is exactly this\n"
    "  claim.NAME = STATUS          the claim's verdict is exactly STATUS\n"
    "A case that cannot be read prints FILE:LINE:COL: message on stderr and\n"
    "counts as one failure. Failures are printed as FILE:LINE: expect ...; the\n"
    "last line is \"N passed, M failed\". Exit status 0 iff M = 0. Plots are paved\n"
    "to depth 6 at most, only to find overlapping regions (report paves them fully).\n"
    "  -j N           up to N cases at once, in separate processes (1 to 256;\n"
    "                 default: the number of online cores); the output is the\n"
    "                 same as with -j 1\n"
    "  --prec BITS    working precision (16 to 65536; default: the case's)\n"
    "  --tile I/N     pave only tile I (1 to N) of N (a power of 4) of each plot;\n"
    "                 tile 1 also decides the claims and checks the [expect] lines,\n"
    "                 so the N tile runs together check what one run checks\n"
    "  --memory MB    memory budget of each process (16 to 2^30 MB; default 3/4 of\n"
    "                 the physical memory or of ulimit -v, shared by the -j\n"
    "                 processes): past it, exit 2 with a message\n";

static const char *usage_report =
    "usage: fricert report CASE... [-o DIR] [-j N] [--depth D] [--prec BITS] [--tile I/N]\n"
    "                      [--templates DIR] [--figure-style S] [--figure-face F] [-q]\n"
    "                      [--memory MB]\n"
    "\n"
    "Reads and validates every case (nothing is written if one is bad), then for\n"
    "each computes its points, pavings and claims and writes DIR/<id>/: report.pdf,\n"
    "results.json, and per plot P.pdf, P.svg, P.png, P.cells.csv, P.tex. A case's\n"
    "folder appears only when complete; SIGINT/SIGTERM leave nothing behind.\n"
    "  -o, --output DIR   output folder (default out)\n"
    "  -j, --jobs N       threads per paving (1 to 256, default 1; same cells for every N);\n"
    "                     with several cases, also up to N cases at once, each in its own\n"
    "                     process (output, files and exit status as with -j 1, the\n"
    "                     seconds and report.pdf's Threads aside; --memory is per process)\n"
    "  --depth D          paving depth for every plot and claim (1 to 24; default: the case's)\n"
    "  --prec BITS        working precision (16 to 65536; default: the case's)\n"
    "  --templates DIR    folder of NAME.tmpl files (default ./templates, else installed)\n"
    "  --figure-style S   figure files: report (480x400 pt, default), paper (3.4 in\n"
    "                     column) or paper-wide (7 in page): no title, ticks >= 8 pt\n"
    "  --figure-face F    sans (DejaVu Sans, default) or serif (Latin Modern, as LaTeX)\n"
    "  --memory MB        memory budget (16 to 2^30 MB; default 3/4 of the physical\n"
    "                     memory or of ulimit -v): past it, exit 2, nothing written\n"
    "  --tile I/N         pave only tile I (1 to N) of N (a power of 4: 1, 4, 16, ...)\n"
    "                     of each plot's paved box, aligned to the quadtree, and write\n"
    "                     the partial results file DIR/<id>.tile-I-of-N (no report);\n"
    "                     join the N files with fricert merge\n"
    "  -q, --quiet        no progress line and no summary table\n"
    "  -h, --help         this text\n";

static const char *usage_merge =
    "usage: fricert merge DIR... [-o OUT] [-j N] [--templates DIR] [--figure-style S]\n"
    "                     [--figure-face F] [-q]\n"
    "\n"
    "Joins the partial results files <id>.tile-I-of-N that fricert report --tile\n"
    "wrote into the folders DIR... and writes OUT/<id>/ for each case exactly as\n"
    "fricert report does: the cells CSV and results.json are byte for byte those of\n"
    "the untiled run (timings aside). The case file is read again from the path the\n"
    "tiles name and must have the same bytes (SHA-256); points, claims (never tiled)\n"
    "and [expect] lines are computed here, with the tiles' --depth and --prec. Every\n"
    "tile of 1 .. N must be there once, from this version of fricert; otherwise\n"
    "nothing is written and the exit status is 1.\n"
    "  -o, --output OUT   output folder (default out)\n"
    "  -j, --jobs N       threads for the claims' pavings (1 to 256, default 1); with\n"
    "                     several cases, also up to N cases at once, as for fricert report\n"
    "  --templates DIR, --figure-style S, --figure-face F, -q   as for fricert report\n"
    "  -h, --help         this text\n";

void cli_usage(FILE *out, const char *command)
{
    if (command && strcmp(command, "eval") == 0) fputs(usage_eval, out);
    else if (command && strcmp(command, "check") == 0) fputs(usage_check, out);
    else if (command && strcmp(command, "report") == 0) fputs(usage_report, out);
    else if (command && strcmp(command, "merge") == 0) fputs(usage_merge, out);
    else fputs(usage_main, out);
}
