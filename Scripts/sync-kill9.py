#!/usr/bin/env python3
"""kill -9 during `kith sync` (issue 20): the next sync converges.

Usage: sync-kill9.py KITH_BINARY [EVENTS]

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid),
imports EVENTS events into a fresh journal, and kills `kith sync` with SIGKILL at spread
points of its run (the first upload, then rounds with edits on both sides in between).
After each kill the next sync must complete; at the end the journal and the server hold the
same events, no UID twice on the server, every edit made on either side present, and no
sync after a kill reported a conflict (no edit was made on both sides of one event).
"""
import os, random, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request, json

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale

kith = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
python = os.environ.get("KITH_PYTHON", sys.executable)
folder = tempfile.mkdtemp(prefix="kith-kill9-")
env = dict(os.environ, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8")
journal = os.path.join(folder, "j.sqlite")
rng = random.Random(9)

server, base = start_radicale(python, folder)

def run(*args):
    r = subprocess.run([kith, *args, "--journal", journal], env=env, capture_output=True, text=True)
    if r.returncode != 0: raise SystemExit(f"kith {' '.join(args)} failed: {r.stderr.strip()}")
    return r.stdout

try:
    ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kill9//EN"]
    for i in range(count):
        ics += ["BEGIN:VEVENT", f"UID:kill9-{i}@test", "DTSTAMP:20261101T000000Z", f"DTSTART:202611{1 + i % 27:02d}T{8 + i % 10:02d}0000Z",
                f"SUMMARY:event {i}", "END:VEVENT"]
    ics.append("END:VCALENDAR")
    with open(os.path.join(folder, "events.ics"), "w") as f: f.write("\r\n".join(ics) + "\r\n")
    run("import", os.path.join(folder, "events.ics"))
    out = run("sync", "add", "k", "--url", base + "/u/", "--user", "u")
    cal = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("events:"))
    calpath = cal[len(base):]
    store = os.path.join(folder, "store", "collection-root", *[p for p in calpath.split("/") if p])

    def server_events():
        found = {}
        for name in os.listdir(store):
            if not name.endswith(".ics"): continue
            text = open(os.path.join(store, name), encoding="utf-8").read().replace("\r\n ", "")
            uid = next(l[4:].strip() for l in text.splitlines() if l.startswith("UID:"))
            title = next(l[8:].strip() for l in text.splitlines() if l.startswith("SUMMARY:"))
            found.setdefault(uid, []).append((name, title))
        return found

    def local_events():
        return {e["uid"]: e for e in json.loads(run("events", "--json"))}

    kills, conflicts, expected = 0, 0, {}
    delays = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 1.8]
    for round, delay in enumerate(delays):
        p = subprocess.Popen([kith, "sync", "k", "--journal", journal], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if p.poll() is None:
            p.send_signal(signal.SIGKILL); kills += 1
        p.wait()
        # Edits on both sides, never on the same event: none may be lost, none is a conflict.
        local = local_events()
        untouched = sorted((e for e in local.values() if e["uid"] not in expected), key=lambda e: e["uid"])
        for e in rng.sample(untouched, min(3, len(untouched))):
            title = f"{e['title']} / local {round}"
            run("edit", str(e["id"]), "--title", title); expected[e["uid"]] = title
        srv = server_events()
        candidates = sorted(u for u in srv if u not in expected)
        for uid in rng.sample(candidates, min(3, len(candidates))):
            name = srv[uid][0][0]
            text = open(os.path.join(store, name), encoding="utf-8").read().replace("\r\n ", "")
            title = srv[uid][0][1] + f" / server {round}"
            body = "\r\n".join(("SUMMARY:" + title) if l.startswith("SUMMARY:") else l for l in text.splitlines()) + "\r\n"
            urllib.request.urlopen(urllib.request.Request(base + calpath + name, data=body.encode(), method="PUT", headers={"Content-Type": "text/calendar"}))
            expected[uid] = title
    for _ in range(2):
        out = run("sync", "k")
        conflicts += out.count("conflict:")
        for line in out.splitlines():
            if "conflict:" in line: print(line)
    srv, local = server_events(), local_events()
    dup = [u for u, v in srv.items() if len(v) > 1]
    lost = [u for u, t in expected.items() if local.get(u, {}).get("title") != t or srv.get(u, [("", "")])[0][1] != t]
    same = {u: e["title"] for u, e in local.items()} == {u: v[0][1] for u, v in srv.items()}
    print(f"kill9: {count} events, {kills} kills at {delays} s; server {len(srv)}, journal {len(local)}; same: {same}; "
          f"duplicated: {len(dup)}; edits lost: {len(lost)} of {len(expected)}; conflicts: {conflicts}")
    sys.exit(0 if same and not dup and not lost and conflicts == 0 and len(srv) == count else 1)
finally:
    server.terminate(); server.wait()
    shutil.rmtree(folder, ignore_errors=True)
