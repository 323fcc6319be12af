"""The CLI's own bounds: `load --items` refuses absurd counts and loads that do not fit on the
disk before writing anything; `check` prints control characters in names as escapes, never raw."""
import json
import os
import subprocess


def run_cli(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, timeout=60)


def test_load_refuses_an_absurd_item_count(cli, samples, workdir):
    db = os.path.join(workdir, "absurd.db")
    r = run_cli(cli, "load", os.path.join(samples, "ecommerce.keyplan.json"), "--db", db, "--items", "100000000000")
    assert r.returncode == 2
    assert b"--items 100000000000 is more than 50,000,000" in r.stderr, r.stderr
    assert not os.path.exists(db)


def test_load_refuses_what_the_disk_cannot_hold(cli, samples):
    # /proc reports no free space at all: the load is refused from its estimate, before any file
    # is opened (an attempt to open one there would fail with another message).
    r = run_cli(cli, "load", os.path.join(samples, "ecommerce.keyplan.json"), "--db", "/proc/keyplan-load-test.db",
                "--items", "1000")
    assert r.returncode == 2
    assert b"items need about" in r.stderr and b"are free there" in r.stderr, r.stderr


def test_check_escapes_control_characters_in_names(cli, samples, workdir):
    with open(os.path.join(samples, "ecommerce.keyplan.json")) as fh:
        design = json.load(fh)
    design["table"]["name"] = "Sh\u0000op\u001b[2J"
    path = os.path.join(workdir, "nul.keyplan.json")
    with open(path, "w") as fh:
        json.dump(design, fh)
    r = run_cli(cli, "check", path)
    assert b"\x00" not in r.stdout and b"\x1b" not in r.stdout
    assert b"Sh\\u0000op\\u001b[2J" in r.stdout + r.stderr, (r.stdout[:300], r.stderr)
