"""pytest wiring for the conformance suite: starts `keyplan-cli serve` and DynamoDB Local once
per session, keeps each server's tables in the state a case asks for, and records DynamoDB
Local's answers (tests/conformance/recorded/) so the suite still runs where it cannot be had."""
import json
import os
import shutil

import pytest

import runner
import servers
from fixtures import FIXTURES

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDED = os.path.join(HERE, "recorded")


def pytest_addoption(parser):
    parser.addoption("--keyplan-cli", default=os.environ.get("KEYPLAN_CLI"), help="path of the keyplan-cli binary")
    parser.addoption("--record", action="store_true", help="re-record DynamoDB Local's answers (needs the emulator)")
    parser.addoption("--recorded-only", action="store_true", help="compare with the recorded answers, never start DynamoDB Local")


class Server:
    """One endpoint plus the fixture state its tables are in."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.url = endpoint.url
        self.client = runner.make_client(self.url)
        self.loaded = None
        self.dirty = True

    def prepare(self, fixtures):
        key = tuple(sorted(fixtures))
        if not self.dirty and self.loaded == key:
            return None
        self.loaded, self.dirty = None, True
        try:
            for name in self.client.list_tables().get("TableNames", []):
                self.client.delete_table(TableName=name)
            for name in fixtures:
                spec = FIXTURES[name]
                self.client.create_table(**spec["table"])
                items = spec["items"]
                for i in range(0, len(items), 25):
                    chunk = [{"PutRequest": {"Item": runner.unb64(it)}} for it in items[i:i + 25]]
                    pending = {name: chunk}
                    for _ in range(10):
                        pending = self.client.batch_write_item(RequestItems=pending).get("UnprocessedItems")
                        if not pending:
                            break
        except Exception as e:  # reported as the case's answer, so unsupported setups read as such
            return {"error": {"Code": getattr(e, "response", {}).get("Error", {}).get("Code", type(e).__name__),
                              "Message": str(e)}}
        self.loaded, self.dirty = key, False
        return None

    def run(self, case):
        setup_error = self.prepare(case["fixtures"])
        if setup_error:
            return [dict(setup_error, setup=True)]
        results = runner.run_steps(self.url, self.client, case["steps"])
        if case["writes"] or any(s[0] in ("CreateTable", "DeleteTable") for s in case["steps"]):
            self.dirty = True
        return results


class Session:
    def __init__(self, config):
        self.config = config
        self.workdir = servers.temp_workdir()
        self.ours = None
        self.ddbl = None
        self.recorded = {}
        self.new_recordings = {}
        for f in os.listdir(RECORDED) if os.path.isdir(RECORDED) else []:
            if f.endswith(".json"):
                with open(os.path.join(RECORDED, f)) as fh:
                    self.recorded.update(json.load(fh))

    def start(self):
        cli = self.config.getoption("--keyplan-cli")
        if not cli and not self.config.getoption("--record"):
            raise pytest.UsageError("--keyplan-cli (or KEYPLAN_CLI) must name the keyplan-cli binary")
        if cli:
            self.ours = Server(servers.start_keyplan(cli, self.workdir))
        if not self.config.getoption("--recorded-only"):
            emulator = servers.find_ddbl_jar(install=True)
            if emulator:
                self.ddbl = Server(servers.start_ddbl(emulator, self.workdir))
        if self.config.getoption("--record") and not self.ddbl:
            raise pytest.UsageError("--record needs DynamoDB Local, which could not be started")

    def reference(self, case):
        """DynamoDB Local's answer: live when it runs, else the recorded one."""
        if self.ddbl:
            answer = self.ddbl.run(case)
            self.new_recordings[case["name"]] = answer
            return answer
        return self.recorded.get(case["name"])

    def stop(self):
        for s in (self.ours, self.ddbl):
            if s:
                s.endpoint.stop()
        if self.config.getoption("--record"):
            groups = {}
            for name, answer in self.new_recordings.items():
                groups.setdefault(name.split("_")[0], {})[name] = answer
            os.makedirs(RECORDED, exist_ok=True)
            for group, answers in groups.items():
                path = os.path.join(RECORDED, f"{group}.json")
                with open(path, "w") as fh:
                    json.dump(dict(sorted(answers.items())), fh, indent=1, sort_keys=True)
                    fh.write("\n")
        shutil.rmtree(self.workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def conformance(request):
    session = Session(request.config)
    try:
        session.start()
    except BaseException:
        session.stop()
        raise
    yield session
    session.stop()
