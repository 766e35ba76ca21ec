#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""SPDX headers: every source file says `SPDX-License-Identifier: Apache-2.0` in its first three lines.

--check lists every file that does not (exit 1 when any). --fix inserts the line as a comment of the file's
language: `// ` for C++, SystemVerilog, Verilator control files and SystemRDL; `# ` for Python (and stubs), shell,
CMake, TOML, YAML, Makefiles and extensionless scripts with a shebang, after the shebang line when there is one.
Files of other kinds (Markdown, JSON, data, wave layouts, file lists) are not sources and are skipped. The files are
those git tracks plus the untracked ones it does not ignore.

usage: spdx.py --check|--fix [SOURCE_DIR]
"""
import subprocess
import sys
from pathlib import Path

LICENSE = "Apache-2.0"
TAG = "SPDX-License-Identifier:"
SLASH = {".h", ".hpp", ".cc", ".cpp", ".sv", ".svh", ".vlt", ".rdl"}
HASH = {".py", ".pyi", ".sh", ".cmake", ".toml", ".yaml", ".yml"}
HASH_NAMES = {"CMakeLists.txt", "Makefile"}
HEAD_LINES = 3


def source_files(root: Path) -> list[Path]:
    out = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                         capture_output=True, text=True)
    if out.returncode == 0:
        names = sorted(set(out.stdout.splitlines()))
        return [Path(p) for p in names if (root / p).is_file() and not (root / p).is_symlink()]
    skip = {".git", "build"}
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and not skip & set(p.parts))


def comment_prefix(root: Path, rel: Path) -> str | None:
    """The line-comment prefix of the file's language, or None when it is not a source file."""
    if rel.suffix in SLASH:
        return "// "
    if rel.suffix in HASH or rel.name in HASH_NAMES:
        return "# "
    if rel.suffix == "":
        with open(root / rel, "rb") as f:
            first = f.readline()
        if first.startswith(b"#!") and any(s in first for s in (b"sh", b"python")):
            return "# "
    return None


def has_license(lines: list[str]) -> bool:
    return any(f"{TAG} {LICENSE}" in line for line in lines[:HEAD_LINES])


def fixed(text: str, prefix: str) -> str:
    lines = text.splitlines(keepends=True)
    at = 1 if lines and lines[0].startswith("#!") else 0
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    if at == 1 and not lines[0].endswith(("\n", "\r")):
        lines[0] += newline
    lines.insert(at, f"{prefix}{TAG} {LICENSE}{newline}")
    return "".join(lines)


def main() -> int:
    args = sys.argv[1:]
    if not args or args[0] not in ("--check", "--fix") or len(args) > 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = Path(args[1] if len(args) == 2 else Path(__file__).resolve().parents[1]).resolve()
    missing, other = [], []
    for rel in source_files(root):
        prefix = comment_prefix(root, rel)
        if prefix is None:
            continue
        text = (root / rel).read_text(encoding="utf-8", errors="surrogateescape")
        lines = text.splitlines()
        if has_license(lines):
            continue
        # A file under another licence is not ours to relabel: report it, never rewrite it.
        (other if any(TAG in line for line in lines[:HEAD_LINES]) else missing).append((rel, prefix, text))
    for rel, _, _ in other:
        print(f"{rel}: SPDX identifier is not {LICENSE}; left unchanged")
    if args[0] == "--check":
        for rel, _, _ in missing:
            print(f"{rel}: no '{TAG} {LICENSE}' in its first {HEAD_LINES} lines")
        print(f"spdx: {len(missing) + len(other)} file(s) without the {LICENSE} identifier")
        return 1 if missing or other else 0
    for rel, prefix, text in missing:
        # newline="" keeps the file's own line endings; the mode bits of the file are untouched.
        with open(root / rel, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
            f.write(fixed(text, prefix))
        print(f"{rel}: added {prefix}{TAG} {LICENSE}")
    print(f"spdx: fixed {len(missing)} file(s)")
    return 1 if other else 0


if __name__ == "__main__":
    sys.exit(main())
