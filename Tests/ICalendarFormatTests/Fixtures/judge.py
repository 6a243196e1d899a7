"""Reads iCalendar files the way other tools do (python-icalendar) and prints each event.

One line per VEVENT: uid|recurrence-id|start|end|start-through-the-file's-VTIMEZONE.
Times are UTC (`...Z`), all-day dates `D:YYYY-MM-DD`, floating times `F:...`.
Any parse error recorded by icalendar 7 in a component's `.errors` is printed as ERROR|...
"""
import datetime, sys
import icalendar

UTC = datetime.timezone.utc

def show(v):
    if v is None:
        return "-"
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None:
            return "F:" + v.strftime("%Y-%m-%dT%H:%M:%S")
        return v.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(v, datetime.date):
        return "D:" + v.isoformat()
    return "?" + repr(v)

for path in sys.argv[1:]:
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    zones = {str(tz["TZID"]): tz.to_tz() for tz in cal.walk("VTIMEZONE")}
    for comp in cal.walk():
        errors = getattr(comp, "errors", [])
        if errors:
            print("ERROR|%s|%s|%r" % (path, comp.name, errors))
    for ev in cal.walk("VEVENT"):
        start = ev.decoded("DTSTART") if "DTSTART" in ev else None
        end = ev.decoded("DTEND") if "DTEND" in ev else None
        rid = ev.decoded("RECURRENCE-ID") if "RECURRENCE-ID" in ev else None
        via = "-"
        p = ev.get("DTSTART")
        if p is not None and "TZID" in p.params and str(p.params["TZID"]) in zones and isinstance(start, datetime.datetime):
            naive = start.replace(tzinfo=None)
            via = show(naive.replace(tzinfo=zones[str(p.params["TZID"])]))
        print("%s|%s|%s|%s|%s" % (ev.get("UID"), show(rid), show(start), show(end), via))
