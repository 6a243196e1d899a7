#!/usr/bin/env python3
"""A fault-injecting HTTP proxy for Kith's sync tests: it sits between Kith and a DAV server
and forwards every request, except the Nth request matching a rule, which it answers itself
with an error status (412, 404, 409, 500, ...) or leaves hanging past the client's time
limit ("stall"). Each rule fires once, so the next sync through the same proxy goes through.

    fault_proxy.py UPSTREAM_URL RULE...
    RULE = METHOD:N:ACTION[:PATH_SUBSTRING]   e.g. PUT:3:500  REPORT:1:stall  DELETE:1:412:.vcf

METHOD is an HTTP method or ANY. It listens on 127.0.0.1 at a free port (or at
$FAULT_PROXY_PORT, so that a journal's stored URLs reach a proxy started again), prints
"port NNNN" on one line once it accepts connections, and logs "fault METHOD PATH ACTION" to
standard error for every fault it injects. Stop it with SIGTERM.
"""
import http.client
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

upstream = urllib.parse.urlsplit(sys.argv[1])
rules = []
for spec in sys.argv[2:]:
    parts = spec.split(":", 3)
    rules.append({"method": parts[0].upper(), "n": int(parts[1]), "action": parts[2],
                  "path": parts[3] if len(parts) > 3 else "", "seen": 0, "fired": False})
lock = threading.Lock()
HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
       "trailers", "transfer-encoding", "upgrade", "host", "content-length"}


def fault_for(method, path):
    with lock:
        for rule in rules:
            if rule["fired"] or rule["method"] not in ("ANY", method) or rule["path"] not in path:
                continue
            rule["seen"] += 1
            if rule["seen"] == rule["n"]:
                rule["fired"] = True
                return rule["action"]
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        action = fault_for(self.command, self.path)
        if action is not None:
            print(f"fault {self.command} {self.path} {action}", file=sys.stderr, flush=True)
            if action == "stall":
                time.sleep(120)
                self.close_connection = True
                return
            status = int(action)
            text = f"injected {status}\n".encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)
            return
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        headers["Host"] = upstream.netloc
        connection.request(self.command, self.path, body=body if body or self.command in ("PUT", "POST") else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        self.send_response(response.status, response.reason)
        for k, v in response.getheaders():
            if k.lower() not in HOP:
                # A redirect to the upstream comes back through the proxy.
                if k.lower() == "location":
                    v = v.replace(f"{upstream.scheme}://{upstream.netloc}", f"http://127.0.0.1:{self.server.server_port}")
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        connection.close()

    do_GET = do_PUT = do_DELETE = do_POST = do_HEAD = do_OPTIONS = handle_any
    do_PROPFIND = do_PROPPATCH = do_REPORT = do_MKCOL = do_MKCALENDAR = do_MOVE = do_COPY = handle_any


server = ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("FAULT_PROXY_PORT") or 0)), Handler)
server.daemon_threads = True
print(f"port {server.server_port}", flush=True)
server.serve_forever()
