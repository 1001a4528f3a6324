import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_addoption(parser):
    parser.addoption("--full-conformance", action="store_true", default=False,
                     help="play the full set of seeded conformance games (200 per count)")
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="run the fuzzers of tests/fuzz for minutes instead of seconds "
                          "(also: KRESTONOSTSY_FUZZ_LONG=1)")


import pytest  # noqa: E402

from krestonostsy.engine.flow import STEPS, Step  # noqa: E402


class Recorder(Step):
    """Stands in for another module's step: records its frame and returns ``value``."""

    def __init__(self, name, value=None):
        self.name, self.value = name, value

    def run(self, g, f):
        g.s.setdefault("calls", []).append(
            dict({k: v for k, v in f.items() if k != "s"}, step=self.name))
        g.ret(self.value)


@pytest.fixture
def record(monkeypatch):
    """``record("gain_sanctity")`` replaces that step by a :class:`Recorder` for a test."""
    def _record(name, value=None):
        monkeypatch.setitem(STEPS, name, Recorder(name, value))
    return _record
