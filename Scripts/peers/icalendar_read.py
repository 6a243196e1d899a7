#!/usr/bin/env python3
"""Peer: parse an iCalendar file with python-icalendar and count its VEVENTs.

    python icalendar_read.py FILE    prints: events=<n> errors=<n> seconds=<float>

seconds covers reading the file, parsing it and walking the events (start-up and imports
left out). python-icalendar 7 records bad values in each component's .errors instead of
raising; their count is printed so a broken corpus shows.
"""
import sys
import time

import icalendar

path = sys.argv[1]
t0 = time.perf_counter()
with open(path, "rb") as f:
    cal = icalendar.Calendar.from_ical(f.read())
events = errors = 0
for component in cal.walk("VEVENT"):
    events += 1
    component.get("DTSTART")
    component.get("SUMMARY")
    errors += len(getattr(component, "errors", []) or [])
seconds = time.perf_counter() - t0
print("events=%d errors=%d seconds=%.6f" % (events, errors, seconds))
