# SPDX-License-Identifier: Apache-2.0
"""CTest check of `omsim caps --json`: for every named configuration the "model" and "rtl" backends
print identical JSON, and its values are those of docs/caps.md §2–§6 for the configuration's feature
level. The docs/caps.md tables are written out below (independently of defs/formats.toml); only the cells
they leave to the hardware ("cap", "optional") are taken from the configuration's declaration
in defs/configs.toml.

usage: caps_json_check.py OMSIM
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]
FLS = ["9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1"]
OPTIONS1 = [
    "FullNonPow2TextureSupported",
    "DepthAsTextureWithLessEqualComparisonFilterSupported",
    "SimpleInstancingSupported",
    "TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported",
]
# D3DPMISCCAPS and D3DPBLENDCAPS bits (docs/caps.md §4).
PMISC = {"COLORWRITEENABLE": 0x80, "INDEPENDENTWRITEMASKS": 0x4000, "SEPARATEALPHABLEND": 0x20000,
         "MRTINDEPENDENTBITDEPTHS": 0x40000, "MRTPOSTPIXELSHADERBLENDING": 0x80000}
PBLEND = {"ZERO": 0x1, "ONE": 0x2, "SRCCOLOR": 0x4, "INVSRCCOLOR": 0x8, "SRCALPHA": 0x10,
          "INVSRCALPHA": 0x20, "DESTALPHA": 0x40, "INVDESTALPHA": 0x80, "DESTCOLOR": 0x100,
          "INVDESTCOLOR": 0x200, "SRCALPHASAT": 0x400, "BOTHSRCALPHA": 0x800, "BOTHINVSRCALPHA": 0x1000,
          "BLENDFACTOR": 0x2000}

# docs/caps.md §5: per format group, the RT/Blend cell for 9_1, 9_2, 9_3, 10_0 and 10_1..11_1.
# R = required, O = optional, D = required if the optional RT support is present, - = absent.
G8 = ["R8G8B8A8_UNORM", "R8G8B8A8_UNORM_SRGB", "B8G8R8A8_UNORM", "B8G8R8A8_UNORM_SRGB", "B8G8R8X8_UNORM",
      "B8G8R8X8_UNORM_SRGB", "R8G8_UNORM", "R8_UNORM", "A8_UNORM", "B5G6R5_UNORM"]
TABLE: dict[str, list[str]] = {}
for f in G8:
    TABLE[f] = ["RR", "RR", "RR", "RR", "RR"]
TABLE["R16G16B16A16_FLOAT"] = ["--", "R-", "RR", "RR", "RR"]
for f in ["R32_FLOAT", "R16G16_FLOAT"]:
    TABLE[f] = ["--", "R-", "R-", "RR", "RR"]
for f in ["R16G16B16A16_UNORM", "R16G16_UNORM"]:
    TABLE[f] = ["--", "R-", "R-", "RO", "RR"]
TABLE["R32G32_FLOAT"] = ["--", "--", "R-", "RR", "RR"]
TABLE["R32G32B32A32_FLOAT"] = ["--", "R-", "R-", "RR", "RR"]
for f in ["R16_FLOAT", "R11G11B10_FLOAT", "R10G10B10A2_UNORM"]:
    TABLE[f] = ["--", "--", "--", "RR", "RR"]
TABLE["R16_UNORM"] = ["--", "--", "--", "RO", "RR"]
for f in ["R8G8B8A8_SNORM", "R8G8_SNORM", "R8_SNORM", "R16G16B16A16_SNORM", "R16G16_SNORM", "R16_SNORM"]:
    TABLE[f] = ["--", "--", "--", "R-", "RR"]
TABLE["R32G32B32_FLOAT"] = ["--", "--", "--", "OD", "OD"]
for f in ["B5G5R5A1_UNORM", "B4G4R4A4_UNORM"]:
    TABLE[f] = ["--", "--", "--", "OO", "OO"]
UINT = ["R32G32B32A32_UINT", "R32G32B32_UINT", "R16G16B16A16_UINT", "R32G32_UINT", "R10G10B10A2_UINT",
        "R8G8B8A8_UINT", "R16G16_UINT", "R32_UINT", "R8G8_UINT", "R16_UINT", "R8_UINT"]
for f in UINT:
    TABLE[f] = ["--", "--", "--", "R-", "R-"]
TABLE["R32G32B32_UINT"] = ["--", "--", "--", "O-", "O-"]
SINT = ["R32G32B32A32_SINT", "R32G32B32_SINT", "R16G16B16A16_SINT", "R32G32_SINT", "R8G8B8A8_SINT",
        "R16G16_SINT", "R32_SINT", "R8G8_SINT", "R16_SINT", "R8_SINT"]
for f in SINT:
    TABLE[f] = ["--", "--", "--", "R-", "R-"]
TABLE["R32G32B32_SINT"] = ["--", "--", "--", "O-", "O-"]


def column(fl: str) -> int:
    return {"9_1": 0, "9_2": 1, "9_3": 2, "10_0": 3}.get(fl, 4)


def fl_at_least(fl: str, other: str) -> bool:
    return FLS.index(fl) >= FLS.index(other)


def check_cell(errors: list[str], where: str, cell: str, have: bool, depends: bool = False) -> None:
    if cell == "R" and not have:
        errors.append(f"{where}: required by docs/caps.md §5, not reported")
    elif cell == "-" and have:
        errors.append(f"{where}: reported, docs/caps.md §5 says not available")
    elif cell == "D" and depends and not have:
        errors.append(f"{where}: required when the render-target support is present (D)")


def check_config(cfg: dict, doc: dict) -> list[str]:
    e: list[str] = []
    fl = cfg["fl"]
    ten = fl_at_least(fl, "10_0")
    if doc.get("feature_level") != fl:
        e.append(f"feature_level {doc.get('feature_level')!r}, want {fl!r}")
    want_keys = {"config", "feature_level", "D3D11_FEATURE_D3D9_OPTIONS1", "D3D11_FEATURE_D3D11_OPTIONS",
                 "D3DCAPS9", "formats"}
    if set(doc) != want_keys:
        e.append(f"top-level keys {sorted(doc)}")
    # docs/caps.md §2, §6: TRUE at 10_0+; at 9_x the hardware's report ("cap"), SimpleInstancing T* at 9_3.
    o1 = doc["D3D11_FEATURE_D3D9_OPTIONS1"]
    if list(o1) != OPTIONS1:
        e.append(f"D3D9_OPTIONS1 keys {list(o1)}")
    for i, name in enumerate(OPTIONS1):
        want = True if ten else cfg["d3d9_options1"][i]
        if fl == "9_3" and name == "SimpleInstancingSupported":
            want = True
        if o1.get(name) is not want:
            e.append(f"{name} = {o1.get(name)}, want {want}")
    # docs/caps.md §3: FALSE at 9_x, TRUE at 11_1, optional (the configuration's choice) in between.
    lo = doc["D3D11_FEATURE_D3D11_OPTIONS"]["OutputMergerLogicOp"]
    want_lo = False if not ten else True if fl == "11_1" else cfg["logic_op"]
    if lo is not want_lo:
        e.append(f"OutputMergerLogicOp = {lo}, want {want_lo}")
    # docs/caps.md §4, §6: D3DCAPS9.
    c9 = doc["D3DCAPS9"]
    nrt = c9["NumSimultaneousRTs"]
    min_rt = 4 if fl == "9_3" else 1
    if not (min_rt <= nrt <= 4) or nrt != cfg["d3d9_num_rts"]:
        e.append(f"NumSimultaneousRTs = {nrt} (docs/caps.md: {min_rt}..4, configuration {cfg['d3d9_num_rts']})")
    pm = c9["PrimitiveMiscCaps"]
    need = {"COLORWRITEENABLE": True,
            "SEPARATEALPHABLEND": fl_at_least(fl, "9_2"),
            "INDEPENDENTWRITEMASKS": fl_at_least(fl, "9_3"),
            "MRTINDEPENDENTBITDEPTHS": ten,
            "MRTPOSTPIXELSHADERBLENDING": fl_at_least(fl, "9_3")}
    for name, want in need.items():
        if bool(pm & PMISC[name]) != want:
            e.append(f"D3DPMISCCAPS_{name} {'missing' if want else 'reported'} (docs/caps.md §6 at {fl})")
    for slot, minimum in (("SrcBlendCaps", ["ZERO", "ONE", "SRCALPHA", "INVSRCALPHA", "INVDESTALPHA",
                                            "INVDESTCOLOR"]),
                          ("DestBlendCaps", ["ZERO", "ONE", "SRCALPHA", "INVSRCALPHA", "INVSRCCOLOR"])):
        caps = c9[slot]
        for name in minimum:
            if not caps & PBLEND[name]:
                e.append(f"{slot}: D3DPBLENDCAPS_{name} below the 9_1 minimum")
        if bool(caps & PBLEND["SRCALPHASAT"]) != ten:
            e.append(f"{slot}: SRCALPHASAT must follow docs/caps.md §6 (SRC_ALPHA_SAT from 10_0)")
        for name in ("BOTHSRCALPHA", "BOTHINVSRCALPHA"):
            if caps & PBLEND[name]:
                e.append(f"{slot}: {name} reported, but factors 12/13 are rejected (docs/behaviour.md §2.2)")
    # docs/caps.md §5.
    col = column(fl)
    for name, flags in doc["formats"].items():
        if name not in TABLE:
            e.append(f"format {name}: not in the docs/caps.md §5 table")
            continue
        rt_cell, blend_cell = TABLE[name][col]
        rt = "RENDER_TARGET" in flags
        blend = "BLENDABLE" in flags
        logic = "OUTPUT_MERGER_LOGIC_OP" in flags
        check_cell(e, f"{name} RENDER_TARGET", rt_cell, rt)
        check_cell(e, f"{name} BLENDABLE", blend_cell, blend, depends=rt)
        if blend and not rt:
            e.append(f"{name}: BLENDABLE without RENDER_TARGET")
        want_logic = name in UINT and rt and lo
        if fl == "11_1" and name in UINT and rt and not logic:
            e.append(f"{name}: OUTPUT_MERGER_LOGIC_OP required at 11_1")
        if logic != want_logic:
            e.append(f"{name}: OUTPUT_MERGER_LOGIC_OP = {logic}, docs/caps.md: UINT render targets when "
                     f"OutputMergerLogicOp")
        # Every render-target format of a configuration with samples > 1 (defs/configs.toml) is multisample-capable.
        if ("MULTISAMPLE_RENDERTARGET" in flags) != (rt and cfg["samples"] > 1):
            e.append(f"{name}: MULTISAMPLE_RENDERTARGET = {not rt or cfg['samples'] == 1}, configs.toml: "
                     f"render targets of a configuration with samples > 1 ({cfg['samples']})")
    for name in G8:
        if name not in doc["formats"]:
            e.append(f"format {name} (required at every feature level) missing")
    return e


def main() -> int:
    omsim = sys.argv[1]
    configs = tomllib.loads((ROOT / "defs/configs.toml").read_text())["config"]
    failures = 0
    for cfg in configs:
        outs = {}
        for backend in ("model", "rtl"):
            p = subprocess.run([omsim, "caps", "--config", cfg["name"], "--backend", backend, "--json"],
                               capture_output=True, text=True, timeout=300)
            if p.returncode != 0:
                print(f"{cfg['name']}/{backend}: exit {p.returncode}\n{p.stderr}")
                failures += 1
                continue
            outs[backend] = p.stdout
        if len(outs) != 2:
            continue
        if outs["model"] != outs["rtl"]:
            print(f"{cfg['name']}: model and rtl print different JSON")
            failures += 1
        errors = check_config(cfg, json.loads(outs["model"]))
        for err in errors:
            print(f"{cfg['name']}: {err}")
        failures += len(errors)
        print(f"{cfg['name']}: {'ok' if not errors else f'{len(errors)} error(s)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
