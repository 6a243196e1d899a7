#!/usr/bin/env python3
"""A server failing mid-sync, through the real `kith sync` (issue 20): a clear error, an
intact journal, and the next sync completes.

Usage: sync-faults.py KITH_BINARY [CASE...]

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid) and,
for each case, Tests/KithSyncTests/Support/fault_proxy.py in front of it. A case is a fault
(412, 404, 409, 500, or stall: no answer at all) at a place of the sync:

  put       the 3rd PUT of a first upload, in the calendar (the address book already done)
  multiget  the multiget REPORT of a first sync, in the calendar
  report    the sync-collection REPORT of a later sync, in the address book, with changes
            waiting on both sides of both collections

Each case has its own journal (6 people, 8 events) and its own principal on the server,
where another client has put 2 people and 2 events. The faulty `kith sync` must exit 1 with
one line `kith: <what failed> (<what to do>)` on standard error and no Swift backtrace (a
412 on a create, or a 409 or 412 on sync-collection, may instead be absorbed by design, and
the sync must then succeed); the journal
must pass SQLite's integrity check and keep every item it had, unchanged. The next `kith sync`, through
the same proxy, must exit 0; then the journal and the server must hold the same people
(UID, name) and events (UID, title), each UID once, nothing lost, and a third sync must
find nothing to do. The failing sync runs with `--timeout 5`, so a stall ends in 5 s; the
stall cases still run beside the others. Prints one line per case; exits 1 on any failure. CASE (e.g. 500-put) picks cases.
"""
import json, os, shutil, signal, sqlite3, subprocess, sys, tempfile, threading, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale, stop_radicale, unblock_signals

kith = sys.argv[1]
python = os.environ.get("KITH_PYTHON", sys.executable)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
proxy_script = os.path.join(root, "Tests", "KithSyncTests", "Support", "fault_proxy.py")
folder = tempfile.mkdtemp(prefix="kith-faults-")
env = dict(os.environ, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1")
actions = ["412", "404", "409", "500", "stall"]
places = ["put", "multiget", "report"]
wanted = sys.argv[2:] or [f"{a}-{p}" for a in actions for p in places]
# Faults the sync may absorb by design: a 412 on a create (it reads the item again and plans
# it afresh), a 409 or 412 on sync-collection (a refused token: it compares everything).
absorbed = {("412", "put"), ("412", "report"), ("409", "report")}
BACKTRACE = ("Fatal error", "Stack dump", "Current stack trace", "backtrace", "💣", "Illegal instruction", "Segmentation fault")

server, base = start_radicale(python, folder)
lock = threading.Lock()


class Failed(Exception):
    pass


class Proxy:
    """fault_proxy.py at `port` (0: a free one) with `rules`; stopped by its pid."""

    def __init__(self, rules, port=0, log=None):
        self.log = log
        self.process = subprocess.Popen([python, proxy_script, base, *rules], env=dict(os.environ, FAULT_PROXY_PORT=str(port)),
                                        stdout=subprocess.PIPE, stderr=open(log, "a") if log else subprocess.DEVNULL, text=True,
                                        preexec_fn=unblock_signals)
        line = self.process.stdout.readline()
        if not line.startswith("port "): raise Failed(f"fault_proxy.py did not start: {line!r}")
        self.port = int(line.split()[1])

    def faults(self):
        return [l.strip() for l in open(self.log)] if self.log else []

    def stop(self):
        stop_radicale(self.process)


def run_case(name):
    action, place = name.split("-")
    work = os.path.join(folder, name); os.makedirs(work)
    journal = os.path.join(work, "j.sqlite")
    user = f"u-{name}"

    def kith_run(*args, timeout=30, check=True):
        try:
            r = subprocess.run([kith, *args, "--journal", journal], env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failed(f"kith {' '.join(args)} hung: no exit within {timeout} s")
        if check and r.returncode != 0:
            raise Failed(f"kith {' '.join(args)} exited {r.returncode}: {r.stderr.strip()}")
        return r

    def journal_items():
        events = json.loads(kith_run("events", "--json").stdout)
        people = json.loads(kith_run("export", "json", "-o", "-").stdout)["people"]
        ids = [e["uid"] for e in events] + [p["uid"] for p in people]
        if len(ids) != len(set(ids)): raise Failed(f"a UID twice in the journal: {sorted(u for u in ids if ids.count(u) > 1)}")
        return {e["uid"]: e["title"] for e in events}, {p["uid"]: p["displayName"] for p in people}

    def server_items(path, field):
        store = os.path.join(folder, "store", "collection-root", *[p for p in path.split("/") if p])
        found = {}
        for file in os.listdir(store):
            if file.startswith("."): continue
            text = open(os.path.join(store, file), encoding="utf-8").read().replace("\r\n ", "").replace("\n ", "")
            uid = next(l[4:].strip() for l in text.splitlines() if l.startswith("UID:"))
            value = next(l[len(field):].strip().replace("\\,", ",") for l in text.splitlines() if l.startswith(field))
            if uid in found: raise Failed(f"{uid} twice on the server")
            found[uid] = value
        return found

    def put(path, file, body, kind):
        urllib.request.urlopen(urllib.request.Request(base + path + file, data=body.encode(), method="PUT",
                                                      headers={"Content-Type": "text/" + kind}))

    # The journal: 6 people and 8 events, never synced.
    cards = "".join(f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{name}-p{i}\r\nFN:Person {i}\r\nN:{i};Person;;;\r\nEND:VCARD\r\n" for i in range(6))
    events = "".join(f"BEGIN:VEVENT\r\nUID:{name}-e{i}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:202611{10 + i}T090000Z\r\n"
                     f"SUMMARY:Event {i}\r\nEND:VEVENT\r\n" for i in range(8))
    open(os.path.join(work, "p.vcf"), "w").write(cards)
    open(os.path.join(work, "e.ics"), "w").write(f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//faults//EN\r\n{events}END:VCALENDAR\r\n")
    kith_run("import", os.path.join(work, "p.vcf")); kith_run("import", os.path.join(work, "e.ics"))

    # The account, through a proxy without faults (the journal keeps its port).
    log = os.path.join(work, "proxy.log")
    proxy = Proxy([], log=log)
    port = proxy.port
    try:
        out = kith_run("sync", "add", "f", "--url", f"http://127.0.0.1:{port}/{user}/", "--user", user).stdout
        book = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("people:"))
        cal = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("events:"))
        bookpath, calpath = book.split(str(port), 1)[1], cal.split(str(port), 1)[1]
        # Another client's 2 people and 2 events.
        for i in range(2):
            put(bookpath, f"other-p{i}.vcf", f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{name}-other-p{i}\r\nFN:Other {i}\r\nN:{i};Other;;;\r\nEND:VCARD\r\n", "vcard")
            put(calpath, f"other-e{i}.ics", f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\nBEGIN:VEVENT\r\nUID:{name}-other-e{i}\r\n"
                f"DTSTAMP:20261101T000000Z\r\nDTSTART:20261120T1{i}0000Z\r\nSUMMARY:Other {i}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "calendar")
        if place == "report":
            kith_run("sync", "f")
            # Changes waiting on both sides: a rename and a new person here, a new event and a
            # changed name there.
            kith_run("person", "edit", "Person 1", "--name", "Person 1 here"); kith_run("person", "add", "Person new here")
            kith_run("log", "Event new here")
            put(calpath, "other-e9.ics", f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\nBEGIN:VEVENT\r\nUID:{name}-other-e9\r\n"
                f"DTSTAMP:20261101T000000Z\r\nDTSTART:20261121T100000Z\r\nSUMMARY:Other 9\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "calendar")
            put(bookpath, "other-p0.vcf", f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{name}-other-p0\r\nFN:Other 0 there\r\nN:0;Other;;;\r\nEND:VCARD\r\n", "vcard")
    finally:
        proxy.stop()
    before = journal_items()

    rule = {"put": f"PUT:3:{action}:{calpath}", "multiget": f"REPORT:1:{action}:{calpath}", "report": f"REPORT:1:{action}:{bookpath}"}[place]
    proxy = Proxy([rule], port=port, log=log)
    try:
        started = time.time()
        # kith waits 120 s for an answer by default; a stall case waits 5 s.
        first = kith_run("sync", "f", "--timeout", "5", timeout=120, check=False)
        took = time.time() - started
        fired = [l for l in proxy.faults() if l.startswith("fault ")]
        if not fired: raise Failed(f"the fault {rule} never fired; kith said: {first.stdout.strip()} {first.stderr.strip()}")
        error = first.stderr.strip()
        if any(b in first.stderr + first.stdout for b in BACKTRACE) or first.returncode < 0 or first.returncode > 2:
            raise Failed(f"crashed (exit {first.returncode}): {error[-800:]}")
        if first.returncode == 0:
            if (action, place) not in absorbed: raise Failed(f"exit 0 despite {fired[0]}: {first.stdout.strip()}")
            said = "absorbed: " + " | ".join(first.stdout.strip().splitlines())
        else:
            lines = error.splitlines()
            if first.returncode != 1 or len(lines) != 1 or not lines[0].startswith("kith: ") or not lines[0].endswith(")") or "(" not in lines[0]:
                raise Failed(f"not one `kith: what (what to do)` line, exit {first.returncode}: {error}")
            if action == "stall":
                if "no answer" not in error: raise Failed(f"the error does not say the server did not answer: {error}")
            elif action not in error and "gone from the server" not in error and "kept changing" not in error:
                raise Failed(f"the error does not say what the server answered: {error}")
            said = error
        # The journal is intact: SQLite's own check, and every item it had is still there.
        with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok": raise Failed(f"integrity_check: {check}")
        during = journal_items()
        for kind, had, has in zip(("events", "people"), before, during):
            gone = {u: t for u, t in had.items() if has.get(u) != t}
            if gone and first.returncode != 0: raise Failed(f"the failed sync changed or lost {kind} of the journal: {gone}")
        # The next sync, through the same proxy, completes; then both sides agree.
        second = kith_run("sync", "f", timeout=120, check=False)
        if second.returncode != 0: raise Failed(f"the next sync failed (exit {second.returncode}): {second.stderr.strip()}")
        ev, pe = journal_items()
        sev, spe = server_items(calpath, "SUMMARY:"), server_items(bookpath, "FN:")
        if ev != sev: raise Failed(f"events differ: journal {sorted(ev.items())} server {sorted(sev.items())}")
        if pe != spe: raise Failed(f"people differ: journal {sorted(pe.items())} server {sorted(spe.items())}")
        expected_people = {f"{name}-p{i}" for i in range(6)} | {f"{name}-other-p{i}" for i in range(2)}
        expected_events = {f"{name}-e{i}" for i in range(8)} | {f"{name}-other-e{i}" for i in range(2)}
        if place == "report": expected_people.add(next(u for u, n in pe.items() if n == "Person new here"))
        if place == "report": expected_events |= {f"{name}-other-e9", next(u for u, t in ev.items() if t == "Event new here")}
        if not expected_people <= set(pe) or not expected_events <= set(ev):
            raise Failed(f"lost: {sorted((expected_people - set(pe)) | (expected_events - set(ev)))}")
        if len(pe) != len(expected_people) or len(ev) != len(expected_events):
            raise Failed(f"extra items: people {sorted(set(pe) - expected_people)}, events {sorted(set(ev) - expected_events)}")
        if place == "report" and (pe.get(f"{name}-p1") != "Person 1 here" or pe.get(f"{name}-other-p0") != "Other 0 there"):
            raise Failed(f"an edit was lost: {pe}")
        third = kith_run("sync", "f", timeout=60).stdout
        if third.count("up to date") != 2: raise Failed(f"a third sync still had work: {third.strip()}")
        return f"ok    {name:<15} {fired[0][6:].split(' ')[0]} {'(' + str(round(took)) + ' s) ' if took > 5 else ''}-> {said}"
    finally:
        proxy.stop()


results = {}
def record(name):
    try:
        line = run_case(name)
    except Failed as e:
        line = f"FAIL  {name:<15} {e}"
    except Exception as e:
        line = f"FAIL  {name:<15} {type(e).__name__}: {e}"
    with lock:
        results[name] = line
        print(line, flush=True)

try:
    started = time.time()
    # The stall cases wait for kith's time limit (5 s here): beside the others, not after them.
    slow = [threading.Thread(target=record, args=(n,)) for n in wanted if n.startswith("stall")]
    for t in slow: t.start()
    for n in wanted:
        if not n.startswith("stall"): record(n)
    for t in slow: t.join()
    failed = [n for n, l in results.items() if l.startswith("FAIL")]
    print(f"faults: {len(wanted)} cases, {len(wanted) - len(failed)} passed, {len(failed)} failed, {time.time() - started:.0f} s")
    sys.exit(1 if failed else 0)
finally:
    stop_radicale(server)
    shutil.rmtree(folder, ignore_errors=True)
