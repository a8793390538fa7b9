#!/usr/bin/python3
# ntfy-stub.py RECORDS: as much of an ntfy server as the ntfy samples use, on 127.0.0.1,
# for the tests. Prints `listening PORT` once it accepts connections.
#
#   POST /TOPIC            stores the body as a message with a new id; answers its JSON
#   GET  /TOPIC/json       a chunked stream: {"event":"open"}, then each message of the
#                          topic as one JSON line, a keepalive each second, kept open;
#                          ?since=all, ?since=ID (what came after it), ?since=UNIXTIME
#   POST /_drop            closes every open stream abruptly (no last chunk)
#   POST /_replay/TOPIC    sends the topic's last message again, with the same id
#
# Each request is written to RECORDS/NNN-publish-TOPIC or NNN-subscribe-TOPIC (renamed
# into place whole): the request line, the headers as received, a blank line, the body.
import http.server
import json
import os
import secrets
import socket
import sys
import threading
import time

records = sys.argv[1]
changed = threading.Condition()
log = []        # every message sent, in order; a replay appends the same message again
drops = 0       # how many times /_drop was asked for
count = 0


def record(kind, topic, handler, body=b""):
    global count
    with changed:
        count += 1
        name = f"{count:03d}-{kind}-{topic}"
    lines = [handler.requestline] + [f"{key}: {value}" for key, value in handler.headers.items()]
    path = os.path.join(records, name)
    with open(path + ".part", "wb") as file:
        file.write(("\n".join(lines) + "\n\n").encode("utf-8", "surrogateescape") + body)
    os.rename(path + ".part", path)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def reply(self, status, value):
        body = (json.dumps(value) + "\n").encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def do_POST(self):
        global drops
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        parts = self.path.strip("/").split("/")
        if parts == ["_drop"]:
            with changed:
                drops += 1
                changed.notify_all()
            return self.reply(200, {"dropped": True})
        if len(parts) == 2 and parts[0] == "_replay":
            with changed:
                last = [message for message in log if message["topic"] == parts[1]][-1:]
                log.extend(last)
                changed.notify_all()
            return self.reply(200, {"replayed": len(last)})
        if len(parts) != 1 or not parts[0]:
            return self.reply(404, {"error": "no such topic"})
        message = {"id": secrets.token_hex(6), "time": int(time.time()), "event": "message",
                   "topic": parts[0], "message": body.decode("utf-8", "replace")}
        if self.headers.get("Title"):
            message["title"] = self.headers["Title"]
        record("publish", parts[0], self, body)
        with changed:
            log.append(message)
            changed.notify_all()
        self.reply(200, message)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        parts = path.strip("/").split("/")
        if len(parts) != 2 or parts[1] != "json":
            return self.reply(404, {"error": "not found"})
        topic = parts[0]
        since = dict(item.partition("=")[::2] for item in query.split("&") if item).get("since")
        with changed:
            begun = drops
            if since == "all":
                position = 0
            elif since and since.isdigit():
                position = next((i for i, m in enumerate(log) if m["time"] >= int(since)), len(log))
            elif since:
                after = [i for i, m in enumerate(log) if m["id"] == since]
                position = after[-1] + 1 if after else 0
            else:
                position = len(log)
        # Recorded once its position is fixed: what is published after the record is sent.
        record("subscribe", topic, self)
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.chunk({"id": secrets.token_hex(6), "time": int(time.time()), "event": "open", "topic": topic})
            while True:
                with changed:
                    changed.wait_for(lambda: len(log) > position or drops != begun, timeout=1)
                    if drops != begun:
                        break
                    waiting, position = log[position:], len(log)
                for message in waiting:
                    if message["topic"] == topic:
                        self.chunk(message)
                if not waiting:
                    self.chunk({"id": secrets.token_hex(6), "time": int(time.time()), "event": "keepalive",
                                "topic": topic})
        except OSError:
            pass
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def chunk(self, value):
        line = (json.dumps(value) + "\n").encode()
        self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
        self.wfile.flush()


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(f"listening {server.server_address[1]}", flush=True)
server.serve_forever()
