# SPDX-License-Identifier: MIT
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


def test_sweep_every_length_and_split():
    """Every length 0..1024, every mode, every driver against the first;
    every two-call split point on a subset of lengths."""
    r = subprocess.run([os.path.join(BUILD, "tests", "test_sweep")], capture_output=True, text=True, timeout=900)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_secrets_gone_after_clear_and_free():
    r = subprocess.run([os.path.join(BUILD, "tests", "test_wipe")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout or r.stdout.startswith("SKIP")
