# SPDX-License-Identifier: Apache-2.0
"""Checks that every row of defs/top_ports.toml reaches the wave layouts, the one consumer that is not a plain
generated list (waves/make_gtkw.py places the table's groups among its own): om_top.gtkw and model.gtkw of every
configuration show every port (om_top.<port>) and every stage-boundary tap and wire (om_top.om_top.<wire>),
cosim.gtkw every port of both sides. A port or wire missing from a layout fails, naming both.

usage: top_ports_layouts.py WAVES_DIR   (exit 0 complete, 1 something missing, 2 unreadable input)
"""
from __future__ import annotations

import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools/gen"))
import top_table  # noqa: E402


def shows(text: str, name: str) -> bool:
    """Whether a layout has a trace of the signal (the whole of it, a bit range or a struct field)."""
    return re.search(rf"(^|\s){re.escape(name)}(\[|\.|$)", text, re.M) is not None


def layouts(waves: pathlib.Path) -> list[str]:
    configs = sorted(d for d in waves.iterdir() if (d / "om_top.gtkw").is_file())
    if not configs:
        raise OSError(f"{waves}: no configuration's layouts (om_top.gtkw)")
    wires = [t.name for st in top_table.stages() for t in st.taps + st.wires]
    problems = []
    for d in configs:
        for name in ("om_top.gtkw", "model.gtkw"):
            text = (d / name).read_text()
            want = ["om_top.clk_i"] + [f"om_top.{s.rtl}" for s, _ in top_table.ports()]
            want += [f"om_top.om_top.{w}" for w in wires]
            problems += [f"{d.name}/{name}: no {w}" for w in want if not shows(text, w)]
        text = (d / "cosim.gtkw").read_text()
        problems += [f"{d.name}/cosim.gtkw: no cosim.{side}.{s.rtl}" for s, _ in top_table.ports()
                     for side in ("rtl", "model") if not shows(text, f"cosim.{side}.{s.rtl}")]
    return problems


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        problems = layouts(pathlib.Path(sys.argv[1]))
    except OSError as e:
        print(f"top_ports_layouts: {e}", file=sys.stderr)
        return 2
    for p in problems:
        print(f"FAIL: {p}")
    wires = sum(len(st.taps + st.wires) for st in top_table.stages())
    print(f"{len(top_table.ports())} ports, {wires} stage-boundary wires: {len(problems)} missing from a layout")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
