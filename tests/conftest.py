import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_addoption(parser):
    parser.addoption("--full-conformance", action="store_true", default=False,
                     help="play the full set of seeded conformance games (200 per count)")
