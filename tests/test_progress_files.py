"""Progress files outside the browser (app/progress.js in Node): the content hash is SHA-256 of the
progress's JSON (app/sha256.js, checked against hashlib), and merging an import loses nothing."""
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def node(script):
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(result.stdout)


TEXTS = ["", "abc", "x" * 55, "x" * 56, "x" * 63, "x" * 64, "ğüşıöç İ 😀 \u2028" * 50, "y" * 100_001]


def test_sha256_matches_hashlib():
    hashes = node(f"import {{ sha256 }} from './app/sha256.js'; console.log(JSON.stringify({json.dumps(TEXTS)}.map(sha256)));")
    assert hashes == [hashlib.sha256(text.encode()).hexdigest() for text in TEXTS]


def merge(current, incoming):
    return node(f"import {{ mergeProgress }} from './app/progress.js';"
                f"console.log(JSON.stringify(mergeProgress({json.dumps(current)}, {json.dumps(incoming)})));")


def progress(lessons, last=None):
    return {"version": 1, "lastLesson": last, "lessons": lessons}


def test_an_older_file_only_adds_what_is_missing():
    mine = {"visited": True, "updated": 20, "draft": "mine", "quiz": {"0": False}, "answers": {"0": {"value": 1, "checked": True}}, "hints": 1}
    theirs = {"visited": True, "updated": 10, "draft": "old", "passed": True, "quiz": {"0": True, "2": True}, "hints": 2, "solutionShown": True}
    result = merge(progress({"a": mine}), progress({"a": theirs, "b": {"visited": True}}, last="b"))
    assert result["replaced"] == [] and sorted(result["added"]) == ["a", "b"]
    assert result["progress"]["lessons"]["a"] == {
        "visited": True, "updated": 20, "draft": "mine", "passed": True, "quiz": {"0": False, "2": True},
        "answers": {"0": {"value": 1, "checked": True}}, "hints": 2, "solutionShown": True,
    }
    assert result["progress"]["lessons"]["b"] == {"visited": True}


def test_a_newer_file_replaces_and_says_which_lessons():
    mine = {"visited": True, "updated": 10, "draft": "mine", "passed": True, "quiz": {"0": False}}
    theirs = {"visited": True, "updated": 20, "draft": "newer", "quiz": {"0": True}}
    result = merge(progress({"a": mine, "c": {"draft": "only here"}}, last="c"), progress({"a": theirs}, last="a"))
    assert result["replaced"] == ["a"] and result["added"] == []
    lessons = result["progress"]["lessons"]
    assert lessons["a"] == {"visited": True, "updated": 20, "draft": "newer", "passed": True, "quiz": {"0": True}}  # a pass stays
    assert lessons["c"] == {"draft": "only here"}
    assert result["progress"]["lastLesson"] == "a"  # the last lesson worked on, by its record's time


def test_the_same_file_twice_changes_nothing():
    record = {"visited": True, "updated": 5, "draft": "same", "quiz": {"1": True}}
    result = merge(progress({"a": record}), progress({"a": dict(record)}))
    assert result["added"] == [] and result["replaced"] == []
