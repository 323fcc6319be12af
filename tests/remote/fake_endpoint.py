"""A scripted DynamoDB endpoint for tst_store_remote: answers each POST with the next scripted
(status, body) and logs what it received (headers, body, the client's port, so a test can see
whether a connection was reused). Optionally serves HTTPS with a given certificate.

usage: fake_endpoint.py SCRIPT.json LOG.jsonl PORTFILE [CERT KEY]"""
import http.server
import json
import ssl
import sys

script_path, log_path, port_path = sys.argv[1:4]
with open(script_path) as f:
    script = json.load(f)
served = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        global served
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(log_path, "a") as log:
            log.write(json.dumps({"headers": [[k, v] for k, v in self.headers.items()], "body": body.decode("utf-8"),
                                  "path": self.path, "client_port": self.client_address[1]}) + "\n")
        answer = script[min(served, len(script) - 1)]
        served += 1
        data = answer["body"].encode("utf-8")
        self.send_response(answer["status"])
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
if len(sys.argv) > 5:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[4], sys.argv[5])
    server.socket = context.wrap_socket(server.socket, server_side=True)
with open(port_path + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os  # noqa: E402
os.replace(port_path + ".tmp", port_path)
server.serve_forever()
