"""What `cmake --install` puts on a machine, installed into a scratch root from the build tree.

The files the user guide's Installing section promises are there (the programs, the desktop entry, the
AppStream metainfo, the MIME type, the icons, the manual pages, the completion, the samples and
scenarios, the changelog and copyright), the desktop entry and the metainfo pass their validators, the
MIME and desktop databases built from the installed files (as the packages' triggers build them) call a
*.keyplan.json a Keyplan design and hand it to Keyplan's desktop entry, the manual page has a section per command, and the metainfo's screenshots
are files the repository keeps.

usage: python3 -m unittest test_install   (KEYPLAN_BUILD_DIR and KEYPLAN_SOURCE_DIR in the environment)
"""
import gzip
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

BUILD = os.environ.get("KEYPLAN_BUILD_DIR", "")
SOURCE = os.environ.get("KEYPLAN_SOURCE_DIR", "")
APP_ID = "io.github.keyplan.Keyplan"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, check=False, **kwargs)


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="keyplan-install-")
        installed = run(["cmake", "--install", BUILD, "--prefix", "/usr"], env={**os.environ, "DESTDIR": cls.root})
        if installed.returncode != 0:
            raise AssertionError("cmake --install failed:\n" + installed.stdout + installed.stderr)
        cls.usr = os.path.join(cls.root, "usr")
        cls.share = os.path.join(cls.usr, "share")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.usr, *parts)

    def test_should_install_every_promised_file(self):
        expected = [
            "bin/keyplan",
            "bin/keyplan-cli",
            f"share/applications/{APP_ID}.desktop",
            f"share/metainfo/{APP_ID}.metainfo.xml",
            f"share/mime/packages/{APP_ID}.xml",
            f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
            "share/man/man1/keyplan.1.gz",
            "share/man/man1/keyplan-cli.1.gz",
            "share/bash-completion/completions/keyplan-cli",
            "share/keyplan/samples/ecommerce.keyplan.json",
            "share/doc/keyplan/changelog.gz",
            "share/doc/keyplan/copyright",
        ] + [f"share/icons/hicolor/{s}x{s}/apps/{APP_ID}.png" for s in ICON_SIZES]
        missing = [p for p in expected if not os.path.isfile(self.path(p))]
        self.assertEqual(missing, [])
        for program in ("bin/keyplan", "bin/keyplan-cli"):
            self.assertTrue(os.access(self.path(program), os.X_OK), program)
        scenarios = os.listdir(self.path("share/keyplan/scenarios"))
        self.assertGreater(len([s for s in scenarios if s.endswith(".json")]), 5)

    def test_should_render_each_icon_at_its_size(self):
        for size in ICON_SIZES:
            with open(self.path(f"share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"), "rb") as f:
                head = f.read(24)
            self.assertEqual(head[:8], b"\x89PNG\r\n\x1a\n")
            self.assertEqual((int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")), (size, size))

    def test_should_pass_the_desktop_entry_validator(self):
        checked = run(["desktop-file-validate", self.path(f"share/applications/{APP_ID}.desktop")])
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        self.assertEqual(checked.stdout.strip(), "", "desktop-file-validate has something to say")

    def test_should_pass_the_appstream_validator(self):
        checked = run(["appstreamcli", "validate", "--no-net", "--pedantic", self.path(f"share/metainfo/{APP_ID}.metainfo.xml")])
        # Pedantic remarks are reported, not failed on; errors and warnings fail.
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        self.assertNotRegex(checked.stdout, r"(?m)^[EW]: ", checked.stdout)

    def test_should_take_the_releases_from_the_changelog_and_keep_its_screenshots(self):
        tree = ET.parse(self.path(f"share/metainfo/{APP_ID}.metainfo.xml"))
        with open(os.path.join(SOURCE, "CHANGELOG.md"), encoding="utf-8") as f:
            released = re.findall(r"(?m)^## \[(\d+(?:\.\d+)*)\] - (\d{4}-\d{2}-\d{2})$", f.read())
        releases = [(r.get("version"), r.get("date")) for r in tree.getroot().iter("release")]
        self.assertEqual(releases, released)
        images = [i.text for i in tree.getroot().iter("image")]
        self.assertTrue(images)
        for image in images:
            relative = image.split("/raw/main/", 1)[1]
            self.assertTrue(os.path.isfile(os.path.join(SOURCE, relative)), image)

    def test_should_open_a_design_in_keyplan_through_its_mime_type(self):
        # What the triggers of shared-mime-info and desktop-file-utils do when the package is installed.
        built = run(["update-mime-database", os.path.join(self.share, "mime")])
        self.assertEqual(built.returncode, 0, built.stderr)
        cached = run(["update-desktop-database", os.path.join(self.share, "applications")])
        self.assertEqual(cached.returncode, 0, cached.stderr)
        with tempfile.TemporaryDirectory() as home:
            design = os.path.join(home, "shop.keyplan.json")
            shutil.copy(os.path.join(SOURCE, "resources/samples/ecommerce.keyplan.json"), design)
            # The programs on the PATH, as installed: GIO skips a desktop entry whose TryExec is not found.
            env = {"PATH": self.path("bin") + os.pathsep + os.environ.get("PATH", ""), "HOME": home, "XDG_DATA_HOME": os.path.join(home, "data"),
                   "XDG_DATA_DIRS": self.share, "XDG_CONFIG_HOME": os.path.join(home, "config"), "LC_ALL": "C.UTF-8"}
            kind = run(["gio", "info", "--attributes=standard::content-type", design], env=env)
            self.assertIn("standard::content-type: application/x-keyplan+json", kind.stdout, kind.stderr)
            handlers = run(["gio", "mime", "application/x-keyplan+json"], env=env)
            self.assertIn(f"{APP_ID}.desktop", handlers.stdout, handlers.stderr)

    def test_should_document_every_command_in_the_manual_page(self):
        with gzip.open(self.path("share/man/man1/keyplan-cli.1.gz"), "rt", encoding="utf-8") as f:
            page = f.read()
        listed = run([self.path("bin/keyplan-cli"), "--help"]).stdout
        commands = re.findall(r"(?m)^  (\w+)\s{2,}", listed)
        self.assertIn("diff", commands)
        for command in commands:
            self.assertRegex(page, rf"(?m)^\.SS .*\b{command}\b", command)

    def test_should_complete_keyplan_cli_in_bash(self):
        script = self.path("share/bash-completion/completions/keyplan-cli")
        reply = run(["bash", "-c", f"source '{script}'; COMP_WORDS=(keyplan-cli di); COMP_CWORD=1; _keyplan_cli; "
                                   'echo "${COMPREPLY[*]}"'])
        self.assertEqual(reply.stdout.strip(), "diff")


if __name__ == "__main__":
    unittest.main()
