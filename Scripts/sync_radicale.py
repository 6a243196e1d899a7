"""Radicale for the sync scripts (sync-kill9.py, sync-soak.py, sync-faults.py): 127.0.0.1 at
a free port, storage in FOLDER/store, no auth, and no fsync (Radicale's internal switch,
which its config file cannot set: the scripts kill kith, never the server, and an fsync per
PUT only made them slower). Returns the process (stop it by its pid) and the base URL once
the server answers."""
import os, socket, subprocess, time, urllib.request


def start_radicale(python, folder):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    config = os.path.join(folder, "radicale.conf")
    with open(config, "w") as f:
        f.write(f"[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = none\n[storage]\nfilesystem_folder = {folder}/store\n[logging]\nlevel = warning\n")
    launch = ("import sys; from radicale import config, server; c = config.load([(sys.argv[1], False)]); "
              "c.update({'storage': {'_filesystem_fsync': 'False'}}, 'sync scripts', privileged=True); server.serve(c)")
    log = open(os.path.join(folder, "radicale.log"), "w")
    server = subprocess.Popen([python, "-c", launch, config], stdout=subprocess.DEVNULL, stderr=log)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit(f"radicale did not start: {open(log.name).read().strip()[-500:]}")
        try: urllib.request.urlopen(base + "/"); break
        except Exception: time.sleep(0.1)
    return server, base
