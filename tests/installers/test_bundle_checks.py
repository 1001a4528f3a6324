"""packaging/smoke.py's checks of a built bundle's files (issue 27): they must fail on a
broken link, a library search path outside the bundle, a missing licence file and a too
new glibc, and pass a clean bundle. The bundles here are small: one shared library
compiled for the test (gcc and binutils, as the build itself needs on Linux)."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

linux_with_gcc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (shutil.which("gcc") and shutil.which("readelf")),
    reason="the ELF checks run on Linux, with gcc and readelf")


@pytest.fixture(scope="module")
def smoke():
    spec = importlib.util.spec_from_file_location("packaging_smoke", ROOT / "packaging" / "smoke.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_library(out: Path, runpath: str | None = None) -> Path:
    """A shared library calling printf (GLIBC_2.2.5), with the given RUNPATH."""
    source = out.parent / "lib.c"
    source.write_text('#include <stdio.h>\nvoid hello(void) { printf("hello\\n"); }\n')
    flags = [f"-Wl,-rpath,{runpath}", "-Wl,--enable-new-dtags"] if runpath else []
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(out), str(source), *flags], check=True)
    return out


@pytest.fixture
def bundle(tmp_path):
    """A clean bundle: the program's folder with _internal/, a library, the licence files
    and a link between two of its files."""
    folder = tmp_path / "krestonostsy"
    internal = folder / "_internal"
    internal.mkdir(parents=True)
    (internal / "LICENSE.txt").write_text("MIT License\n")
    (internal / "THIRD-PARTY-NOTICES.txt").write_text("Qt: LGPL-3.0-only\n")
    if shutil.which("gcc"):
        (internal / "lib-dynload").mkdir()
        compile_library(internal / "lib-dynload" / "_ssl.so", runpath="$ORIGIN/..")
        os.symlink("lib-dynload/_ssl.so", internal / "_ssl.so")
    else:
        (internal / "data.txt").write_text("x")
        os.symlink("data.txt", internal / "link.txt")
    return folder


@linux_with_gcc
def test_a_clean_bundle_passes(smoke, bundle):
    assert smoke.bundle_problems(bundle, (2, 35)) == []
    assert smoke.glibc_needed(bundle / "_internal" / "_ssl.so") >= (2, 2, 5)


def test_a_broken_link_fails(smoke, bundle):
    os.symlink("PySide6/Qt/lib/libQt6Network.so.6", bundle / "_internal" / "libQt6Network.so.6")
    problems = smoke.bundle_problems(bundle, None)
    assert problems == ["broken link _internal/libQt6Network.so.6 -> "
                        "PySide6/Qt/lib/libQt6Network.so.6"]


def test_a_link_out_of_the_bundle_fails(smoke, bundle, tmp_path):
    (tmp_path / "outside.so").write_text("x")
    os.symlink(tmp_path / "outside.so", bundle / "_internal" / "outside.so")
    assert [p for p in smoke.bundle_problems(bundle, None) if "leads out of the bundle" in p]


@pytest.mark.parametrize("name", ["LICENSE.txt", "THIRD-PARTY-NOTICES.txt"])
def test_a_missing_licence_file_fails(smoke, bundle, name):
    (bundle / "_internal" / name).unlink()
    assert smoke.bundle_problems(bundle, None) == [
        f"the licence file {name} is missing from the bundle"]


@linux_with_gcc
@pytest.mark.parametrize("runpath", ["/root/.pyenv/versions/3.11.7/lib", "$ORIGIN/../../.."])
def test_a_search_path_outside_the_bundle_fails(smoke, bundle, runpath):
    compile_library(bundle / "_internal" / "libpython3.11.so.1.0", runpath=runpath)
    assert smoke.bundle_problems(bundle, None) == [
        f"_internal/libpython3.11.so.1.0 searches libraries outside the bundle: {runpath}"]


@linux_with_gcc
def test_a_too_new_glibc_fails(smoke, bundle):
    problems = smoke.bundle_problems(bundle, (2, 1))
    assert len(problems) == 1
    assert problems[0].startswith("1 files need a newer glibc than 2.1: _internal/lib-dynload/_ssl.so (GLIBC_2.")


def test_glibc_max_must_look_like_a_version(smoke):
    assert smoke.glibc_version("2.35") == (2, 35)
    with pytest.raises(Exception, match="not a glibc version"):
        smoke.glibc_version("bookworm")
