"""Radicale for the sync scripts (sync-kill9.py, sync-soak.py): 127.0.0.1 at a free port,
storage in FOLDER/store, no auth. Returns the process (stop it by its pid) and the base URL
once the server answers."""
import os, socket, subprocess, time, urllib.request


def start_radicale(python, folder):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    config = os.path.join(folder, "radicale.conf")
    with open(config, "w") as f:
        f.write(f"[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = none\n[storage]\nfilesystem_folder = {folder}/store\n[logging]\nlevel = warning\n")
    server = subprocess.Popen([python, "-m", "radicale", "--config", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try: urllib.request.urlopen(base + "/"); break
        except Exception: time.sleep(0.1)
    return server, base
