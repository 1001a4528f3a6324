import os

import pytest


@pytest.fixture
def fuzz_seconds(request):
    """How long each fuzzer runs: a few seconds in the normal suite, minutes with
    ``--fuzz-long`` or ``KRESTONOSTSY_FUZZ_LONG=1`` (the figures go to docs/reliability.md)."""
    long = request.config.getoption("--fuzz-long") or os.environ.get("KRESTONOSTSY_FUZZ_LONG")
    return 300.0 if long else 3.0
