/* fuzz_util.h -- what the libFuzzer harnesses that read case files share
 * (fuzz_case.c, fuzz_report.c): the input bytes written to a temporary file
 * of this process, which case_read then reads as a case. Header only: each
 * harness is its own program (and test_fuzz_regress includes fuzz_case.c). */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Writes data[0 .. size) to $TMPDIR/NAME_PID.case (/tmp without TMPDIR) and
 * keeps that path in path[0 .. len) for the next calls (path[0] == 0 on the
 * first); aborts when the file cannot be written in full. */
static void fuzz_write_case(char *path, size_t len, const char *name, const uint8_t *data, size_t size)
{
    FILE *f;
    if (path[0] == 0) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, len, "%s/%s_%ld.case", dir ? dir : "/tmp", name, (long) getpid());
    }
    f = fopen(path, "wb");
    if (f == NULL) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    if (fclose(f) != 0) abort();
}

#endif
