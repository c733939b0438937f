#!/usr/bin/env python3
"""The web-feed test bed: plain files served over HTTP on loopback, as any site that is
not WordPress serves its feeds. Static files come from --root; --live DIR is served under
/live/ and tests write their own feeds there (each in a directory of its own).

What a feed reader meets on the web and this server can play:
- validators: every answer carries an ETag and a Last-Modified; a request whose
  If-None-Match or If-Modified-Since still holds gets 304 with no body;
- gzip when the client accepts it (each file compressed once, as a web server keeps a
  compressed copy: compressing a 1 MB feed on every request took longer than reading it);
- per-file headers from a sidecar FILE.headers ("Name: value" lines; "Status: 301" sets
  the status, so a sidecar alone, with no FILE, makes a redirect or a 410 Gone; "Delay: 4"
  answers 4 seconds late, a slow page);
- one address or many (--hosts 127.0.0.2-127.0.0.51: one listener each, as if every feed
  were its own host on the web);
- a log line per request in --log ("METHOD PATH STATUS BODY-BYTES"), for tests that
  count requests.
"""
import argparse
import email.utils
import gzip
import hashlib
import ipaddress
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TYPES = {
    ".xml": "application/xml",
    ".rss": "application/rss+xml",
    ".atom": "application/atom+xml",
    ".json": "application/feed+json",
    ".html": "text/html; charset=utf-8",
    ".opml": "text/x-opml",
    ".txt": "text/plain",
}


# (path, ETag) -> the file's gzip bytes. The ETag is the body's hash, so a file rewritten
# within the clock's tick, at the same size, is still compressed anew.
COMPRESSED = {}
COMPRESSED_LOCK = threading.Lock()


def gzipped(full, etag, body):
    key = (full, etag)
    with COMPRESSED_LOCK:
        kept = COMPRESSED.get(key)
    if kept is None:
        kept = gzip.compress(body, mtime=0)
        with COMPRESSED_LOCK:
            COMPRESSED[key] = kept
    return kept


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "wpnews-feed-bed"

    def do_HEAD(self):
        self.answer(send_body=False)

    def do_GET(self):
        self.answer(send_body=True)

    def file_for(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        if path.startswith("/live/"):
            base, rest = self.server.live, path[len("/live/"):]
        else:
            base, rest = self.server.root, path.lstrip("/")
        if base is None:
            return None
        full = os.path.realpath(os.path.join(base, rest))
        if not full.startswith(os.path.realpath(base)):
            return None
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        return full

    def answer(self, send_body):
        full = self.file_for(self.path)
        if full is None:
            return self.finish_with(404, {}, b"", send_body)
        status, headers = 200, {}
        if os.path.exists(full + ".headers"):
            with open(full + ".headers", encoding="utf-8") as sidecar:
                for line in sidecar:
                    name, _, value = line.rstrip("\n").partition(":")
                    if name.strip().lower() == "status":
                        status = int(value.strip())
                    elif name.strip().lower() == "delay":
                        time.sleep(float(value.strip()))
                    elif name.strip():
                        headers[name.strip()] = value.strip()
        if not os.path.isfile(full):
            code = status if status != 200 else 404
            return self.finish_with(code, headers, b"", send_body)
        with open(full, "rb") as handle:
            body = handle.read()
        headers.setdefault("Content-Type", TYPES.get(os.path.splitext(full)[1], "application/octet-stream"))
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        modified = os.path.getmtime(full)
        headers["ETag"] = etag
        headers["Last-Modified"] = email.utils.formatdate(modified, usegmt=True)
        if status == 200 and self.still_fresh(etag, modified):
            return self.finish_with(304, {"ETag": etag, "Last-Modified": headers["Last-Modified"]}, b"", send_body)
        if "gzip" in self.headers.get("Accept-Encoding", "") and status == 200:
            body = gzipped(full, etag, body)
            headers["Content-Encoding"] = "gzip"
            headers["Vary"] = "Accept-Encoding"
        self.finish_with(status, headers, body, send_body)

    def still_fresh(self, etag, modified):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            return etag in [tag.strip() for tag in if_none_match.split(",")] or if_none_match.strip() == "*"
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(modified) <= since
        return False

    def finish_with(self, status, headers, body, send_body):
        # Logged before the answer goes out: a test reads the log as soon as its client has
        # the answer, so a line written after it could still be missing then.
        if self.server.log:
            with self.server.log_lock, open(self.server.log, "a", encoding="utf-8") as log:
                log.write(f"{self.command} {self.path} {status} {len(body) if send_body and status != 304 else 0}\n")
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body and status != 304:
            self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def hosts(spec):
    if "-" not in spec:
        return [spec]
    first, last = (ipaddress.ip_address(part) for part in spec.split("-", 1))
    return [str(ipaddress.ip_address(number)) for number in range(int(first), int(last) + 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--live")
    parser.add_argument("--hosts", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--log")
    options = parser.parse_args()
    servers = []
    lock = threading.Lock()
    for host in hosts(options.hosts):
        server = ThreadingHTTPServer((host, options.port), Handler)
        server.root, server.live, server.log, server.log_lock = options.root, options.live, options.log, lock
        server.daemon_threads = True
        servers.append(server)
    for server in servers[1:]:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving {len(servers)} address(es) on port {options.port}", flush=True)
    try:
        servers[0].serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
