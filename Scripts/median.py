#!/usr/bin/env python3
"""Small timing helper for bench.sh: run a command N times and take the median; format the table.

    median.py run [--runs N] [--warmup K] [--reported] [--setup SHELL] -- CMD ARG...
        Prints one line: median=<s> min=<s> max=<s> runs=<n> [maxrss_mib=<MiB>]
        A command whose first run takes under 0.25 s is run at least 5 times whatever N
        is (cheap, and a single run of a fast command is mostly noise).
        Wall time of each run (fork to exit, output sent to /dev/null), or with --reported
        the value of the `seconds=<float>` the command prints on its standard output (its
        own in-process time; the largest `maxrss_mib=<float>` it prints, if any, is
        printed as maxrss_mib). --setup runs a shell command before each run, untimed (e.g.
        to remove a journal so each import starts empty). Exits 1 if the command fails.

    median.py table ROWS.tsv
        ROWS.tsv has one row per line: work, peer, peer seconds, kith seconds, target,
        tab-separated. Seconds are a float, `n/a` (not measured), `failed` or `-`.
        Target is `ratio<=X` (kith/peer must be at most X), `abs<X` (kith under X seconds)
        or `info`. Prints one markdown table with the ratio kith/peer of the same run.
"""
import math
import os
import re
import statistics
import subprocess
import sys
import time


FAST, FAST_RUNS = 0.25, 5


def run(argv):
    runs, warmup, reported, setup = 5, 0, False, None
    i = 0
    while i < len(argv) and argv[i] != "--":
        a = argv[i]
        if a == "--runs":
            runs = int(argv[i + 1]); i += 2
        elif a == "--warmup":
            warmup = int(argv[i + 1]); i += 2
        elif a == "--reported":
            reported = True; i += 1
        elif a == "--setup":
            setup = argv[i + 1]; i += 2
        else:
            sys.exit("median.py run: unknown option %s" % a)
    cmd = argv[i + 1:]
    if not cmd:
        sys.exit("median.py run: no command after --")
    times = []
    rss = None
    n = 0
    while n < warmup + runs:
        if setup:
            subprocess.run(setup, shell=True, check=True)
        out = subprocess.PIPE if reported else subprocess.DEVNULL
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        elapsed = time.perf_counter() - t0
        if p.returncode != 0:
            err = p.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
            sys.stderr.write("command failed (exit %d): %s\n%s\n" % (p.returncode, " ".join(cmd), "\n".join(err)))
            sys.exit(1)
        if reported:
            m = re.findall(rb"seconds=([0-9.eE+-]+)", p.stdout)
            if not m:
                sys.stderr.write("no seconds=<float> in the output of: %s\n" % " ".join(cmd))
                sys.exit(1)
            elapsed = float(m[-1])
            r = re.findall(rb"maxrss_mib=([0-9.]+)", p.stdout)
            if r:
                rss = max(rss or 0.0, float(r[-1]))
        if n >= warmup:
            times.append(elapsed)
            if len(times) == 1 and elapsed < FAST:
                runs = max(runs, FAST_RUNS)
        n += 1
    line = "median=%.6f min=%.6f max=%.6f runs=%d" % (statistics.median(times), min(times), max(times), len(times))
    if rss is not None:
        line += " maxrss_mib=%.1f" % rss
    print(line)


def human(seconds):
    if seconds >= 1:
        return "%.2f s" % seconds
    if seconds >= 0.001:
        return "%.3g ms" % (seconds * 1e3)
    return "%.3g µs" % (seconds * 1e6)


def number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def table(path):
    print("| work | peer | peer median | kith median | ratio kith/peer | target |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            work, peer, peer_s, kith_s, target = line.rstrip("\n").split("\t")
            p, k = number(peer_s), number(kith_s)
            peer_cell = human(p) if p is not None else peer_s
            kith_cell = human(k) if k is not None else kith_s
            ratio = k / p if p and k is not None else None
            ratio_cell = ("%.3g" % ratio) if ratio is not None else ("-" if peer_s == "-" else "n/a")
            if target.startswith("ratio<="):
                limit = float(target[len("ratio<="):])
                goal = "≤ %g" % limit
                if limit < 1:
                    goal += " (%g× faster)" % round(1 / limit)
                else:
                    goal += " (within %g×)" % limit
                verdict = None if ratio is None else ratio <= limit
            elif target.startswith("abs<"):
                limit = float(target[len("abs<"):])
                goal = "< %g s" % limit if limit >= 1 else "< %s" % human(limit)
                verdict = None if k is None else k < limit
            else:
                goal, verdict = "(for reference)", None
            if verdict is not None:
                goal += " **met**" if verdict else " **missed**"
            print("| %s | %s | %s | %s | %s | %s |" % (work, peer, peer_cell, kith_cell, ratio_cell, goal))


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "table"):
        sys.exit(__doc__)
    if sys.argv[1] == "run":
        run(sys.argv[2:])
    else:
        table(sys.argv[2])


if __name__ == "__main__":
    main()
