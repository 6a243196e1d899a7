/* Peer: parse an iCalendar file with libical (C) and count its VEVENTs.
 *
 *   cc -O2 -o libical_read libical_read.c $(pkg-config --cflags --libs libical)
 *   ./libical_read FILE      prints: events=<n> seconds=<float>
 *
 * The whole file goes through icalparser_parse_string (libical's own reader builds the
 * full component tree, typed properties and parameters included); seconds covers reading
 * the file, parsing and counting.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.ics\n", argv[0]);
        return 2;
    }
    double t0 = now();
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 1;
    }
    text[size] = '\0';
    fclose(f);

    icalcomponent *root = icalparser_parse_string(text);
    if (!root) {
        fprintf(stderr, "%s: libical could not parse it\n", argv[1]);
        return 1;
    }
    long events = 0;
    for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT); c;
         c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)) {
        events++;
        (void)icalcomponent_get_dtstart(c);
        (void)icalcomponent_get_summary(c);
    }
    double seconds = now() - t0;
    icalcomponent_free(root);
    free(text);
    printf("events=%ld seconds=%.6f\n", events, seconds);
    return 0;
}
