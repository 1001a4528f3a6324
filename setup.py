"""Build hook: ship the top-level ``data/`` and ``translations/`` inside the package.

The product keeps its content at the top of the repository (``data/``, ``translations/``),
but an installed wheel must carry them. Copying them into ``krestonostsy/`` at build time
keeps one source of truth and works on every OS (no symlinks in the checkout).
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPyWithContent(build_py):
    def run(self):
        super().run()
        for name in ("data", "translations"):
            src = ROOT / name
            if src.is_dir():
                dst = Path(self.build_lib) / "krestonostsy" / name
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithContent})
