""".ci/commit-subject.py holds commits to 72-character subjects from the commit that brought the
rule on, in scratch repositories: not before it, not on a branch begun before it and merged later,
and not at all where there is no history.

    python3 -m unittest tests/style/test_commit_subject.py
"""
import contextlib
import importlib.util
import io
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("commit_subject", os.path.join(HERE, "..", "..", ".ci", "commit-subject.py"))
commit_subject = importlib.util.module_from_spec(spec)
spec.loader.exec_module(commit_subject)

LONG = "A subject that goes on past the seventy-two characters a subject line has"
ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
           GIT_COMMITTER_EMAIL="t@example.com", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_SYSTEM=os.devnull)


class History(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.repo = self.dir.name
        self.git("init", "-q", "-b", "main")

    def tearDown(self):
        self.dir.cleanup()

    def git(self, *args):
        subprocess.run(["git", "-C", self.repo, *args], check=True, env=ENV, capture_output=True)

    def commit(self, subject, path=None):
        path = path or f"f{subject[:8]}{len(os.listdir(self.repo))}"
        os.makedirs(os.path.dirname(os.path.join(self.repo, path)) or self.repo, exist_ok=True)
        with open(os.path.join(self.repo, path), "w") as f:
            f.write(subject)
        self.git("add", path)
        self.git("commit", "-q", "-m", subject)

    def check(self):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            code = commit_subject.main(["--history", "--repo", self.repo])
        return code, err.getvalue()

    def test_should_fail_a_long_subject_after_the_rule_and_name_it(self):
        self.commit("Before")
        self.commit("The rule", commit_subject.HOOK)
        self.commit(LONG)
        code, err = self.check()
        self.assertEqual(code, 1)
        self.assertIn(LONG, err)

    def test_should_pass_long_subjects_from_before_the_rule(self):
        self.commit(LONG)
        self.commit("The rule", commit_subject.HOOK)
        self.commit("A short one")
        self.assertEqual(self.check()[0], 0)

    def test_should_pass_a_branch_begun_before_the_rule_but_check_its_merge(self):
        self.commit("Start")
        self.git("checkout", "-q", "-b", "side")
        self.commit(LONG)
        self.git("checkout", "-q", "main")
        self.commit("The rule", commit_subject.HOOK)
        self.git("merge", "-q", "--no-ff", "-m", "Merge side", "side")
        self.assertEqual(self.check()[0], 0)
        self.git("checkout", "-q", "side")
        self.commit("More on the side")
        self.git("checkout", "-q", "main")
        self.git("merge", "-q", "--no-ff", "-m", LONG, "side")
        self.assertEqual(self.check()[0], 1)

    def test_should_pass_without_the_rule_in_the_history_or_without_history(self):
        self.commit(LONG)
        self.assertEqual(self.check()[0], 0)
        with tempfile.TemporaryDirectory() as bare:
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(commit_subject.main(["--history", "--repo", bare]), 0)


class Message(unittest.TestCase):
    def check(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".msg", delete=False) as f:
            f.write(text)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                return commit_subject.main(["--message", f.name])
        finally:
            os.unlink(f.name)

    def test_should_take_72_characters_and_refuse_73(self):
        self.assertEqual(self.check("x" * 72 + "\n\nbody"), 0)
        self.assertEqual(self.check("x" * 73 + "\n"), 1)

    def test_should_count_characters_not_bytes_and_skip_comments(self):
        self.assertEqual(self.check("# Please enter the commit message\n\n" + "é" * 72 + "\n"), 0)

    def test_should_count_a_subject_wrapped_over_lines_as_git_shows_it(self):
        self.assertEqual(self.check("x" * 40 + "\n" + "y" * 40 + "\n\nbody"), 1)


if __name__ == "__main__":
    unittest.main()
