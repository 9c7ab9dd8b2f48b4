#!/usr/bin/env python3
"""Hostile HTTP against a real webgui process, bounded in count and time.

Starts the webgui binary on a free loopback port and, over raw sockets to
127.0.0.1 only:

  A. slowloris: holds many half-sent requests (more than the connection
     cap) and checks the server closes every one within its header and
     body timeouts, and still answers once they are gone;
  B. fires a few thousand hostile requests from several threads: bad
     Hosts and Origins, malformed and oversized JSON, huge Content-Length,
     protocol garbage, random paths and methods, invalid FENs, moves, PGNs
     and limits, mixed with ordinary play against the engine;
  C. deletes every game, waits for the engines to go, and stops the server.

Reports: requests tried, 5xx answers, answers a request of its kind must
never get (a bad Host served, say), connections left hanging, panics on
the server's stderr, and resident memory before and after. Exits 1 when
any of those is non-zero.

    cargo build -p webgui --profile ci
    python3 webgui/tests/hostile_http.py --binary target/ci/webgui

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
LEISER_START = "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W"
BAD_HOSTS = [
    "127.attacker.example:{port}", "127.0.0.1.nip.io", "127.0.0.1.nip.io:{port}",
    "localhost:80@evil.example", "evil.example", "127.0.0.2:{port}", "localhost.:{port}",
    "localhost:{port}x", "localhost:99999", "[::1].evil", "[::ffff:127.0.0.1]:{port}",
    "", " ", "localhost:-1", "0x7f.1:{port}", "2130706433:{port}", "LOCALHOST:{port}:1",
]
BAD_ORIGINS = [
    "null", "http://evil.example", "http://127.0.0.1:1", "https://127.0.0.1:{port}",
    "http://127.attacker.example:{port}", "http://localhost:{port}/x", "file://", "",
    "http://127.0.0.1:{port}@evil.example", "javascript:alert(1)",
]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "CONNECT",
           "FOO", "get", "P OST", "GET\x00", "\xff\xfe"]
PATHS = ["/", "/api", "/api/", "/api/games", "/api/games/", "/api/info", "/static/js/main.js",
         "/static/../Cargo.toml", "/static/%2e%2e/%2e%2e/etc/passwd", "/api/games/../info",
         "//api//games", "/api/games/%00", "/api/games/%ff%fe", "/api/games/x/moves",
         "/api/games/{id}", "/api/games/{id}/legal", "/api/games/{id}/moves",
         "/api/games/{id}/engine", "/api/games/{id}/engine/stop", "/api/games/{id}/autoplay",
         "/api/games/{id}/limit", "/api/games/{id}/undo", "/api/games/{id}/position?ply=1",
         "/api/games/{id}/position?ply=-1", "/api/games/{id}/position?ply=99999999999999999999",
         "/api/games/{id}/position?ply=", "/api/games/{id}/position?ply=%ff",
         "/api/games/{id}/fen", "/api/games/{id}/pgn",
         "/api/games/{id}/events?x=1", "*", "http://evil.example/api/info", "api/info"]


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tried = 0
        self.by_kind: collections.Counter[str] = collections.Counter()
        self.statuses: collections.Counter[str] = collections.Counter()
        self.server_errors: list[str] = []
        self.unexpected: list[str] = []
        self.no_answer: collections.Counter[str] = collections.Counter()
        self.hanging: list[str] = []

    def record(self, kind: str, status: int | None, note: str, expect=None) -> None:
        with self.lock:
            self.tried += 1
            self.by_kind[kind] += 1
            self.statuses[str(status) if status is not None else "closed"] += 1
            if status is None:
                self.no_answer[kind] += 1
            elif status >= 500:
                self.server_errors.append(f"{kind}: {status} {note[:200]}")
            if expect is not None and status not in expect:
                self.unexpected.append(f"{kind}: got {status}, want {sorted(expect)}: {note[:200]}")


class Server:
    def __init__(self, binary: str, extra: list[str]) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), *extra],
            stdout=subprocess.DEVNULL, stderr=self.stderr)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("the server did not start")

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> tuple[int | None, str]:
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = None
        self.stderr.seek(0)
        return code, self.stderr.read().decode(errors="replace")


def response_complete(data: bytes) -> bool:
    """Whether `data` holds a whole first response (after any 1xx)."""
    while True:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = data[:end].decode("latin-1").lower()
        rest = data[end + 4:]
        if head.startswith("http/1.1 1"):
            data = rest
            continue
        break
    if head[9:12] in ("204", "304") or "text/event-stream" in head:
        return True
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip() == "content-length":
            try:
                return len(rest) >= int(value.strip())
            except ValueError:
                return True
        if name.strip() == "transfer-encoding" and "chunked" in value:
            return rest.endswith(b"0\r\n\r\n")
    return False  # ends when the server closes


def exchange(port: int, raw: bytes, timeout: float = 10.0) -> tuple[int | None, bytes, bool]:
    """Sends raw bytes on a new connection and reads the first response; the
    status, the bytes, and whether the server neither answered nor closed
    within `timeout` (a hang)."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    except OSError:
        return None, b"", False
    data = b""
    hung = False
    deadline = time.time() + timeout
    try:
        try:
            s.sendall(raw)
        except OSError:
            pass
        while not response_complete(data):
            remaining = deadline - time.time()
            if remaining <= 0:
                hung = not data
                break
            s.settimeout(remaining)
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                hung = not data
                break
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    finally:
        s.close()
    status = None
    while data.startswith(b"HTTP/1.1 1") and b"\r\n\r\n" in data:
        data = data.split(b"\r\n\r\n", 1)[1]
    if data.startswith(b"HTTP/1."):
        try:
            status = int(data[9:12])
        except ValueError:
            status = None
    return status, data, hung


def request(method: str, path: str, host: str | None, body: bytes | None = None,
            headers: list[tuple[str, str]] | None = None, content_type: str = "application/json") -> bytes:
    lines = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    lines.append("Connection: close")
    if body is not None:
        lines.append(f"Content-Type: {content_type}")
        lines.append(f"Content-Length: {len(body)}")
    for k, v in headers or []:
        lines.append(f"{k}: {v}")
    head = "\r\n".join(lines) + "\r\n\r\n"
    return head.encode("latin-1", errors="replace") + (body or b"")


class Hostile:
    def __init__(self, port: int, stats: Stats, seed: int) -> None:
        self.port = port
        self.host = f"127.0.0.1:{port}"
        self.stats = stats
        self.seed = seed
        self.ids: list[str] = []
        self.private_ids: list[str] = []
        self.ids_lock = threading.Lock()

    # -- helpers ----------------------------------------------------------
    def send(self, kind: str, raw: bytes, expect=None, note: str = "") -> tuple[int | None, bytes]:
        status, data, hung = exchange(self.port, raw)
        if hung:
            with self.stats.lock:
                self.stats.hanging.append(f"{kind}: {note or raw[:80]!r}")
        self.stats.record(kind, status, note or repr(raw[:120]), expect)
        return status, data

    def api(self, kind: str, method: str, path: str, body=None, expect=None) -> tuple[int | None, dict]:
        raw_body = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        status, data = self.send(kind, request(method, path, self.host, raw_body), expect,
                                 note=f"{method} {path} {raw_body[:150] if raw_body else b''!r}")
        payload: dict = {}
        if b"\r\n\r\n" in data:
            try:
                payload = json.loads(data.split(b"\r\n\r\n", 1)[1])
            except ValueError:
                payload = {}
        return status, payload

    def some_id(self, rng: random.Random) -> str:
        with self.ids_lock:
            if self.ids and rng.random() < 0.85:
                return rng.choice(self.ids)
        return rng.choice(["nope", "0" * 20, "%00", "a" * 300, "😀", "..%2f..%2f"])

    def create(self, rng: random.Random, body: dict, kind: str = "create", shared: bool = True) -> str | None:
        """Creates a game; a shared one is a target for the other hostile
        requests (which may delete it), every one is deleted at the end."""
        status, state = self.api(kind, "POST", "/api/games", body)
        if status == 201 and isinstance(state.get("id"), str):
            with self.ids_lock:
                (self.ids if shared else self.private_ids).append(state["id"])
            return state["id"]
        return None

    # -- one hostile request of each kind ----------------------------------
    def bad_host(self, rng: random.Random) -> None:
        host = rng.choice(BAD_HOSTS).format(port=self.port)
        body = json.dumps({"game": "chess", "white": "engine", "black": "engine", "autoplay": True,
                           "limit": {"movetime_ms": 600000}}).encode()
        if rng.random() < 0.3:
            raw = request("POST", "/api/games", None, body, [("Host", self.host), ("Host", host or "x")])
        else:
            raw = request(rng.choice(["GET", "POST"]), rng.choice(["/api/games", "/api/info", "/"]), host, body)
        # Refused one way or another: never served, never created.
        self.send("bad_host", raw, expect={400, 421}, note=f"host {host!r}")

    def bad_origin(self, rng: random.Random) -> None:
        origin = rng.choice(BAD_ORIGINS).format(port=self.port)
        with self.ids_lock:
            gid = rng.choice(self.ids) if self.ids else "nope"
        path = rng.choice(["/api/games", f"/api/games/{gid}/moves", f"/api/games/{gid}"])
        method = "DELETE" if path.count("/") == 3 and rng.random() < 0.5 else "POST"
        body = json.dumps({"game": "chess", "white": "engine", "black": "engine", "autoplay": True,
                           "limit": {"movetime_ms": 600000}}).encode()
        raw = request(method, path, self.host, body, [("Origin", origin)])
        self.send("bad_origin", raw, expect={403}, note=f"{method} {path} origin {origin!r}")

    def malformed_json(self, rng: random.Random) -> None:
        bodies = [
            b"", b"{", b"[", b"null", b"1e999999", b'{"game":', b'{"game":"chess"', b"\xff\xfe\x00",
            b'{"game":"chess","game":"chess"}', b'{"game":"go"}', b'{"game":1}', b"[" * 20000 + b"]" * 20000,
            b'{"game":"chess","moves":' + b"[" * 5000 + b"]" * 5000 + b"}",
            b'{"game":"chess","limit":{"movetime_ms":-1}}', b'{"game":"chess","limit":{"depth":1e30}}',
            b'{"game":"chess","clock":{"initial_ms":18446744073709551615,"increment_ms":1}}',
            b'{"game":"chess","clock":{"initial_ms":1,"increment_ms":18446744073709551616}}',
            b'{"game":"chess","white":"engine\\u0000"}', b'{"game":"\\ud800"}', b'"\\u0000"',
            b'{"move":' + b'"' + b"e" * 100000 + b'"}', b"\x00" * 1000, os.urandom(rng.randrange(1, 3000)),
        ]
        body = rng.choice(bodies)
        path = rng.choice(["/api/games", f"/api/games/{self.some_id(rng)}/moves",
                           f"/api/games/{self.some_id(rng)}/undo", f"/api/games/{self.some_id(rng)}/limit",
                           f"/api/games/{self.some_id(rng)}/engine", f"/api/games/{self.some_id(rng)}/autoplay"])
        method = "PUT" if path.endswith("/limit") else "POST"
        ctype = rng.choice(["application/json", "application/json; charset=utf-8", "text/plain",
                            "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])
        self.send("malformed_json", request(method, path, self.host, body, content_type=ctype),
                  note=f"{method} {path} {ctype} {body[:80]!r}")

    def huge_length(self, rng: random.Random) -> None:
        length = rng.choice(["100000000", "262145", "18446744073709551615", "99999999999999999999999",
                             "-1", "1e9", " 100", "0x100", "100, 200"])
        raw = (f"POST /api/games HTTP/1.1\r\nHost: {self.host}\r\nConnection: close\r\n"
               f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n").encode()
        # Only the headers: a declared body over the limit is refused at
        # once, malformed lengths are a 400.
        start = time.time()
        status, data, hung = exchange(self.port, raw, timeout=10)
        took = time.time() - start
        if hung:
            with self.stats.lock:
                self.stats.hanging.append(f"huge_length {length}")
        # hyper itself refuses a length it cannot represent (431).
        expect = {413} if length in ("100000000", "262145") else {400, 413, 431} if length.isdigit() else None
        self.stats.record("huge_length", status, f"Content-Length {length} in {took:.2f}s", expect)
        if status == 413 and took > 1.0:
            with self.stats.lock:
                self.stats.unexpected.append(f"huge_length: 413 only after {took:.2f}s")

    def protocol_garbage(self, rng: random.Random) -> None:
        h = self.host
        raws = [
            b"GET / HTTP/1.1\r\n\r\n", b"GET /\r\n\r\n", b"\r\n\r\n", os.urandom(rng.randrange(1, 4000)),
            b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", b"GET / HTTP/9.9\r\nHost: " + h.encode() + b"\r\n\r\n",
            f"GET /api/info HTTP/1.1\nHost: {h}\n\n".encode(),
            f"GET /api/info HTTP/1.1\r\nHost: {h}\r\nX: {'a' * 200000}\r\n\r\n".encode(),
            ("GET /api/info HTTP/1.1\r\nHost: " + h + "\r\n" + "".join(f"X-{i}: y\r\n" for i in range(300)) + "\r\n").encode(),
            f"GET /api/info HTTP/1.1\r\nHost: {h}\r\nBad Header: x\r\n\r\n".encode(),
            f"GET /api/info HTTP/1.1\r\nHost: {h}\r\nX: \x01\x02\r\n\r\n".encode(),
            f"POST /api/games HTTP/1.1\r\nHost: {h}\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!".encode(),
            f"POST /api/games HTTP/1.1\r\nHost: {h}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode(),
            f"POST /api/games HTTP/1.1\r\nHost: {h}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n".encode(),
            f"POST /api/games HTTP/1.1\r\nHost: {h}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n".encode(),
            f"POST /api/games HTTP/1.1\r\nHost: {h}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n".encode(),
            f"GET /api/info HTTP/1.1\r\nHost: {h}\r\n\r\nGET /api/info HTTP/1.1\r\nHost: {h}\r\n\r\nGARBAGE\r\n\r\n".encode(),
            ("GET /" + "a" * 100000 + " HTTP/1.1\r\nHost: " + h + "\r\n\r\n").encode(),
            f"GET /api/info HTTP/1.0\r\n\r\n".encode(),
            f"GET /api/info HTTP/1.1\r\nHost: {h}\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n".encode(),
        ]
        self.send("protocol_garbage", rng.choice(raws))

    def random_path(self, rng: random.Random) -> None:
        method = rng.choice(METHODS)
        path = rng.choice(PATHS).replace("{id}", self.some_id(rng))
        if rng.random() < 0.3:
            path += "".join(rng.choice("/%?&=#.;~ab\x7f") for _ in range(rng.randrange(1, 40)))
        body = None if rng.random() < 0.5 else json.dumps({"x": rng.random()}).encode()
        self.send("random_path", request(method, path, self.host, body), note=f"{method!r} {path!r}")

    def bad_game_input(self, rng: random.Random) -> None:
        def mutate(text: str) -> str:
            chars = list(text)
            for _ in range(rng.randrange(1, 6)):
                op = rng.randrange(3)
                pos = rng.randrange(len(chars) + 1)
                if op == 0 and chars:
                    chars.pop(min(pos, len(chars) - 1))
                elif op == 1:
                    chars.insert(pos, rng.choice("0123456789/ -pnbrqkPNBRQKwbWBnsewNSEKQkq\x00é"))
                elif chars:
                    chars[min(pos, len(chars) - 1)] = rng.choice("9/ xX-\u00ff")
            return "".join(chars)
        game = rng.choice(["chess", "leiserchess"])
        start = CHESS_START if game == "chess" else LEISER_START
        choice = rng.randrange(8)
        if choice == 0:
            body = {"game": game, "fen": mutate(start), "white": "human", "black": "human"}
        elif choice == 1:
            body = {"game": game, "fen": rng.choice([CHESS_START, LEISER_START, "", " ", "x" * 201,
                                                     "8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - - 0 0",
                                                     "4k3/8/8/8/8/8/8/4K3 w KQkq e3 0 1", "ss7/8/8/8/8/8/8/8 W"]),
                    "white": "human", "black": "human"}
        elif choice == 2:
            body = {"game": game, "moves": [mutate("e2e4") for _ in range(rng.randrange(1, 30))],
                    "white": "human", "black": "human"}
        elif choice == 3:
            body = {"game": game, "moves": " ".join(["e4", "e5"] * rng.randrange(1, 1200)),
                    "white": "human", "black": "human"}
        elif choice == 4:
            body = {"game": game, "pgn": rng.choice([
                '[Event "x"]\n1. e4 e5 2. Nf3 {unterminated', "1. e4 (1. d4 ((( 1-0", '[FEN "' + mutate(start) + '"]\n1. e4',
                "%\n[\n", "1." * 5000, '[White "\\"]\n*', "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 " * 50])}
        elif choice == 5:
            body = {"game": game, "white": "engine", "black": "engine", "autoplay": rng.random() < 0.15,
                    "limit": rng.choice([{"movetime_ms": 0}, {"movetime_ms": 10**12}, {"depth": 0}, {"depth": 65},
                                         {}, {"movetime_ms": 10, "depth": 2}, {"depth": 1}]),
                    "clock": rng.choice([None, {"initial_ms": 0, "increment_ms": 0}, {"initial_ms": 1, "increment_ms": 0},
                                         {"initial_ms": 50, "increment_ms": 10}, {"initial_ms": 10**15, "increment_ms": 1}])}
        elif choice == 6:
            body = {"game": game, "white": rng.choice(["human", "engine", "robot", 1, None]),
                    "black": rng.choice(["human", "engine", [], {}]), "extra": 1}
        else:
            body = {"game": game, "fen": start, "moves": ["e4"], "pgn": "1. e4"}
        gid = self.create(rng, body, kind="bad_game_input")
        if gid is None:
            return
        if rng.random() < 0.5:
            self.api("bad_game_input", "DELETE", f"/api/games/{gid}", expect={204})
            return
        # Poke at the game that was created.
        for _ in range(rng.randrange(1, 6)):
            op = rng.randrange(7)
            path = f"/api/games/{gid}"
            if op == 0:
                self.api("bad_game_input", "POST", path + "/moves", {"move": mutate(rng.choice(["e2e4", "Nf3", "h0L", "d4e3f4", "O-O"]))})
            elif op == 1:
                self.api("bad_game_input", "GET", path + f"/position?ply={rng.choice([0, 1, 5, 10**6, -3, 'x', 2**64])}")
            elif op == 2:
                self.api("bad_game_input", "POST", path + "/undo", {"plies": rng.choice([0, 1, 2, 10**6, 2**63, -1])})
            elif op == 3:
                self.api("bad_game_input", "GET", path + "/position?ply=" + rng.choice(["%00", "zz", "a" * 500]))
            elif op == 4:
                self.api("bad_game_input", "PUT", path + "/limit", rng.choice([{"depth": 2}, {"movetime_ms": 5}, {}, {"depth": -1}]))
            elif op == 5:
                self.api("bad_game_input", "POST", path + "/engine", {"limit": {"depth": rng.choice([1, 2, 3, 99])}})
                self.api("bad_game_input", "POST", path + "/engine/stop", {"play": rng.random() < 0.5})
            else:
                self.api("bad_game_input", "GET", path + rng.choice(["/fen", "/pgn", "/legal", ""]))
        if rng.random() < 0.7:
            self.api("bad_game_input", "DELETE", f"/api/games/{gid}", expect={204, 404})

    def ordinary_play(self, rng: random.Random) -> None:
        """A person playing a few moves against the engine (short searches)."""
        game = rng.choice(["chess", "leiserchess"])
        gid = self.create(rng, {"game": game, "limit": {"movetime_ms": 20}}, kind="ordinary", shared=False)
        if gid is None:
            return
        for _ in range(3):
            status, state = self.api("ordinary", "GET", f"/api/games/{gid}", expect={200})
            if status != 200 or state.get("result") is not None:
                break
            if state.get("thinking"):
                time.sleep(0.05)
                continue
            legal = state.get("legal") or []
            if not legal:
                break
            self.api("ordinary", "POST", f"/api/games/{gid}/moves", {"move": rng.choice(legal)["text"]})
        if rng.random() < 0.5:
            self.api("ordinary", "DELETE", f"/api/games/{gid}", expect={204})

    def one(self, n: int) -> None:
        rng = random.Random(self.seed * 1_000_003 + n)
        kinds = [(self.bad_host, 12), (self.bad_origin, 10), (self.malformed_json, 15), (self.huge_length, 6),
                 (self.protocol_garbage, 12), (self.random_path, 20), (self.bad_game_input, 20), (self.ordinary_play, 5)]
        pick = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
        pick(rng)


def slowloris(port: int, sockets: int, header_timeout: float, body_timeout: float, stats: Stats) -> dict:
    """Half-sent requests, more of them than the connection cap; every one
    must be closed by the server, and the server must answer afterwards."""
    held = []
    host = f"127.0.0.1:{port}"
    for i in range(sockets):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            continue
        kind = i % 3
        try:
            if kind == 0:
                s.sendall(f"GET /api/info HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode())
            elif kind == 1:
                s.sendall(f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                          f"Content-Length: 1000\r\n\r\n{{\"game\":".encode())
            # kind 2: connects and sends nothing at all.
        except OSError:
            pass
        s.setblocking(False)
        held.append((s, time.time()))
    # Trickle a byte now and then on the header ones (classic slowloris);
    # the header deadline is for the whole head, so it must not help.
    limit = max(header_timeout, body_timeout) * 2 + 5
    start = time.time()
    open_ = {id(s): s for s, _ in held}
    closed_after: list[float] = []
    answered = collections.Counter()
    while open_ and time.time() - start < limit:
        for key, s in list(open_.items()):
            try:
                data = s.recv(4096)
                if not data:
                    closed_after.append(time.time() - start)
                    del open_[key]
                    s.close()
                else:
                    answered[data[9:12].decode(errors="replace")] += 1
            except BlockingIOError:
                try:
                    s.send(b"a")
                except OSError:
                    pass
            except OSError:
                closed_after.append(time.time() - start)
                del open_[key]
                s.close()
        time.sleep(0.2)
    hanging = len(open_)
    for s in open_.values():
        s.close()
    with stats.lock:
        stats.tried += len(held)
        stats.by_kind["slowloris"] += len(held)
        for i in range(hanging):
            stats.hanging.append("slowloris connection still open after %.0fs" % limit)
    # Served again once they are gone.
    t = time.time()
    status, _, _ = exchange(port, request("GET", "/api/info", host))
    return {"sockets": len(held), "closed": len(closed_after), "hanging": hanging,
            "slowest_close_s": round(max(closed_after, default=0), 2),
            "answers_before_close": dict(answered), "after": status,
            "after_latency_s": round(time.time() - t, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="target/ci/webgui")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--threads", type=int, default=12)
    parser.add_argument("--slowloris", type=int, default=300, help="half-sent connections held at once")
    parser.add_argument("--max-connections", type=int, default=256)
    parser.add_argument("--header-timeout-ms", type=int, default=2000)
    parser.add_argument("--body-timeout-ms", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--time-limit", type=float, default=100.0, help="seconds for the request phase")
    args = parser.parse_args()

    server = Server(args.binary, ["--hash", "16", "--max-connections", str(args.max_connections),
                                  "--header-timeout-ms", str(args.header_timeout_ms),
                                  "--body-timeout-ms", str(args.body_timeout_ms)])
    stats = Stats()
    report: dict = {"port": server.port}
    started = time.time()
    try:
        report["rss_start_mb"] = round(server.rss_mb(), 1)
        report["slowloris"] = slowloris(server.port, args.slowloris, args.header_timeout_ms / 1000,
                                        args.body_timeout_ms / 1000, stats)
        hostile = Hostile(server.port, stats, args.seed)
        deadline = time.time() + args.time_limit
        with concurrent.futures.ThreadPoolExecutor(args.threads) as pool:
            futures = []
            for n in range(args.requests):
                futures.append(pool.submit(lambda n=n: time.time() < deadline and hostile.one(n)))
            for f in futures:
                f.result()
        report["rss_peak_phase_mb"] = round(server.rss_mb(), 1)
        # Clean up: delete every game, wait for the engines to go.
        status, info = hostile.api("cleanup", "GET", "/api/info", expect={200})
        report["games_open_before_cleanup"] = info.get("games")
        with hostile.ids_lock:
            ids = hostile.ids + hostile.private_ids
        for gid in ids:
            hostile.api("cleanup", "DELETE", f"/api/games/{gid}", expect={204, 404})
        wait_until = time.time() + 15
        while time.time() < wait_until:
            status, info = hostile.api("cleanup", "GET", "/api/info", expect={200})
            if info.get("engines") == 0 and info.get("games") == 0:
                break
            time.sleep(0.2)
        report["info_after_cleanup"] = info
        time.sleep(0.5)
        report["rss_end_mb"] = round(server.rss_mb(), 1)
    finally:
        code, stderr = server.stop()
    panics = [line for line in stderr.splitlines() if "panicked" in line]
    report.update({
        "requests_tried": stats.tried,
        "by_kind": dict(stats.by_kind),
        "statuses": dict(sorted(stats.statuses.items())),
        "5xx": len(stats.server_errors),
        "5xx_examples": stats.server_errors[:10],
        "unexpected": len(stats.unexpected),
        "unexpected_examples": stats.unexpected[:10],
        "closed_without_answer": dict(stats.no_answer),
        "hanging": len(stats.hanging),
        "hanging_examples": stats.hanging[:10],
        "server_panics": len(panics),
        "panic_examples": panics[:5],
        "server_exit_code": code,
        "seconds": round(time.time() - started, 1),
    })
    print(json.dumps(report, indent=2))
    bad = stats.server_errors or stats.unexpected or stats.hanging or panics or code != 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
