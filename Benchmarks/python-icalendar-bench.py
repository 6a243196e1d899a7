"""Reads an .ics with python-icalendar and prints events/s and MB/s (one run: it is slow)."""
import os, sys, time
import icalendar

path = sys.argv[1]
data = open(path, "rb").read()
t0 = time.perf_counter()
cal = icalendar.Calendar.from_ical(data)
events, checksum = 0, 0.0
for ev in cal.walk("VEVENT"):
    events += 1
    checksum += ev.decoded("DTSTART").timestamp()
t = time.perf_counter() - t0
print("python-icalendar %s: %d events in %.3f s: %.0f events/s, %.1f MB/s (checksum %.0f)"
      % (icalendar.__version__, events, t, events / t, len(data) / 1e6 / t, checksum))
