"""Build hook: ship the top-level ``data/`` and ``translations/`` inside the package, with the
catalogs compiled.

The product keeps its content at the top of the repository (``data/``, ``translations/``),
but an installed wheel must carry them. Copying them into ``krestonostsy/`` at build time
keeps one source of truth and works on every OS (no symlinks in the checkout). Each
``.po`` is compiled to its ``.mo`` beside it with Babel's pure-Python ``write_mo`` (through
``krestonostsy.i18n.compile_catalog``), so the installed game reads catalogs with the
standard library's gettext and needs no Babel at run time.
"""
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compile_catalogs(translations: Path) -> None:
    """Write ``X.mo`` next to every ``X.po`` under ``translations``."""
    sys.path.insert(0, str(ROOT))
    try:
        from krestonostsy.i18n import compile_catalog
    finally:
        sys.path.remove(str(ROOT))
    for po in sorted(translations.rglob("*.po")):
        compile_catalog(po, po.with_suffix(".mo"))


class BuildPyWithContent(build_py):
    def run(self):
        super().run()
        for name in ("data", "translations"):
            src = ROOT / name
            if src.is_dir():
                dst = Path(self.build_lib) / "krestonostsy" / name
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))
        compile_catalogs(Path(self.build_lib) / "krestonostsy" / "translations")


setup(cmdclass={"build_py": BuildPyWithContent})
