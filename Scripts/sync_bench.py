"""`kith sync`'s speed against real servers (issue 20), for Scripts/sync-bench.sh.

    sync_bench.py --bin DIR --journal J [--servers xandikos,radicale] [--runs N]
                  [--upload N] [--rows FILE] [--label TEXT]

For each server (Xandikos, Radicale; both from the venv this runs in), on 127.0.0.1 at a
free port with storage in a temporary folder, stopped by its pid:

1. `kith sync add bench` on a copy of journal J (discovery creates the address book and the
   calendar, MKCOL and MKCALENDAR); `kith-bench sync-bodies` writes the body Kith would send
   for each person and event; those files are put straight into the server's storage
   (Radicale: files in the collection's folder; Xandikos: all blobs in one git commit),
   since uploading 110,000 items one PUT at a time takes a DAV server hours.
2. The first `kith sync bench --json`, timed: a full listing, a fetch of every item, each
   found to match (adopted) and its status row written. On Radicale an untimed whole listing
   (PROPFIND Depth 1) comes first: Radicale parses every item once to build its cache, which
   is the server's one-off cost, not the client's. Every item must be adopted: any other
   action means a body did not read back as Kith wrote it (the row counts them). When the
   first sync fails (Radicale lists 100,000 events in 40 s to over a minute; `kith sync` waits
   120 s), `kith-bench sync-record` writes the status rows and token it would have, and the
   row says so.
3. N no-change `kith sync bench --json`: the median wall time, the requests the server saw
   per sync (from its log: a PROPFIND of the collection's sync token, or the sync-collection
   REPORT when that probe is not worth it on the server), and the median time the server
   spends answering the same bare requests (urllib, on loopback), beside what a bare REPORT
   with the same token costs (what a client without the probe pays). Kith's own share: on
   Radicale, each sync's wall time less the time Radicale logged for its answers; on Xandikos
   (which logs no times), the median wall time less the bare requests'.
4. The first upload: a fresh journal of U people (default 1,000; only people), `kith sync`
   (one PUT each, If-None-Match: *) against vdirsyncer 0.21 uploading the same people (a vdir
   from `kith export vdir`) to a new address book on the same server; items per second of
   each whole command.

Prints what it does on stderr and one TSV row per figure (bench.sh's row format) to --rows,
or a markdown table on stdout. Exits 1 when a step failed (its cells read `failed`).
"""

import argparse, json, os, re, shutil, socket, sqlite3, statistics, subprocess, sys, tempfile, time
import urllib.request

PY = sys.executable
VENV_BIN = os.path.dirname(PY)


def say(*args):
    print("sync-bench:", *args, file=sys.stderr, flush=True)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """A Radicale or Xandikos on 127.0.0.1 at a free port, storage under `folder`, its log in
    folder/server.log, stopped by its pid."""

    def __init__(self, kind, folder, port=None):
        self.kind, self.folder = kind, folder
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.storage = os.path.join(folder, "storage")
        os.makedirs(folder, exist_ok=True)
        self.log_path = os.path.join(folder, "server.log")
        env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_CONFIG_HOME=folder)
        if kind == "radicale":
            # Logging at info: one line per request, and each response's own time.
            args = [PY, "-m", "radicale", "--storage-filesystem-folder", self.storage, "--server-hosts", f"127.0.0.1:{self.port}",
                    "--auth-type", "none", "--logging-level", "info"]
        else:
            args = [os.path.join(VENV_BIN, "xandikos"), "serve", "--defaults", "-d", self.storage, "-l", "127.0.0.1", "-p", str(self.port),
                    "--state-dir", os.path.join(folder, "state")]
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL, env=env)
        deadline = time.time() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    self.stop()
                    raise RuntimeError(f"{kind} did not start: {self.log_text()[-2000:]}")
                time.sleep(0.1)

    def log_text(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def requests(self):
        """The requests the server logged so far, as (method, path)."""
        text = self.log_text()
        if self.kind == "radicale":
            return re.findall(r"\] (\w+) request for '([^']*)'", text)
        return re.findall(r'"([A-Z]+) (\S+) HTTP/1\.[01]"', text)

    def response_seconds(self):
        """Radicale: the time it logged for each answer so far (Xandikos logs none)."""
        if self.kind != "radicale":
            return None
        return [float(t) for t in re.findall(r"response status for '[^']*'.*? in ([0-9.]+) seconds", self.log_text())]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def run(args, env=None, check=True):
    """Runs a command; returns (seconds, stdout)."""
    start = time.perf_counter()
    done = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:3])}... exited {done.returncode}: {done.stderr.decode(errors='replace')[-1500:]}")
    return seconds, done.stdout.decode()


def copy_journal(source, target):
    """A copy by SQLite's online backup: reads the source (and its WAL), writes only the copy."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    src.backup(dst)
    dst.close()
    src.close()


def collection_path(url):
    """/kith/kith/ from http://127.0.0.1:PORT/kith/kith/."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def seed_radicale(server, path, folder):
    target = os.path.join(server.storage, "collection-root", path.strip("/"))
    for name in os.listdir(folder):
        shutil.copyfile(os.path.join(folder, name), os.path.join(target, name))


def seed_xandikos(server, path, folder):
    """All the files in one commit of the collection's git repository (Xandikos keeps a
    collection as a git work tree and reads its items from the index)."""
    import dulwich.repo
    from dulwich.index import index_entry_from_stat
    from dulwich.objects import Blob

    repo = dulwich.repo.Repo(os.path.join(server.storage, path.strip("/")))
    index = repo.open_index()
    blobs = []
    for name in sorted(os.listdir(folder)):
        target = os.path.join(repo.path, name)
        shutil.copyfile(os.path.join(folder, name), target)
        with open(target, "rb") as f:
            blob = Blob.from_string(f.read())
        blobs.append(blob)
        index[name.encode()] = index_entry_from_stat(os.lstat(target), blob.id)
    repo.object_store.add_objects([(b, None) for b in blobs])
    tree = index.commit(repo.object_store)
    index.write()
    repo.get_worktree().commit(message=b"Seed from kith-bench sync-bodies", tree=tree,
                               committer=b"sync-bench <sync-bench@localhost>", author=b"sync-bench <sync-bench@localhost>")


def dav(method, url, body=None, depth=None, user="kith"):
    """One request; returns (seconds, status, response bytes)."""
    headers = {"Content-Type": "application/xml; charset=utf-8"}
    if depth is not None:
        headers["Depth"] = depth
    import base64
    headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:x".encode()).decode()
    request = urllib.request.Request(url, data=body.encode() if body else None, method=method, headers=headers)
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=3600) as response:
        data = response.read()
        status = response.status
    return time.perf_counter() - start, status, data


TOKEN_PROPFIND = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>"""

SYNC_REPORT = """<?xml version="1.0" encoding="utf-8"?>
<D:sync-collection xmlns:D="DAV:"><D:sync-token>{}</D:sync-token><D:sync-level>1</D:sync-level>
<D:prop><D:getetag/></D:prop></D:sync-collection>"""
LISTING = """<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:resourcetype/></D:prop></D:propfind>"""


def collections(out):
    """The collection reports of `kith sync --json` (a list of account reports)."""
    return [c for account in json.loads(out) for c in account["collections"]]


def median(values):
    return statistics.median(values) if values else None


def fmt(seconds):
    return "failed" if seconds is None else f"{seconds:.3f}"


def commas(n):
    return f"{n:,}"


class Bench:
    def __init__(self, options):
        self.o = options
        self.kith = os.path.join(options.bin, "kith")
        self.kith_bench = os.path.join(options.bin, "kith-bench")
        self.rows = []
        self.failed = False
        counts = sqlite3.connect(f"file:{options.journal}?mode=ro", uri=True)
        self.people = counts.execute("SELECT count(*) FROM person").fetchone()[0]
        self.events = counts.execute("SELECT count(*) FROM event").fetchone()[0]
        counts.close()

    def row(self, what, peer, peer_value, kith_value, target):
        self.rows.append((what, peer, peer_value, kith_value, target))

    def env(self, journal):
        return dict(os.environ, KITH_JOURNAL=journal, KITH_SYNC_PASSWORD="x", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1")

    # --- no-change syncs -------------------------------------------------------------------
    def no_change(self, kind, tmp):
        o = self.o
        size = f"{commas(self.people)} people, {commas(self.events)} events"
        # With --keep, the seeded server and the synced journal copy stay in KEEP/KIND and a
        # later run with the same source journal starts from them (same port: the account's
        # URLs name it), measuring only the no-change syncs: Radicale's first listing of
        # 100,000 events alone takes a quarter of an hour.
        folder = os.path.join(o.keep or tmp, kind)
        state_path = os.path.join(folder, "state.json")
        st = os.stat(o.journal)
        source = {"journal": os.path.abspath(o.journal), "size": st.st_size, "mtime": st.st_mtime}
        state = None
        if o.keep and os.path.exists(state_path):
            with open(state_path) as f:
                state = json.load(f)
            if state.get("source") != source:
                state = None
        if state is None and os.path.exists(folder):
            shutil.rmtree(folder)
        journal = os.path.join(folder, "journal.sqlite")
        server = None
        try:
            server = Server(kind, os.path.join(folder, "server"), port=state and state["port"])
            env = self.env(journal)
            if state:
                say(f"{kind}: reusing the seeded server and synced journal in {folder}")
                first, adopted, other = state["first"], state["adopted"], state["other"]
            else:
                first, adopted, other = self.seed_and_adopt(kind, server, journal, folder)
                if o.keep:
                    with open(state_path, "w") as f:
                        json.dump({"source": source, "port": server.port, "first": first, "adopted": adopted, "other": other}, f)
            urls = self.collection_urls(journal)
            # No-change syncs.
            walls, per_sync, shares = [], [], []
            for i in range(o.runs):
                before = len(server.requests())
                answered = len(server.response_seconds() or [])
                seconds, out = run([self.kith, "sync", "bench", "--json"], env)
                requests = server.requests()[before:]
                logged = server.response_seconds()
                if logged is not None:
                    # Kith's share of this very sync: its wall time less the server's own.
                    shares.append(seconds - sum(logged[answered:]))
                changed = [c for c in collections(out) if c.get("plan")]
                if changed:
                    say(f"{kind}: no-change sync {i + 1} planned {sum(len(c['plan']) for c in changed)} actions")
                    self.failed = True
                walls.append(seconds)
                per_sync.append(requests)
                say(f"{kind}: no-change sync {i + 1}: {seconds:.3f} s, requests {', '.join(m for m, _ in requests)}")
            reports = [sum(1 for m, _ in r if m == "REPORT") for r in per_sync]
            totals = [len(r) for r in per_sync]

            # The server's own share: a bare sync-collection REPORT with the saved token.
            db = sqlite3.connect(journal)
            tokens = dict(db.execute("SELECT c.kind, c.token FROM syncCollection c JOIN syncAccount a ON a.id = c.accountId WHERE a.name = 'bench'"))
            db.close()
            bare, probes = [], []
            for i in range(o.runs):
                total = probe = 0.0
                for k, url in urls.items():
                    seconds, status, data = dav("REPORT", url, SYNC_REPORT.format(tokens[k]), depth="1")
                    if status != 207 or b"etag" in data.lower():
                        raise RuntimeError(f"the bare REPORT of {k} answered {status} with {len(data)} bytes: {data[:300]!r}")
                    total += seconds
                    seconds, status, data = dav("PROPFIND", url, TOKEN_PROPFIND, depth="0")
                    if status != 207 or tokens[k].encode() not in data:
                        raise RuntimeError(f"the bare token PROPFIND of {k} answered {status}: {data[:300]!r}")
                    probe += seconds
                bare.append(total)
                probes.append(probe)
            wall, report_time, probe_time = median(walls), median(bare), median(probes)
            # What the server spent on the requests Kith sent: the probes, or the REPORTs too.
            server_time = (probe_time if min(reports) == 0 else report_time + (probe_time if any(m == "PROPFIND" for r in per_sync for m, _ in r) else 0))
            say(f"{kind}: no-change sync median {wall:.3f} s; the server answers the {len(urls)} bare REPORTs in {report_time:.3f} s, "
                f"the token PROPFINDs in {probe_time:.3f} s")
            version = self.server_version(kind)
            req = f"{min(totals)}" if min(totals) == max(totals) else f"{min(totals)}-{max(totals)}"
            rep = f"{min(reports)}" if min(reports) == max(reports) else f"{min(reports)}-{max(reports)}"
            if first is None:
                done = "fails: no answer to the listing within 120 s; status rows written by kith-bench sync-record"
            else:
                done = f"adopts {commas(adopted)}" + (f", changes {other}" if other else "")
            self.row(f"`kith sync` first sync, all on the server already ({size}; {version}; {done})", "-", "-", fmt(first), "info")
            kinds = "/".join(sorted({m for r in per_sync for m, _ in r}))
            self.row(f"`kith sync`, nothing changed ({size}; {version}; {req} requests ({kinds}), {rep} REPORT, per sync)",
                     f"{version} answers the 2 sync-collection REPORTs (bare, urllib)", fmt(report_time), fmt(wall), "abs<1")
            if shares:
                how = f"each sync's wall time less the time {version} logged for its answers"
                share = median(shares)
            else:
                how = "the median above less the server's"
                share = max(wall - server_time, 0)
            self.row(f"`kith sync`, nothing changed: Kith's own share ({how})", "-", "-", fmt(share), "abs<1")
        except Exception as error:  # noqa: BLE001 - a failed step is a failed row, the reason on stderr
            say(f"{kind}: failed: {error}")
            self.failed = True
            self.row(f"`kith sync`, nothing changed ({size}; {kind})", "-", "-", "failed", "abs<1")
        finally:
            if server:
                server.stop()

    def collection_urls(self, journal):
        db = sqlite3.connect(journal)
        urls = dict(db.execute("SELECT c.kind, c.url FROM syncCollection c JOIN syncAccount a ON a.id = c.accountId WHERE a.name = 'bench'"))
        db.close()
        return urls

    def seed_and_adopt(self, kind, server, journal, folder):
        """Copies the journal, adds the account, seeds the server with Kith's bodies and runs
        the first sync, which must adopt every item; returns its seconds, the items adopted and
        the other actions."""
        copy_journal(self.o.journal, journal)
        env = self.env(journal)
        run([self.kith, "sync", "add", "bench", "--url", server.url, "--user", "kith"], env)
        urls = self.collection_urls(journal)
        # The bodies depend only on the journal and the address book's vCard version: made once
        # for both servers when they take the same version (110,000 bodies take minutes).
        db = sqlite3.connect(journal)
        version = db.execute("SELECT vCardVersion FROM syncCollection WHERE kind = 'contacts'").fetchone()[0]
        db.close()
        bodies = os.path.join(self.tmp, f"bodies-{version}")
        if not os.path.isdir(bodies):
            _, out = run([self.kith_bench, "sync-bodies", "--journal", journal, "--account", "bench", "--out", bodies])
            say(f"{kind}: kith-bench sync-bodies (vCard {version}): {out.strip()}")
        start = time.perf_counter()
        for k, url in urls.items():
            (seed_radicale if kind == "radicale" else seed_xandikos)(server, collection_path(url), os.path.join(bodies, k))
        say(f"{kind}: seeded the storage in {time.perf_counter() - start:.1f} s")
        if kind == "radicale":
            for k, url in urls.items():
                seconds, _, _ = dav("PROPFIND", url, LISTING, depth="1")
                say(f"{kind}: untimed first listing of {k} (Radicale builds its item cache): {seconds:.1f} s")
        try:
            seconds, out = run([self.kith, "sync", "bench", "--json"], env)
        except RuntimeError as error:
            # Radicale 3.9 lists 100,000 events in more than the 60 s `kith sync` waits for an
            # answer: the first sync fails. The no-change syncs are still worth timing, so the
            # status rows and tokens are written as the first sync would have (kith-bench
            # sync-record, from a listing without a time limit), and the row says so.
            say(f"{kind}: the first sync failed: {error}")
            self.failed = True
            self.first_failure = str(error)
            adopted = self.record_without_sync(kind, server, journal)
            return None, adopted, 0
        report = collections(out)
        adopted = sum(c.get("adopted", 0) for c in report)
        other = [item for c in report for item in c.get("plan", []) if item["action"] != "adopt"]
        say(f"{kind}: first sync {seconds:.1f} s, adopted {adopted}, other actions {len(other)}")
        if adopted != self.people + self.events or other:
            # Kith's own bodies should all be adopted: anything else means a body does not read
            # back as what wrote it (the journal copy and first-sync.json in the folder say which).
            say(f"{kind}: the first sync should adopt all {self.people + self.events} items and do nothing else; "
                f"it did {', '.join(sorted(set(i['action'] for i in other)))} to {len(other)}: {', '.join(i['uid'] for i in other[:5])}")
            self.failed = True
        return seconds, adopted, len(other)

    def record_without_sync(self, kind, server, journal):
        """For each collection the first sync left without a token: a listing and the sync token
        read with urllib (no time limit), then `kith-bench sync-record` with the bodies as the
        server stores them (Radicale: the files seeded). Returns the items recorded."""
        import xml.etree.ElementTree as ET
        from urllib.parse import unquote
        db = sqlite3.connect(journal)
        pending = db.execute("SELECT c.kind, c.url FROM syncCollection c JOIN syncAccount a ON a.id = c.accountId "
                             "WHERE a.name = 'bench' AND c.token IS NULL").fetchall()
        db.close()
        recorded = self.people + self.events
        for k, url in pending:
            seconds, _, data = dav("PROPFIND", url, LISTING, depth="1")
            listing = os.path.join(server.folder, f"listing-{k}.tsv")
            with open(listing, "w") as f:
                for response in ET.fromstring(data).iter("{DAV:}response"):
                    href = response.findtext("{DAV:}href")
                    etag = response.findtext(".//{DAV:}getetag")
                    if href and etag and not href.endswith("/"):
                        f.write(f"{unquote(href.rsplit('/', 1)[1])}\t{href}\t{etag}\n")
            _, _, data = dav("PROPFIND", url, """<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/></D:prop></D:propfind>""", depth="0")
            token = ET.fromstring(data).findtext(".//{DAV:}sync-token")
            bodies = os.path.join(server.storage, *(["collection-root"] if kind == "radicale" else []), collection_path(url).strip("/"))
            _, out = run([self.kith_bench, "sync-record", "--journal", journal, "--account", "bench", "--kind", k,
                          "--bodies", bodies, "--listing", listing, "--token", token])
            say(f"{kind}: {k}: listed in {seconds:.1f} s (urllib); kith-bench sync-record: {out.strip()}")
        return recorded

    def server_version(self, kind):
        from importlib.metadata import version
        return f"{'Radicale' if kind == 'radicale' else 'Xandikos'} {version('radicale' if kind == 'radicale' else 'xandikos')}"

    # --- first upload ----------------------------------------------------------------------
    def upload(self, kind, tmp):
        o = self.o
        n = o.upload
        folder = os.path.join(tmp, f"up-{kind}")
        os.makedirs(folder)
        server = Server(kind, os.path.join(folder, "server"))
        version = self.server_version(kind)
        try:
            journal = os.path.join(folder, "up.sqlite")
            run([self.kith_bench, "build-journal", "--events", "0", "--people", str(n), "--journal", journal])
            env = self.env(journal)
            run([self.kith, "sync", "add", "up", "--url", server.url, "--user", "kith"], env)
            kith_seconds, out = run([self.kith, "sync", "up", "--json"], env)
            seconds = kith_seconds
            pushed = sum(c.get("pushed", 0) for c in collections(out))
            kith_rate = pushed / seconds
            say(f"{kind}: kith sync uploaded {pushed} people in {seconds:.2f} s ({kith_rate:.0f}/s)")
            if pushed != n:
                raise RuntimeError(f"kith sync pushed {pushed} of {n}")

            # vdirsyncer: the same people as a vdir, to a new address book on the same server.
            vdir = os.path.join(folder, "vdir")
            run([self.kith, "export", "vdir", vdir], env)
            cards = os.path.join(vdir, "contacts")
            if not os.path.isdir(cards):
                cards = next(os.path.join(vdir, d) for d in os.listdir(vdir) if any(f.endswith(".vcf") for f in os.listdir(os.path.join(vdir, d))))
            count = sum(1 for f in os.listdir(cards) if f.endswith(".vcf"))
            book = self.make_addressbook(server, kind)
            config = os.path.join(folder, "vdirsyncer.conf")
            status = os.path.join(folder, "vdirsyncer-status")
            with open(config, "w") as f:
                f.write(f"""[general]
status_path = "{status}"

[pair up]
a = "local"
b = "server"
collections = null
conflict_resolution = "a wins"

[storage local]
type = "filesystem"
path = "{cards}"
fileext = ".vcf"

[storage server]
type = "carddav"
url = "{book}"
username = "kith"
password = "x"
""")
            venv_env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
            run([os.path.join(VENV_BIN, "vdirsyncer"), "-c", config, "discover"], venv_env)
            vd_seconds, _ = run([os.path.join(VENV_BIN, "vdirsyncer"), "-c", config, "sync"], venv_env)
            seconds = vd_seconds
            listed = dav("PROPFIND", book, LISTING, depth="1")[2].count(b".vcf")
            vd_rate = count / seconds
            say(f"{kind}: vdirsyncer uploaded {count} cards in {seconds:.2f} s ({vd_rate:.0f}/s); the server lists {listed}")
            if listed < count:
                raise RuntimeError(f"vdirsyncer left {count - listed} cards behind")
            self.row(f"first upload by `kith sync`: {commas(n)} people, one PUT each ({kith_rate:.0f}/s; {version})",
                     f"vdirsyncer 0.21 uploads the same {commas(count)} cards ({vd_rate:.0f}/s)", fmt(vd_seconds), fmt(kith_seconds), "ratio<=1.1")
        except Exception as error:  # noqa: BLE001
            say(f"{kind}: upload failed: {error}")
            self.failed = True
            self.row(f"first upload by `kith sync`: {commas(n)} people ({version})", "vdirsyncer 0.21", "failed", "failed", "ratio<=1.1")
        finally:
            server.stop()

    def make_addressbook(self, server, kind):
        """A new, empty address book for vdirsyncer (extended MKCOL), next to Kith's."""
        home = "kith/" if kind == "radicale" else "user/contacts/"
        url = f"{server.url}{home}vdirsyncer/"
        body = """<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>
<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype><D:displayname>vdirsyncer</D:displayname>
</D:prop></D:set></D:mkcol>"""
        dav("MKCOL", url, body)
        return url

    def table(self):
        """bench.sh's table (Scripts/median.py)."""
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import median
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            for r in self.rows:
                f.write("\t".join(r) + "\n")
        median.table(f.name)
        os.unlink(f.name)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", required=True, help="folder of release kith, kith-net and kith-bench")
    p.add_argument("--journal", required=True, help="the journal to sync (copied, never written)")
    p.add_argument("--servers", default="xandikos,radicale")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--upload", type=int, default=1000, help="people in the first-upload journal (0: no upload rows)")
    p.add_argument("--no-change", dest="no_change", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--keep", help="keep the seeded servers and synced journals here, and reuse them (see no_change)")
    p.add_argument("--rows", help="append TSV rows to this file instead of printing a table")
    o = p.parse_args()
    bench = Bench(o)
    with tempfile.TemporaryDirectory(prefix="kith-sync-bench-") as tmp:
        bench.tmp = tmp
        for kind in o.servers.split(","):
            if o.no_change:
                bench.no_change(kind, tmp)
            if o.upload:
                bench.upload(kind, tmp)
    if o.rows:
        with open(o.rows, "a") as f:
            for r in bench.rows:
                f.write("\t".join(r) + "\n")
    else:
        bench.table()
    return 1 if bench.failed else 0


if __name__ == "__main__":
    sys.exit(main())
