/* The "plain byte scan": what reading content lines costs with no typing at all.
 *
 *   cc -O2 -o scan scan.c
 *   ./scan FILE      prints: lines=<n> colons=<n> bytes=<n> seconds=<float>
 *
 * Reads the file in 1 MiB blocks and counts logical (unfolded) content lines: a line
 * break followed by a space or tab continues the line (RFC 5545/6350 folding), any other
 * counts one more line. It also counts the lines that have a colon (name:value). Nothing
 * is decoded, copied or allocated per line. Kith's readers are measured against it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    double t0 = now();
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    enum { BLOCK = 1 << 20 };
    unsigned char *buf = malloc(BLOCK);
    long lines = 0, colons = 0, bytes = 0;
    int at_line_start = 1;   /* just after a line feed */
    int in_line = 0;         /* inside a logical line with content */
    int seen_colon = 0;      /* this logical line has a colon already */
    ssize_t n;
    while ((n = read(fd, buf, BLOCK)) > 0) {
        bytes += n;
        for (ssize_t i = 0; i < n; i++) {
            unsigned char c = buf[i];
            if (at_line_start) {
                at_line_start = 0;
                if (c == ' ' || c == '\t') continue;          /* folded: same logical line */
                if (in_line) { lines++; colons += seen_colon; }
                in_line = 0;
                seen_colon = 0;
            }
            if (c == '\n') { at_line_start = 1; continue; }
            if (c == '\r') continue;
            in_line = 1;
            if (c == ':') seen_colon = 1;
        }
    }
    if (n < 0) { perror(argv[1]); return 1; }
    if (in_line) { lines++; colons += seen_colon; }
    close(fd);
    free(buf);
    double seconds = now() - t0;
    printf("lines=%ld colons=%ld bytes=%ld seconds=%.6f\n", lines, colons, bytes, seconds);
    return 0;
}
