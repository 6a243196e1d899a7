#!/usr/bin/env python3
"""A bounded sync soak (issue 20): two journals and one Radicale, random edits on all three.

Usage: sync-soak.py KITH_BINARY [OPERATIONS] [SEED]

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid),
makes journal a from `kith tour`, syncs it, adds journal b on the same collections, then
runs OPERATIONS random operations: on a or b `kith log` / `kith edit --title` / `kith remove`,
on the server a curl-like PUT of a changed SUMMARY, a PUT of a new event, or a DELETE; both
journals sync every few operations. At the end it syncs until quiet and checks that a, b and
the server hold the same events (UID and title), no UID twice, and no event lost (every event
created and never deleted by anyone is there). Prints the figures; exits 1 on a difference.
"""
import json, os, random, shutil, socket, subprocess, sys, tempfile, time, urllib.request, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale

kith = sys.argv[1]
operations = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20)
python = os.environ.get("KITH_PYTHON", sys.executable)
folder = tempfile.mkdtemp(prefix="kith-soak-")
env = dict(os.environ, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8")

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

syncs = 0
def sync(j):
    global syncs
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
    calpath = cal[len(base):]
    store = os.path.join(folder, "store", "collection-root", *[p for p in calpath.split("/") if p])

    def events(j):
        return {e["uid"]: e for e in json.loads(run("events", "--json", journal=j))}
    def server_events():
        found = {}
        for name in os.listdir(store):
            if not name.endswith(".ics"): continue
            text = open(os.path.join(store, name), encoding="utf-8").read().replace("\r\n ", "").replace("\n ", "")
            uid = next(l[4:].strip() for l in text.splitlines() if l.startswith("UID:"))
            title = next(l[8:].strip().replace("\\,", ",") for l in text.splitlines() if l.startswith("SUMMARY:"))
            found.setdefault(uid, []).append((name, title))
        return found

    created, deleted = set(), set()
    counts = {}
    for i in range(operations):
        op = rng.choice(["log", "log", "edit", "edit", "remove", "put-edit", "put-new", "delete"])
        counts[op] = counts.get(op, 0) + 1
        j = rng.choice(["a", "b"])
        if op == "log":
            title = f"soak {i} on {j}"
            run("log", title, journal=j)
            created.update(u for u, e in events(j).items() if e["title"] == title)
        elif op in ("edit", "remove"):
            evs = list(events(j).values())
            if not evs: continue
            e = rng.choice(evs)
            if op == "edit": run("edit", str(e["id"]), "--title", f"{e['title']} / edit {i} on {j}", journal=j)
            else: run("remove", str(e["id"]), journal=j); deleted.add(e["uid"])
        else:
            items = server_events()
            if op == "put-new":
                uid = f"soak-{i}-{uuid.uuid4()}@server"
                body = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//soak//EN\r\nBEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20261127T120000Z\r\nDTSTART:20261120T120000Z\r\nSUMMARY:soak {i} on server\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                code, _ = http("PUT", base + calpath + f"soak-{i}.ics", body.encode(), {"Content-Type": "text/calendar", "If-None-Match": "*"})
                assert code in (200, 201, 204), code
                created.add(uid)
            elif items:
                uid = rng.choice(sorted(items))
                name = items[uid][0][0]
                if op == "delete":
                    http("DELETE", base + calpath + name); deleted.add(uid)
                else:
                    text = open(os.path.join(store, name), encoding="utf-8").read()
                    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
                    lines = []
                    for l in text.replace("\r\n ", "").replace("\n ", "").splitlines():
                        if l.startswith("SUMMARY:"): l = l + f" / edit {i} on server"
                        if l.startswith("LAST-MODIFIED:") or l.startswith("DTSTAMP:"): l = l.split(":")[0] + ":" + stamp
                        lines.append(l)
                    http("PUT", base + calpath + name, ("\r\n".join(lines) + "\r\n").encode(), {"Content-Type": "text/calendar"})
        if i % 8 == 7:
            sync("a"); sync("b")
    for _ in range(3):
        sync("a"); sync("b")
    a, b, srv = events("a"), events("b"), server_events()
    dup = [u for u, v in srv.items() if len(v) > 1]
    ta = {u: e["title"] for u, e in a.items()}
    tb = {u: e["title"] for u, e in b.items()}
    ts = {u: v[0][1] for u, v in srv.items()}
    lost = sorted(u for u in created - deleted if u not in ts)
    same = ta == tb == ts
    print(f"soak: {operations} operations {dict(sorted(counts.items()))}, {syncs} syncs; "
          f"events a {len(ta)}, b {len(tb)}, server {len(ts)}; same on all three: {same}; "
          f"duplicated: {len(dup)}; lost: {len(lost)}")
    if not same:
        for u in sorted(set(ta) | set(tb) | set(ts)):
            if not (ta.get(u) == tb.get(u) == ts.get(u)): print("  differs:", u, ta.get(u), "|", tb.get(u), "|", ts.get(u))
    sys.exit(0 if same and not dup and not lost else 1)
finally:
    server.terminate(); server.wait()
    shutil.rmtree(folder, ignore_errors=True)
