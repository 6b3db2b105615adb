/* run_sha256.c -- SHA-256 of bytes and files, with nettle (FIPS 180-4). */
#include "run/run.h"

#include <stdio.h>
#include <nettle/sha2.h>

static void
run_sha256_hexify(const uint8_t d[SHA256_DIGEST_SIZE], char hex[65])
{
    static const char digit[] = "0123456789abcdef";
    int i;

    for (i = 0; i < SHA256_DIGEST_SIZE; i++)
    {
        hex[2 * i] = digit[d[i] >> 4];
        hex[2 * i + 1] = digit[d[i] & 15];
    }
    hex[64] = '\0';
}

void
run_sha256_hex(const void *data, size_t n, char hex[65])
{
    struct sha256_ctx ctx;
    uint8_t d[SHA256_DIGEST_SIZE];

    sha256_init(&ctx);
    sha256_update(&ctx, n, data);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    run_sha256_hexify(d, hex);
}

int
run_sha256_file(const char *path, char hex[65])
{
    struct sha256_ctx ctx;
    uint8_t d[SHA256_DIGEST_SIZE], buf[65536];
    FILE *f = fopen(path, "rb");
    size_t n;
    int bad;

    hex[0] = '\0';
    if (f == NULL)
        return -1;
    sha256_init(&ctx);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&ctx, n, buf);
    bad = ferror(f);
    fclose(f);
    if (bad)
        return -1;
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    run_sha256_hexify(d, hex);
    return 0;
}
