"""Radicale for the sync scripts (sync-kill9.py, sync-soak.py, sync-faults.py): 127.0.0.1 at
a free port, storage in FOLDER/store, no auth, and no fsync (Radicale's internal switch,
which its config file cannot set: the scripts kill kith, never the server, and an fsync per
PUT only made them slower). Returns the process (stop it by its pid) and the base URL once
the server answers."""
import os, signal, socket, subprocess, time, urllib.request


def unblock_signals():
    # A parent may block SIGTERM (the Swift test runner does, for its own Ctrl-C handling), and
    # a blocked mask is inherited across exec: the server would then never see a SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])


def stop_radicale(server):
    """Stops a server (Radicale, the fault proxy) by its pid: SIGTERM, then SIGKILL if it is still there after 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill(); server.wait()


def start_radicale(python, folder):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    config = os.path.join(folder, "radicale.conf")
    with open(config, "w") as f:
        f.write(f"[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = none\n[storage]\nfilesystem_folder = {folder}/store\n[logging]\nlevel = warning\n")
    launch = ("import sys; from radicale import config, server; c = config.load([(sys.argv[1], False)]); "
              "c.update({'storage': {'_filesystem_fsync': 'False'}}, 'sync scripts', privileged=True); server.serve(c)")
    log = open(os.path.join(folder, "radicale.log"), "w")
    server = subprocess.Popen([python, "-c", launch, config], stdout=subprocess.DEVNULL, stderr=log, preexec_fn=unblock_signals)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit(f"radicale did not start: {open(log.name).read().strip()[-500:]}")
        try: urllib.request.urlopen(base + "/"); break
        except Exception: time.sleep(0.1)
    return server, base
