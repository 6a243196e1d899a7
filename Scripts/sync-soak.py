#!/usr/bin/env python3
"""A bounded sync soak (issue 20): two journals and one Radicale, random edits on all three.

Usage: sync-soak.py KITH_BINARY [OPERATIONS] [SEED]

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid),
makes journal a from `kith tour`, syncs it, adds journal b on the same collections, then
runs OPERATIONS random operations on events and people: on a or b `kith log` / `kith edit
--title` / `kith remove` and `kith person add` / `kith person edit --name` / `kith person
remove`; on the server a curl-like PUT of a changed SUMMARY or FN, a PUT of a new event or
vCard, or a DELETE. Both journals sync every 8 operations. At the end each syncs three
more times and it checks that a, b and the server hold the same events (UID and title) and
the same people (UID and name); no UID twice on the server or in a journal; no two people
of one name (every name made is new, so a person copied under a new UID shows); nothing
lost (every event or person created and never deleted by anyone is there). Prints the
figures; exits 1 on any difference.

A journal's events and its people are read (`kith events --json`, `kith export json`) only
when an operation needs them after a sync or an addition; its own edits update that copy.
"""
import json, os, random, shutil, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale, stop_radicale

kith = sys.argv[1]
operations = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20)
python = os.environ.get("KITH_PYTHON", sys.executable)
folder = tempfile.mkdtemp(prefix="kith-soak-")
env = dict(os.environ, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8")
started = time.time()

server, base = start_radicale(python, folder)

def run(*args, journal):
    r = subprocess.run([kith, *args, "--journal", os.path.join(folder, journal + ".sqlite")], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"kith {' '.join(args)} ({journal}) failed: {r.stderr.strip()}")
    return r.stdout

def http(method, url, body=None, headers={}):
    req = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req) as r: return r.status, r.read()
    except urllib.error.HTTPError as e: return e.code, b""

# Each journal's events {uid: {"id", "title"}} and people {uid: name}, each read only when
# an operation needs it; titles and names added since the last read wait in `pending`.
views = {(j, kind): None for j in "ab" for kind in ("events", "people")}
pending = {key: set() for key in views}
created, deleted = set(), set()
twice = set()  # a UID twice in a journal, or two people of one name (every name made is new)

def view(j, kind):
    if views[j, kind] is None:
        if kind == "events":
            rows = json.loads(run("events", "--json", journal=j))
            items = {e["uid"]: {"id": e["id"], "title": e["title"]} for e in rows}
            created.update(u for u, e in items.items() if e["title"] in pending[j, kind])
        else:
            rows = json.loads(run("export", "json", "-o", "-", journal=j))["people"]
            items = {p["uid"]: p["displayName"] for p in rows}
            twice.update(n for n in items.values() if list(items.values()).count(n) > 1)  # one person copied under a new UID
            created.update(u for u, n in items.items() if n in pending[j, kind])
        twice.update(u for u in items if sum(r["uid"] == u for r in rows) > 1)
        pending[j, kind].clear()
        views[j, kind] = items
    return views[j, kind]

syncs = 0
def sync(j):
    global syncs
    for kind in ("events", "people"):
        if pending[j, kind]: view(j, kind)
        views[j, kind] = None
    syncs += 1
    return run("sync", "soak", journal=j)

try:
    run("tour", journal="a")
    out = run("sync", "add", "soak", "--url", base + "/u/", "--user", "u", journal="a")
    book = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("people:"))
    cal = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("events:"))
    sync("a")
    run("sync", "add", "soak", "--url", base + "/u/", "--user", "u", "--addressbook", book, "--calendar", cal, journal="b")
    sync("b")
    paths = {"ics": cal[len(base):], "vcf": book[len(base):]}
    stores = {k: os.path.join(folder, "store", "collection-root", *[p for p in v.split("/") if p]) for k, v in paths.items()}
    field = {"ics": "SUMMARY:", "vcf": "FN:"}

    def server_items(kind):
        """{uid: [(file name, title or name)]} as Radicale stores them."""
        found = {}
        for name in os.listdir(stores[kind]):
            if not name.endswith("." + kind): continue
            text = open(os.path.join(stores[kind], name), encoding="utf-8").read().replace("\r\n ", "").replace("\n ", "")
            uid = next(l[4:].strip() for l in text.splitlines() if l.startswith("UID:"))
            title = next(l[len(field[kind]):].strip().replace("\\,", ",") for l in text.splitlines() if l.startswith(field[kind]))
            found.setdefault(uid, []).append((name, title))
        return found

    def server_put_new(kind, i):
        uid = f"soak-{i}@server"
        if kind == "ics":
            body = (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//soak//EN\r\nBEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20261127T120000Z\r\n"
                    f"DTSTART:20261120T120000Z\r\nSUMMARY:soak {i} on server\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            kind_type = "text/calendar"
        else:
            body = f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nFN:Server Person {i}\r\nN:Person {i};Server;;;\r\nEND:VCARD\r\n"
            kind_type = "text/vcard"
        code, _ = http("PUT", base + paths[kind] + f"soak-{i}.{kind}", body.encode(), {"Content-Type": kind_type, "If-None-Match": "*"})
        assert code in (200, 201, 204), code
        created.add(uid)

    def server_put_edit(kind, name, i):
        text = open(os.path.join(stores[kind], name), encoding="utf-8").read()
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        lines = []
        for l in text.replace("\r\n ", "").replace("\n ", "").splitlines():
            if l.startswith(field[kind]): l = l + (f" / edit {i} on server" if kind == "ics" else f" S{i}")
            if l.split(":")[0] in ("LAST-MODIFIED", "DTSTAMP", "REV"): l = l.split(":")[0] + ":" + stamp
            lines.append(l)
        http("PUT", base + paths[kind] + name, ("\r\n".join(lines) + "\r\n").encode(), {"Content-Type": "text/calendar" if kind == "ics" else "text/vcard"})

    counts = {}
    ops = ["log", "log", "edit", "edit", "remove", "put-edit", "put-new", "delete",
           "person-add", "person-edit", "person-remove", "card-edit", "card-new", "card-delete"]
    for i in range(operations):
        op = rng.choice(ops)
        counts[op] = counts.get(op, 0) + 1
        j = rng.choice(["a", "b"])
        if op == "log":
            title = f"soak {i} on {j}"
            run("log", title, journal=j)
            pending[j, "events"].add(title); views[j, "events"] = None
        elif op in ("edit", "remove"):
            evs = view(j, "events")
            if len(evs) < 3: continue
            uid = rng.choice(sorted(evs))
            if op == "edit":
                title = f"{evs[uid]['title']} / edit {i} on {j}"
                run("edit", str(evs[uid]["id"]), "--title", title, journal=j)
                evs[uid]["title"] = title
            else:
                run("remove", str(evs[uid]["id"]), journal=j)
                deleted.add(uid); del evs[uid]
        elif op == "person-add":
            name = f"Soak Person {i}{j}"
            run("person", "add", name, journal=j)
            pending[j, "people"].add(name); views[j, "people"] = None
        elif op in ("person-edit", "person-remove"):
            people = view(j, "people")
            if len(people) < 3: continue
            uid = rng.choice(sorted(people))
            if op == "person-edit":
                name = f"{people[uid]} {j.upper()}{i}"
                run("person", "edit", people[uid], "--name", name, journal=j)
                people[uid] = name
            else:
                run("person", "remove", people[uid], journal=j)
                deleted.add(uid); del people[uid]
                views[j, "events"] = None  # their events changed too
        else:
            kind = "vcf" if op.startswith("card-") else "ics"
            if op.endswith("new"):
                server_put_new(kind, i)
                continue
            items = server_items(kind)
            if len(items) < 3: continue
            uid = rng.choice(sorted(items))
            name = items[uid][0][0]
            if op.endswith("delete"):
                http("DELETE", base + paths[kind] + name); deleted.add(uid)
            else:
                server_put_edit(kind, name, i)
        if i % 8 == 7:
            sync("a"); sync("b")
    for _ in range(3):
        sync("a"); sync("b")
    a = {kind: view("a", kind) for kind in ("events", "people")}
    b = {kind: view("b", kind) for kind in ("events", "people")}
    srv = {"events": server_items("ics"), "people": server_items("vcf")}
    dup = [u for kind in srv.values() for u, v in kind.items() if len(v) > 1] + sorted(twice)
    names = [v[0][1] for v in srv["people"].values()]
    dup += sorted({n for n in names if names.count(n) > 1})
    same, sizes = {}, {}
    for kind in ("events", "people"):
        ta = {u: (e["title"] if kind == "events" else e) for u, e in a[kind].items()}
        tb = {u: (e["title"] if kind == "events" else e) for u, e in b[kind].items()}
        ts = {u: v[0][1] for u, v in srv[kind].items()}
        same[kind] = ta == tb == ts
        sizes[kind] = f"a {len(ta)}, b {len(tb)}, server {len(ts)}"
        if not same[kind]:
            for u in sorted(set(ta) | set(tb) | set(ts)):
                if not (ta.get(u) == tb.get(u) == ts.get(u)): print(f"  {kind} differ:", u, ta.get(u), "|", tb.get(u), "|", ts.get(u))
    everywhere = set(a["events"]) | set(a["people"])
    lost = sorted(u for u in created - deleted if u not in everywhere)
    print(f"soak: {operations} operations {dict(sorted(counts.items()))}, {syncs} syncs, {time.time() - started:.0f} s; "
          f"events {sizes['events']}; people {sizes['people']}; same on all three: {same['events'] and same['people']} "
          f"(events {same['events']}, people {same['people']}); duplicated: {len(dup)}; lost: {len(lost)}")
    sys.exit(0 if all(same.values()) and not dup and not lost else 1)
finally:
    stop_radicale(server)
    shutil.rmtree(folder, ignore_errors=True)
