"""pytest wiring for the reliability suite: the keyplan-cli under test, a scratch directory, and a
server started per test with the options the test asks for."""
import os
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance"))

import servers  # noqa: E402  (the conformance suite's process helpers)


def pytest_addoption(parser):
    parser.addoption("--keyplan-cli", default=os.environ.get("KEYPLAN_CLI"), help="path of the keyplan-cli binary")
    parser.addoption("--samples", default=None, help="resources/samples, for `load`'s design")


@pytest.fixture
def cli(request):
    path = request.config.getoption("--keyplan-cli")
    if not path:
        pytest.fail("--keyplan-cli is required")
    return path


@pytest.fixture
def samples(request):
    here = os.path.dirname(os.path.abspath(__file__))
    return request.config.getoption("--samples") or os.path.join(here, "..", "..", "resources", "samples")


@pytest.fixture
def workdir():
    path = tempfile.mkdtemp(prefix="keyplan-reliability-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def serve(cli, workdir):
    """serve(*extra_args, db=None) starts `keyplan-cli serve` on a free port; all are stopped after."""
    started = []

    def start(*extra, db=None):
        port = servers.free_port()
        args = [cli, "serve", "--port", str(port)] + (["--db", db] if db else ["--in-memory"]) + list(extra)
        endpoint = servers.Endpoint(f"keyplan-{len(started)}", args, port, workdir, startup=15)
        started.append(endpoint)
        return endpoint

    yield start
    for endpoint in started:
        endpoint.stop()
