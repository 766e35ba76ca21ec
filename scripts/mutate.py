#!/usr/bin/env python3
"""Checker self-test (make mutate): single-point mutations of the RTL and of the cycle model, one at
a time, each run against the default co-simulation regression; a mutant is killed when any run
fails (divergence, scoreboard, assertion, hang). Prints killed/total and the survivors and writes
build/mutate.json {killed, total, score, survivors, mutants}.

Isolation: the sources (HEAD by default, the working tree with --worktree) are copied to
build/mutate/src and built in build/mutate/build; the checkout itself is never modified. Each mutant
rebuilds only what depends on the mutated file (a model mutant recompiles one file and relinks; an RTL
mutant re-verilates om_top). Model mutants run first so the Verilated top is rebuilt only for RTL
mutants. Runs of a mutant stop at the first failure.

Usage: scripts/mutate.py [--only ID ...] [--worktree] [--jobs N] [--cycles N] [--seeds N] [--list]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutate"
SRC = WORK / "src"
BLD = WORK / "build"
TARGET = "om_cosim_cli"
CONFIGS = [("fl9_3", 0), ("fl11_0", 0), ("fl11_1", 8)]  # (configuration, --rts), as the CTest regression


@dataclass
class Mutant:
    id: str
    side: str  # "model" or "rtl"
    category: str
    file: str
    find: str
    replace: str
    what: str


MUTANTS = [
    # The cycle model (cppmodel/, including the om::ref math it calls).
    Mutant("m01", "model", "hazard check off", "cppmodel/src/hazard.cc",
           "stall_ = full || match;", "stall_ = full;", "om::Hazard never stalls on an address match"),
    Mutant("m02", "model", "dropped strobe", "cppmodel/src/hazard.cc",
           "o.hazard_stall = match;", "o.hazard_stall = false;", "PERF_HAZARD_STALLS never counts"),
    Mutant("m03", "model", "constant off by one", "cppmodel/src/dest_read.cc",
           "regs_.credit != 0", "regs_.credit > 1", "one read credit fewer (15 outstanding reads)"),
    Mutant("m04", "model", "wrong factor select", "cppmodel/src/rt_datapath.cc",
           "alpha ? c.src_a : c.src_rgb", "alpha ? c.src_rgb : c.src_rgb",
           "the alpha channel takes SrcBlend instead of SrcBlendAlpha"),
    Mutant("m05", "model", "operand swap", "cppmodel/src/rt_datapath.cc",
           "ref::logic_op_apply(op, r_.src_s2[i], field32(c.dest, c.fmt->ch[i].offset))",
           "ref::logic_op_apply(op, field32(c.dest, c.fmt->ch[i].offset), r_.src_s2[i])",
           "logic ops with source and destination swapped"),
    Mutant("m06", "model", "dropped mask bit", "cppmodel/src/rt_datapath.cc",
           "(d.write_mask & fmt_present(f))", "(d.write_mask & fmt_present(f) & 0x7u)",
           "the alpha write-mask bit is dropped"),
    Mutant("m07", "model", "wrong rounding", "cppmodel/src/ref/norm.cc",
           "f32_trunc_u32(f32_add(scaled, kF32Half))", "f32_trunc_u32(scaled)",
           "f32_to_unorm truncates instead of rounding"),
    Mutant("m08", "model", "constant off by one", "cppmodel/src/top.cc",
           "gamma_space_ = cfg.fl_index <= 2;", "gamma_space_ = cfg.fl_index <= 1;",
           "FL 9_3 sRGB targets blend in linear space"),
    Mutant("m09", "model", "wrong bit", "cppmodel/src/accept.cc",
           "(s.sample_mask & 1u) != 0", "(s.sample_mask & 2u) != 0", "coverage uses SampleMask bit 1"),
    Mutant("m10", "model", "dropped condition", "cppmodel/src/write.cc",
           "o.retire = req_valid && req_ready_;", "o.retire = req_valid;",
           "om_write retires a write before memory accepts it"),
    Mutant("m11", "model", "dropped mask bit", "cppmodel/src/csr.cc",
           "(in.paddr & 3u) != 0", "(in.paddr & 1u) != 0", "paddr[1] no longer makes an access misaligned"),
    Mutant("m12", "model", "wrong conversion", "cppmodel/src/rt_datapath.cc",
           "val[i] = ref::f32_to_u32_sat(r_.src_s2[i]);", "val[i] = ref::f32_to_i32_sat(r_.src_s2[i]);",
           "clears of UINT targets saturate as SINT"),
    Mutant("m13", "model", "wrong op select", "cppmodel/src/rt_datapath.cc",
           "i == 3 ? c.op_a : c.op_rgb", "i == 3 ? c.op_rgb : c.op_a", "BlendOp and BlendOpAlpha swapped"),
    Mutant("m14", "model", "constant off by one", "cppmodel/src/top_pkg.cc",
           "(f->blend_fl_mask >> (fl_index & 7u))", "(f->blend_fl_mask >> ((fl_index + 1) & 7u))",
           "BLENDABLE looked up one feature level too high"),
    Mutant("m15", "model", "wrong zero sign", "cppmodel/src/ref/fp32.cc",
           "if (f32_is_zero(a) && f32_is_zero(b)) return a | b;",
           "if (f32_is_zero(a) && f32_is_zero(b)) return a & b;", "MIN(+0, -0) gives +0"),
    Mutant("m16", "model", "operator swap", "cppmodel/src/ref/fp32.cc",
           "      return x <= y;", "      return x < y;", "the LESS_EQUAL comparison is LESS"),
    Mutant("m17", "model", "wrong constant", "cppmodel/src/ref/convert.cc",
           "put_field(t, f.x.offset, f.x.bits, 0xFFFFFFFFu)", "put_field(t, f.x.offset, f.x.bits, 0u)",
           "X padding stored as zeros"),
    Mutant("m18", "model", "wrong rounding", "cppmodel/src/ref/smallfloat.cc",
           "if (e > kBias) return sign | (inf - 1u);", "if (e > kBias) return sign | inf;",
           "float16/11/10 overflow gives INF instead of max finite (RTZ)"),
    Mutant("m19", "model", "wrong operand select", "cppmodel/src/rt_datapath.cc",
           "ref::blend_operands(*f, in.gamma_space, *in.s, *in.s1, *in.k, c.dest)",
           "ref::blend_operands(*f, in.gamma_space, *in.s, *in.s, *in.k, c.dest)",
           "dual-source factors read S instead of S1"),
    # The RTL (rtl/).
    Mutant("r01", "rtl", "hazard check off", "rtl/om_hazard.sv",
           "stall = full || (in_data_i.need_rd && match);", "stall = full;",
           "om_hazard never stalls on an address match"),
    Mutant("r02", "rtl", "wrong factor select", "rtl/om_blend_factor.sv",
           "5'(BLEND_DEST_ALPHA):     base = d_a_i;", "5'(BLEND_DEST_ALPHA):     base = s_a_i;",
           "DEST_ALPHA selects the source alpha"),
    Mutant("r03", "rtl", "operator swap", "rtl/om_rt_datapath.sv",
           "assign swap = (op[c] == 3'(BLEND_OP_REV_SUBTRACT));",
           "assign swap = (op[c] == 3'(BLEND_OP_SUBTRACT));", "SUBTRACT and REV_SUBTRACT swapped"),
    Mutant("r04", "rtl", "operator swap", "rtl/om_rt_datapath.sv",
           "4'(LOGIC_OP_AND_REVERSE):   return s & ~d;", "4'(LOGIC_OP_AND_REVERSE):   return ~s & d;",
           "AND_REVERSE computes AND_INVERTED"),
    Mutant("r05", "rtl", "wrong rounding", "rtl/om_f32_to_norm.sv",
           "assign half = {neg, 31'h3F00_0000};", "assign half = {neg, 31'h0000_0000};",
           "UNORM/SNORM encode truncates instead of rounding"),
    Mutant("r06", "rtl", "wrong rounding", "rtl/om_fp32_add.sv",
           "round_up = guard && (rest || mant[0]);", "round_up = guard;",
           "fp32 add rounds half up instead of to nearest even"),
    Mutant("r07", "rtl", "dropped mask bit", "rtl/om_texel_merge.sv",
           "field = mask_i[c] ? fresh_i[c]", "field = (mask_i[c] && c != 3) ? fresh_i[c]",
           "the alpha write-mask bit is dropped"),
    Mutant("r08", "rtl", "constant off by one", "rtl/om_dest_read.sv",
           "credit_q <= CreditW'(RspDepth);", "credit_q <= CreditW'(RspDepth - 1);",
           "one read credit fewer after reset"),
    Mutant("r09", "rtl", "wrong bit", "rtl/om_accept.sv",
           "state_i.sample_mask[0]", "state_i.sample_mask[1]", "coverage uses SampleMask bit 1"),
    Mutant("r10", "rtl", "dropped mask bit", "rtl/om_csr.sv",
           "assign misaligned  = paddr_i[1:0] != 2'b00;", "assign misaligned  = paddr_i[0] != 1'b0;",
           "paddr[1] no longer makes an access misaligned"),
    Mutant("r11", "rtl", "dropped condition", "rtl/om_write.sv",
           "assign req_ready      = !req_q.write || mem_wr_ready_i;",
           "assign req_ready      = mem_wr_ready_i;", "a dropped (unwritten) op waits for mem_wr_ready"),
    Mutant("r12", "rtl", "wrong zero sign", "rtl/om_fp32_minmax.sv",
           "else if (a_zero && b_zero) y_o = max_i ? (a & b) : (a | b);",
           "else if (a_zero && b_zero) y_o = max_i ? (a | b) : (a & b);", "MIN/MAX of +0 and -0 swapped"),
    Mutant("r13", "rtl", "operator swap", "rtl/om_accept.sv",
           ".func_i(4'(CMP_GREATER_EQUAL)),", ".func_i(4'(CMP_GREATER)),",
           "alpha-to-coverage tests a + 0.5 > 1 instead of >= 1"),
    Mutant("r14", "rtl", "wrong operand select", "rtl/om_accept.sv",
           ".a_i(fog_omf),", ".a_i(fog_f),", "fog colour weighted by f instead of 1 - f"),
    Mutant("r15", "rtl", "wrong constant", "rtl/om_texel_merge.sv",
           "x_ones = 64'((65'd1 << fmt_i.x_bits) - 65'd1);", "x_ones = 64'd0;",
           "X padding stored as zeros"),
    Mutant("r16", "rtl", "dropped condition", "rtl/om_blend_factor.sv",
           "base = alpha_slot_i ? 32'h3F80_0000 : sat_i;", "base = sat_i;",
           "SRC_ALPHA_SAT in an alpha slot is not 1"),
    Mutant("r17", "rtl", "wrong rounding", "rtl/om_f32_to_fsmall.sv",
           "mag = 15'h7BFF;", "mag = 15'h7C00;",
           "float16/11/10 overflow gives INF instead of max finite (RTZ)"),
]


def log(msg: str) -> None:
    print(msg, flush=True)


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kw)


def sync_tree(new: Path, dst: Path) -> int:
    """Makes dst hold exactly new's files, rewriting only files whose content differs (fresh mtime), so
    the build recompiles exactly what changed, including a file a previous session left mutated or
    restored after its last build. Returns the number of files written or removed."""
    changed = 0
    seen = set()
    for f in new.rglob("*"):
        if f.is_dir():
            continue
        rel = f.relative_to(new)
        seen.add(rel)
        target = dst / rel
        data = f.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        shutil.copymode(f, target)
        changed += 1
    for f in list(dst.rglob("*")):
        if f.is_file() and f.relative_to(dst) not in seen:
            f.unlink()
            changed += 1
    return changed


def copy_sources(worktree: bool) -> str:
    """Brings SRC to the sources (HEAD, or the working tree); returns the revision description."""
    rev = sh(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"]).stdout.strip() or "unknown"
    stage = WORK / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    if worktree:
        skip = shutil.ignore_patterns(".git", "__pycache__")
        for entry in ROOT.iterdir():
            if entry.name in ("build", ".git"):
                continue
            if entry.is_dir():
                shutil.copytree(entry, stage / entry.name, ignore=skip, symlinks=True)
            else:
                shutil.copy2(entry, stage / entry.name)
        rev += "+worktree"
    else:
        tar = WORK / "src.tar"
        sh(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(tar), "HEAD"]).check_returncode()
        with tarfile.open(tar) as t:
            t.extractall(stage)
        tar.unlink()
    SRC.mkdir(parents=True, exist_ok=True)
    n = sync_tree(stage, SRC)
    shutil.rmtree(stage)
    log(f"mutate: sources of {rev} in {SRC} ({n} files updated)")
    return rev


def configure() -> None:
    cmd = ["cmake", "-S", str(SRC), "-B", str(BLD), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
           "-DOM_BUILD_BENCH=OFF", "-DOM_BUILD_PYTHON=OFF", "-DOM_TEST_PYTHON=OFF", "-DOM_BUILD_DRIVER=OFF"]
    p = sh(cmd)
    if p.returncode != 0:
        sys.exit(f"mutate: configure failed:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")


def build() -> tuple[bool, float, str]:
    t0 = time.monotonic()
    p = sh(["cmake", "--build", str(BLD), "-j", os.environ.get("JOBS", "2"), "--target", TARGET])
    return p.returncode == 0, time.monotonic() - t0, (p.stdout + p.stderr)[-4000:]


def one_run(cfg: str, rts: int, seed: int, cycles: str) -> dict:
    exe = BLD / "bin" / TARGET
    cmd = [str(exe), "run", "--config", cfg, "--seed", str(seed), "--cycles", cycles, "--json"]
    if rts:
        cmd += ["--rts", str(rts)]
    name = f"{cfg}{'@' + str(rts) if rts else ''} seed {seed}"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return {"run": name, "failed": True, "why": "timeout (hang)"}
    if p.returncode == 0:
        return {"run": name, "failed": False}
    why = f"exit {p.returncode}"
    try:
        f = json.loads(p.stdout).get("failure", {})
        why = f"{f.get('kind')} {f.get('field') or ''} at cycle {f.get('cycle')}".replace("  ", " ")
    except (json.JSONDecodeError, AttributeError):
        tail = (p.stderr or p.stdout).strip().splitlines()
        if tail:
            why += ": " + tail[-1][:160]
    return {"run": name, "failed": True, "why": why}


def regression(cycles: str, seeds: int, jobs: int) -> tuple[dict | None, int, float]:
    """Runs the regression seed-major, `jobs` at a time; stops at the first failure.
    Returns (first failure or None, runs finished, seconds)."""
    runs = [(cfg, rts, seed) for seed in range(1, seeds + 1) for cfg, rts in CONFIGS]
    t0 = time.monotonic()
    done = 0
    first = None
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        pending = {}
        it = iter(runs)
        for r in it:
            pending[pool.submit(one_run, *r, cycles)] = r
            if len(pending) >= jobs:
                break
        while pending:
            fin, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fu in fin:
                pending.pop(fu)
                res = fu.result()
                done += 1
                if res["failed"] and first is None:
                    first = res
            if first is not None:
                for fu in pending:
                    fu.cancel()
                # Let the running ones finish (they are bounded by their timeout and short).
                cf.wait(pending)
                break
            for r in it:
                pending[pool.submit(one_run, *r, cycles)] = r
                break
    return first, done, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="mutant ids to run (default: all)")
    ap.add_argument("--worktree", action="store_true", help="mutate the working tree's sources, not HEAD")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", 2)))
    ap.add_argument("--cycles", default=os.environ.get("OM_COSIM_CYCLES", "1e5"))
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("OM_COSIM_SEEDS", 10)))
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "mutate.json")
    args = ap.parse_args()
    mutants = [m for m in MUTANTS if not args.only or m.id in args.only]
    if args.list or not mutants:
        for m in MUTANTS:
            log(f"{m.id} {m.side:<5} {m.category:<20} {m.file}: {m.what}")
        return 0 if mutants else 2
    mutants.sort(key=lambda m: m.side != "model")  # model first: the Verilated top is rebuilt only after

    WORK.mkdir(parents=True, exist_ok=True)
    rev = copy_sources(args.worktree)
    stale = []
    for m in mutants:
        text = (SRC / m.file).read_text() if (SRC / m.file).exists() else ""
        if text.count(m.find) != 1:
            stale.append(f"{m.id}: '{m.find}' occurs {text.count(m.find)} times in {m.file}")
    if stale:
        log("mutate: mutants no longer apply to the sources (update scripts/mutate.py):\n  " + "\n  ".join(stale))
        return 2
    log(f"mutate: {len(mutants)} mutants of {rev}; regression: {', '.join(c + ('@' + str(r) if r else '') for c, r in CONFIGS)}"
        f" x {args.seeds} seeds x {args.cycles} cycles, {args.jobs} jobs")
    # A previous session may have built a mutant last (the file was restored, the build not redone):
    # fresh mtimes on every file a mutant touches make the baseline build recompile them.
    for f in {m.file for m in MUTANTS}:
        if (SRC / f).exists():
            os.utime(SRC / f)
    configure()
    ok, secs, out = build()
    if not ok:
        log(f"mutate: the unmutated sources do not build:\n{out}")
        return 2
    log(f"mutate: baseline built in {secs:.0f} s; running the unmutated regression")
    first, n, secs = regression(args.cycles, args.seeds, args.jobs)
    if first is not None:
        log(f"mutate: the unmutated regression fails ({first['run']}: {first['why']}); fix that first")
        return 2
    log(f"mutate: baseline passes ({n} runs, {secs:.0f} s)")

    results = []
    for i, m in enumerate(mutants, 1):
        path = SRC / m.file
        original = path.read_text()
        path.write_text(original.replace(m.find, m.replace, 1))
        try:
            ok, bsecs, out = build()
            if not ok:
                status, by, rsecs, runs = "stillborn", "does not build: " + out.strip().splitlines()[-1][:200], 0.0, 0
            else:
                first, runs, rsecs = regression(args.cycles, args.seeds, args.jobs)
                status = "killed" if first else "survived"
                by = f"{first['run']}: {first['why']}" if first else f"all {runs} runs pass"
        finally:
            path.write_text(original)  # a fresh mtime: the next build recompiles the original
        results.append({"id": m.id, "side": m.side, "category": m.category, "file": m.file, "what": m.what,
                        "status": status, "detail": by, "runs": runs, "build_s": round(bsecs, 1),
                        "run_s": round(rsecs, 1)})
        log(f"[{i:2}/{len(mutants)}] {m.id} {m.side:<5} {m.what:<55} {status.upper():<9} {by} "
            f"(build {bsecs:.0f} s, runs {rsecs:.0f} s)")

    valid = [r for r in results if r["status"] != "stillborn"]
    killed = sum(r["status"] == "killed" for r in valid)
    survivors = [r for r in valid if r["status"] == "survived"]
    stillborn = [r for r in results if r["status"] == "stillborn"]
    score = killed / len(valid) if valid else 0.0
    log(f"\nmutate: killed {killed}/{len(valid)} ({100 * score:.0f} %)" +
        (f", {len(stillborn)} did not build" if stillborn else ""))
    for r in survivors:
        log(f"  survivor {r['id']} ({r['side']}, {r['category']}): {r['what']} [{r['file']}]")
    for r in stillborn:
        log(f"  stillborn {r['id']}: {r['detail']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "killed": killed, "total": len(valid), "score": round(score, 4),
        "survivors": [r["id"] for r in survivors], "stillborn": [r["id"] for r in stillborn],
        "revision": rev, "regression": {"configs": [c + (f"@{r}" if r else "") for c, r in CONFIGS],
                                         "seeds": args.seeds, "cycles": args.cycles},
        "mutants": results}, indent=2) + "\n")
    log(f"wrote {args.out}")
    # Only a broken harness fails the target: survivors are reported, and the score is in the file.
    return 0


if __name__ == "__main__":
    sys.exit(main())
