/* Reads an .ics file with libical and prints events/s and MB/s (best of 3). */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: libical-bench FILE.ics\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n) return 1;
    buf[n] = 0; fclose(f);
    double best = 1e9; int events = 0; double checksum = 0;
    for (int round = 0; round < 3; round++) {
        double t0 = now();
        icalcomponent *cal = icalparser_parse_string(buf);
        events = 0; checksum = 0;
        for (icalcomponent *c = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); c;
             c = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT)) {
            events++;
            struct icaltimetype s = icalcomponent_get_dtstart(c);
            checksum += (double)icaltime_as_timet_with_zone(s, s.zone ? s.zone : icaltimezone_get_utc_timezone());
        }
        icalcomponent_free(cal);
        double t = now() - t0;
        if (t < best) best = t;
    }
    printf("libical: %d events in %.3f s: %.0f events/s, %.1f MB/s (checksum %.0f)\n", events, best, events / best, n / 1e6 / best, checksum);
    return 0;
}
