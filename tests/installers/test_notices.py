"""packaging/notices.py (issue 27): every bundled file is traced to a component with its
licence text, and a file whose licence cannot be found stops the build."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def notices():
    sys.path.insert(0, str(ROOT / "packaging"))  # notices imports build.version
    spec = importlib.util.spec_from_file_location("packaging_notices", ROOT / "packaging" / "notices.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]
    sys.path.remove(str(ROOT / "packaging"))


def test_a_file_of_unknown_origin_stops_the_build(notices, tmp_path):
    mystery = tmp_path / "libmystery.so.1"
    mystery.write_bytes(b"\x7fELF")
    with pytest.raises(notices.NoLicenceFound, match="libmystery.so.1 \\(from "):
        notices.trace({"libmystery.so.1": mystery, "os": Path(os.__file__)})


def test_each_kind_of_file_is_traced_to_its_licence(notices):
    import PySide6
    import yaml

    qt = Path(PySide6.__file__).parent
    icu = sorted(qt.rglob("libicuuc*"))
    files = {
        "os": Path(os.__file__),
        "yaml": Path(yaml.__file__),
        "PySide6": Path(PySide6.__file__),
        "krestonostsy/data/map.yaml": ROOT / "data" / "map.yaml",
        "krestonostsy/data/fonts/OldStandard-Regular.ttf": ROOT / "data" / "fonts" / "OldStandard-Regular.ttf",
        "krestonostsy.engine.game": ROOT / "krestonostsy" / "engine" / "game.py",
    }
    if icu:  # the Linux wheels carry ICU
        files["PySide6/Qt/lib/" + icu[0].name] = icu[0]
    found = notices.trace(files)
    assert found["os"].key == "python" and "PYTHON SOFTWARE FOUNDATION" in found["os"].texts[0]
    assert found["yaml"].licence == "MIT" and "Permission is hereby granted" in found["yaml"].texts[0]
    qt_part = found["PySide6"]
    assert qt_part.licence == "LGPL-3.0-only"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt_part.texts[0]
    assert "GNU GENERAL PUBLIC LICENSE" in qt_part.texts[1]
    assert "replace them with your own" in qt_part.note
    assert found["krestonostsy/data/map.yaml"].licence == "proprietary"
    assert found["krestonostsy/data/fonts/OldStandard-Regular.ttf"].licence == "OFL-1.1"
    assert found["krestonostsy.engine.game"].licence == "MIT"
    if icu:
        assert found["PySide6/Qt/lib/" + icu[0].name].licence == "Unicode-DFS-2016"


@pytest.mark.skipif(not shutil.which("dpkg"), reason="Debian packages are traced with dpkg")
def test_a_system_library_is_traced_to_its_debian_package(notices):
    import ctypes.util

    name = ctypes.util.find_library("z")
    library = next(Path(d) / f for d in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
                                         "/lib", "/usr/lib") for f in [name or ""]
                   if name and (Path(d) / f).is_file())
    found = notices.trace({"libz.so.1": library})
    assert found["libz.so.1"].key == "deb-zlib1g"
    assert "copyright" in found["libz.so.1"].texts[0].lower()


def test_the_notice_and_the_debian_copyright_file(notices, tmp_path):
    files = {"os": Path(os.__file__), "krestonostsy/data/map.yaml": ROOT / "data" / "map.yaml"}
    notice, manifest = notices.write(files, tmp_path, "9.9")
    text = notice.read_text(encoding="utf-8")
    assert text.startswith("Krestonostsy 9.9: the licences of everything in this build")
    assert "- Python " in text and "PSF-2.0" in text
    data = json.loads(manifest.read_text(encoding="utf-8"))
    assert data["files"] == {"krestonostsy/data/map.yaml": "krestonostsy-content", "os": "python"}
    dep5 = notices.dep5(data, {"opt/krestonostsy/_internal/krestonostsy/data/map.yaml":
                               "krestonostsy/data/map.yaml",
                               "usr/share/applications/x.desktop": "-"}, "https://example.org")
    paragraphs = dep5.split("\n\n")
    assert paragraphs[0].startswith("Format: https://www.debian.org/doc/packaging-manuals/"
                                    "copyright-format/1.0/")
    assert "Files: opt/krestonostsy/_internal/krestonostsy/data/map.yaml\n" in dep5
    assert "License: krestonostsy-content\n" in dep5 and "\nLicense: krestonostsy\n MIT License" in dep5
    assert all(line == "" or not line.startswith("\t") for line in dep5.splitlines())
