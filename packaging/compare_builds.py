"""Are two builds of one commit byte-identical? If not, say which files inside differ.

    python packaging/compare_builds.py FIRST_DIR SECOND_DIR

Compares every ``.tar.gz`` and ``.deb`` of ``FIRST_DIR`` with the file of the same name in
``SECOND_DIR`` by SHA-256. When two differ it opens both (the ``.deb``'s ``ar`` members and
their tar archives too) and lists the entries whose content or metadata differ, so that the
cause can be found (a date, a build path, an unordered table). Exit status 0 when all are
identical. ``.ci/run`` runs it on two builds in a row (issue 27).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import sys
import tarfile
from pathlib import Path


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tar_entries(data: bytes) -> dict[str, tuple]:
    """name → (metadata, content hash) of a tar archive (any compression)."""
    entries = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for info in tar:
            content = tar.extractfile(info).read() if info.isfile() else info.linkname.encode()
            entries[info.name] = ((info.mode, info.uid, info.gid, info.uname, info.gname,
                                   info.mtime, info.type), sha256(content))
    return entries


def ar_members(data: bytes) -> dict[str, bytes]:
    """name → content of an ``ar`` archive (a .deb)."""
    if not data.startswith(b"!<arch>\n"):
        raise ValueError("not an ar archive")
    members, at = {}, 8
    while at < len(data):
        header = data[at:at + 60]
        name, size = header[:16].decode().strip().rstrip("/"), int(header[48:58])
        members[name] = data[at + 60:at + 60 + size]
        at += 60 + size + size % 2
    return members


def tar_differences(label: str, a: bytes, b: bytes) -> list[str]:
    first, second = tar_entries(a), tar_entries(b)
    out = [f"{label}: only in the first build: {name}" for name in sorted(first.keys() - second.keys())]
    out += [f"{label}: only in the second build: {name}" for name in sorted(second.keys() - first.keys())]
    for name in sorted(first.keys() & second.keys()):
        (meta_a, hash_a), (meta_b, hash_b) = first[name], second[name]
        if hash_a != hash_b:
            out.append(f"{label}: {name}: content differs")
        elif meta_a != meta_b:
            out.append(f"{label}: {name}: metadata differs {meta_a} / {meta_b}")
    if not out and a != b:
        out.append(f"{label}: the same entries, but the compressed bytes differ")
    return out


def differences(a: Path, b: Path) -> list[str]:
    """Why ``a`` and ``b`` differ (empty when they are identical)."""
    data_a, data_b = a.read_bytes(), b.read_bytes()
    if data_a == data_b:
        return []
    if a.suffix == ".deb":
        members_a, members_b = ar_members(data_a), ar_members(data_b)
        out = []
        for name in sorted(members_a.keys() | members_b.keys()):
            ma, mb = members_a.get(name), members_b.get(name)
            if ma == mb:
                continue
            if ma is None or mb is None or not name.endswith((".tar.xz", ".tar.gz", ".tar")):
                out.append(f"{a.name}: member {name} differs")
            else:
                out += tar_differences(f"{a.name} {name}", ma, mb)
        return out or [f"{a.name}: the ar headers differ"]
    return tar_differences(a.name, data_a, data_b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/compare_builds.py",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("first", type=Path)
    ap.add_argument("second", type=Path)
    args = ap.parse_args(argv)
    artefacts = sorted(p for p in args.first.iterdir() if p.name.endswith((".tar.gz", ".deb")))
    if not artefacts:
        raise SystemExit(f"no .tar.gz or .deb in {args.first}")
    failed = False
    for first in artefacts:
        second = args.second / first.name
        if not second.is_file():
            print(f"[compare] {first.name}: missing from {args.second}")
            failed = True
            continue
        found = differences(first, second)
        digest = sha256(first.read_bytes())
        if found:
            failed = True
            print(f"[compare] {first.name} DIFFERS between the builds:")
            for line in found[:50]:
                print(f"  {line}")
            if len(found) > 50:
                print(f"  … and {len(found) - 50} more")
        else:
            print(f"[compare] {first.name}: identical, sha256 {digest}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
