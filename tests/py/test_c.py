"""Runs the C test programs (built by make into $RIJN_BUILD/tests)."""
import os
import subprocess

from rijn_ffi import BUILD


def test_api_bad_input_and_misuse():
    r = subprocess.run([os.path.join(BUILD, "tests", "test_api")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_first_use_from_many_threads():
    """16 threads select and use every mode at once (make check runs it again
    under ThreadSanitizer)."""
    r = subprocess.run([os.path.join(BUILD, "tests", "test_threads")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout
