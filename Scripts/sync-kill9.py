#!/usr/bin/env python3
"""kill -9 during `kith sync` (issue 20): the next sync converges.

Usage: sync-kill9.py KITH_BINARY [EVENTS]

Starts Radicale on 127.0.0.1 at a free port with temporary storage (stopped by its pid),
imports EVENTS events and EVENTS/5 people into a fresh journal, and kills `kith sync` with
SIGKILL at spread points of its run (the first upload, then rounds with edits on both sides
in between: event titles, and people's names by `kith person edit` and by a PUT of a
changed FN). After each kill the next sync must complete; at the end the journal and the
server hold the same events (UID, title) and people (UID, name), no UID twice on the
server, every edit made on either side present, and no sync after a kill reported a
conflict (no edit was made on both sides of one item).
"""
import os, random, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request, json

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_radicale import start_radicale, stop_radicale

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
    people = count // 5
    with open(os.path.join(folder, "people.vcf"), "w") as f:
        f.write("".join(f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:kill9-person-{i}@test\r\nFN:Person {i}\r\nN:{i};Person;;;\r\nEND:VCARD\r\n"
                        for i in range(people)))
    run("import", os.path.join(folder, "events.ics"))
    run("import", os.path.join(folder, "people.vcf"))
    out = run("sync", "add", "k", "--url", base + "/u/", "--user", "u")
    cal = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("events:"))
    book = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("people:"))
    calpath, bookpath = cal[len(base):], book[len(base):]
    store = os.path.join(folder, "store", "collection-root", *[p for p in calpath.split("/") if p])
    bookstore = os.path.join(folder, "store", "collection-root", *[p for p in bookpath.split("/") if p])

    def server_people():
        found = {}
        for name in os.listdir(bookstore):
            if not name.endswith(".vcf"): continue
            text = open(os.path.join(bookstore, name), encoding="utf-8").read().replace("\r\n ", "")
            uid = next(l[4:].strip() for l in text.splitlines() if l.startswith("UID:"))
            fn = next(l[3:].strip() for l in text.splitlines() if l.startswith("FN:"))
            found.setdefault(uid, []).append((name, fn))
        return found

    def local_people():
        return {p["uid"]: p["displayName"] for p in json.loads(run("export", "json", "-o", "-"))["people"]}

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

    kills, conflicts, expected, expected_people = 0, 0, {}, {}
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
        # One person renamed on each side.
        local = local_people()
        uid = rng.choice(sorted(u for u in local if u not in expected_people))
        name = f"{local[uid]} local{round}"
        run("person", "edit", local[uid], "--name", name); expected_people[uid] = name
        srv = server_people()
        candidates = sorted(u for u in srv if u not in expected_people)
        for uid in rng.sample(candidates, min(1, len(candidates))):
            name, text = srv[uid][0][1] + f" server{round}", open(os.path.join(bookstore, srv[uid][0][0]), encoding="utf-8").read().replace("\r\n ", "")
            body = "\r\n".join(("FN:" + name) if l.startswith("FN:") else l for l in text.splitlines()) + "\r\n"
            urllib.request.urlopen(urllib.request.Request(base + bookpath + srv[uid][0][0], data=body.encode(), method="PUT", headers={"Content-Type": "text/vcard"}))
            expected_people[uid] = name
    for _ in range(2):
        out = run("sync", "k")
        conflicts += out.count("conflict:")
        for line in out.splitlines():
            if "conflict:" in line: print(line)
    srv, local = server_events(), local_events()
    srv_people, people_here = server_people(), local_people()
    dup = [u for u, v in list(srv.items()) + list(srv_people.items()) if len(v) > 1]
    lost = [u for u, t in expected.items() if local.get(u, {}).get("title") != t or srv.get(u, [("", "")])[0][1] != t]
    lost += [u for u, n in expected_people.items() if people_here.get(u) != n or srv_people.get(u, [("", "")])[0][1] != n]
    same = {u: e["title"] for u, e in local.items()} == {u: v[0][1] for u, v in srv.items()}
    same_people = people_here == {u: v[0][1] for u, v in srv_people.items()}
    print(f"kill9: {count} events, {people} people, {kills} kills at {delays} s; server {len(srv)} events, {len(srv_people)} people, "
          f"journal {len(local)}, {len(people_here)}; same: {same and same_people}; duplicated: {len(dup)}; "
          f"edits lost: {len(lost)} of {len(expected) + len(expected_people)}; conflicts: {conflicts}")
    sys.exit(0 if same and same_people and not dup and not lost and conflicts == 0 and len(srv) == count and len(srv_people) == people else 1)
finally:
    stop_radicale(server)
    shutil.rmtree(folder, ignore_errors=True)
