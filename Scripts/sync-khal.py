#!/usr/bin/env python3
"""khal and vdirsyncer as another client of Kith's server (issue 20: "an event edited in khal
comes back to both").

Usage: sync-khal.py KITH_BINARY

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid),
makes journal a from `kith tour` and syncs it. vdirsyncer (its config and status in the
temporary folder) syncs the calendar to a local vdir; khal, configured on that vdir, changes
an event's title and location through `khal edit` (its prompts answered on stdin, as a user
would type them) and adds one with `khal new`; vdirsyncer uploads both. Then journal a syncs,
and a new journal b added on the same server syncs: both must show the edited title and
location and the new event (`kith day DATE --json`), with the event's people and mood intact.
Needs khal and vdirsyncer next to KITH_PYTHON (default: this Python). Exits 0 with a summary
line, 1 with what differed.
"""
import json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale, stop_radicale

kith = os.path.abspath(sys.argv[1])
python = os.environ.get("KITH_PYTHON", sys.executable)
tools = os.path.dirname(python)
khal, vdirsyncer = os.path.join(tools, "khal"), os.path.join(tools, "vdirsyncer")
folder = tempfile.mkdtemp(prefix="kith-khal-")
env = dict(os.environ, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1")
# khal's week header calls setlocale(LC_TIME, <the locale>): C keeps it working without
# generated locales; text stays UTF-8.
tool_env = dict(env, LC_TIME="C", XDG_CONFIG_HOME=folder, XDG_DATA_HOME=folder, HOME=folder)
tool_env.pop("LC_ALL")

server, base = start_radicale(python, folder)


def run(args, stdin=None, tool=False):
    r = subprocess.run(args, env=tool_env if tool else env, input=stdin, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise SystemExit(f"sync-khal: {' '.join(args[:4])} failed ({r.returncode}): {r.stderr.strip()[-1500:]}")
    return r.stdout


def k(journal, *args):
    return run([kith, *args, "--journal", os.path.join(folder, journal + ".sqlite")])


def day(journal, date):
    return json.loads(k(journal, "day", date, "--json"))["events"]


def summary(events):
    return sorted((e["title"], (e.get("place") or {}).get("name", "")) for e in events)


try:
    # Journal a: the tour's week, synced to the server.
    k("a", "tour")
    out = k("a", "sync", "add", "srv", "--url", base + "/kith/", "--user", "kith")
    calendar = next(line.split()[1] for line in out.splitlines() if line.strip().startswith("events:"))
    k("a", "sync", "srv")
    target = next(e for e in json.loads(k("a", "events", "--json")) if e["title"] == "Bouldering session")
    date = target["startDay"]
    before = next(e for e in day("a", date) if e["uid"] == target["uid"])

    # vdirsyncer: the calendar into a vdir.
    vdir = os.path.join(folder, "vdir")
    os.makedirs(vdir)
    config = os.path.join(folder, "vdirsyncer.conf")
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{folder}/vdirsyncer-status/"

[pair kith]
a = "local"
b = "server"
collections = null
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "{vdir}"
fileext = ".ics"

[storage server]
type = "caldav"
url = "{calendar}"
username = "kith"
password = "x"
""")
    run([vdirsyncer, "-c", config, "discover"], tool=True)
    run([vdirsyncer, "-c", config, "sync"], tool=True)
    pulled = [name for name in os.listdir(vdir) if name.endswith(".ics")]

    # khal on the vdir: edit the bouldering session's title and place, add an event.
    khal_conf = os.path.join(folder, "khal.conf")
    with open(khal_conf, "w") as f:
        f.write(f"""[calendars]
[[kith]]
path = {vdir}
type = calendar

[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
local_timezone = Etc/UTC
default_timezone = Etc/UTC

[default]
default_calendar = kith

[sqlite]
path = {folder}/khal.db
""")
    # `khal edit` asks what to edit; s(ummary), l(ocation), then n(o more).
    run([khal, "-c", khal_conf, "edit", "--show-past", "Bouldering session"],
        stdin="s\nBouldering with khal\nl\nThe Cliff, Taipei\nn\n", tool=True)
    run([khal, "-c", khal_conf, "new", "-a", "kith", f"{date} 19:00", f"{date} 20:30", "Ramen after climbing",
         ":: planned in khal"], tool=True)
    edited = [name for name in os.listdir(vdir) if "Bouldering with khal" in open(os.path.join(vdir, name), encoding="utf-8").read()]
    if len(edited) != 1:
        raise SystemExit(f"sync-khal: khal edit did not change the vdir ({len(edited)} files with the new title)")
    run([vdirsyncer, "-c", config, "sync"], tool=True)

    # Journal a syncs the edit back; journal b, new on the same server, gets everything.
    k("a", "sync", "srv")
    k("b", "sync", "add", "srv", "--url", base + "/kith/", "--user", "kith")
    k("b", "sync", "srv")
    want = sorted(summary(e for e in day("a", date) if e["uid"] != target["uid"] and e["title"] != "Ramen after climbing")
                  + [("Bouldering with khal", "The Cliff, Taipei"), ("Ramen after climbing", "")])
    failures = []
    for journal in ("a", "b"):
        events = day(journal, date)
        got = summary(events)
        if got != want:
            failures.append(f"journal {journal} on {date}: {got}, wanted {want}")
        edited_event = next((e for e in events if e["uid"] == target["uid"]), None)
        if edited_event is None:
            failures.append(f"journal {journal}: the edited event is gone")
        else:
            people = sorted(p["name"] for p in edited_event["people"])
            if people != sorted(p["name"] for p in before["people"]) or (edited_event.get("mood") or {}).get("name") != (before.get("mood") or {}).get("name"):
                failures.append(f"journal {journal}: the edited event lost its people or mood: {people}, {edited_event.get('mood')}")
    total_a, total_b = len(json.loads(k("a", "events", "--json"))), len(json.loads(k("b", "events", "--json")))
    if total_a != total_b:
        failures.append(f"journal a has {total_a} events, b {total_b}")
    if failures:
        raise SystemExit("sync-khal: " + "; ".join(failures))
    print(f"sync-khal: ok: vdirsyncer pulled {len(pulled)} events, khal edited 1 (title, location) and added 1; "
          f"both journals show them on {date} ({total_a} events each, people and mood kept)")
finally:
    stop_radicale(server)
    shutil.rmtree(folder, ignore_errors=True)
