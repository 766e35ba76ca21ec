# SPDX-License-Identifier: Apache-2.0
"""The merged functional-coverage report of :mod:`omsim.regress`: ONE self-contained HTML file with the coverage
per group, cross-coverage heat maps (PNG from matplotlib, embedded as data URIs), every hole, and the failure
buckets with their reproduce commands."""

from __future__ import annotations

import base64
import html
import io
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

CROSS_GROUPS = ("blend_rgb", "blend_alpha", "blend_minmax", "logic_uint")


def _groups(bins: dict[str, dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for name, b in bins.items():
        group, _, rest = name.partition("/")
        out[group][rest] = b
    return dict(sorted(out.items()))


def heat_map_png(group: str, bins: dict[str, dict[str, Any]]) -> bytes:
    """A heat map of a cross group (``group/ROW/COLUMN...``): log hits per cell, holes marked x, cells outside
    the merged universe grey. Empty bytes when matplotlib is missing or the group is not a cross."""
    rows = sorted({n.split("/", 1)[0] for n in bins if "/" in n})
    cols = sorted({n.split("/", 1)[1] for n in bins if "/" in n})
    if len(rows) < 2 or len(cols) < 2:
        return b""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError:
        return b""
    val = np.full((len(rows), len(cols)), np.nan)
    holes_x, holes_y = [], []
    ri = {r: i for i, r in enumerate(rows)}
    ci = {c: i for i, c in enumerate(cols)}
    for n, b in bins.items():
        if "/" not in n:
            continue
        r, c = n.split("/", 1)
        if b["universe"]:
            val[ri[r], ci[c]] = math.log10(1 + b["hits"])
            if b["hits"] == 0:
                holes_x.append(ci[c])
                holes_y.append(ri[r])
    # Fixed margins from the label lengths (tight_layout would draw the figure once more).
    left, bottom = 0.06 * max(map(len, rows)) + 0.3, 0.055 * max(map(len, cols)) + 0.2
    width, height = max(5.0, 0.14 * len(cols) + left + 1.2), 0.16 * len(rows) + bottom + 0.5
    fig = plt.figure(figsize=(width, height), dpi=80)
    ax = fig.add_axes((left / width, bottom / height, 1 - (left + 1.2) / width, 1 - (bottom + 0.5) / height))
    cmap = matplotlib.colormaps["viridis"].copy()
    cmap.set_bad("#dddddd")
    im = ax.imshow(np.ma.masked_invalid(val), aspect="auto", cmap=cmap, interpolation="nearest")
    if holes_x:
        ax.scatter(holes_x, holes_y, marker="x", c="red", s=10, linewidths=0.7)
    ax.set_yticks(range(len(rows)), rows, fontsize=6)
    ax.set_xticks(range(len(cols)), cols, fontsize=5, rotation=90)
    ax.set_title(f"{group}: log10(1 + hits)", fontsize=8)
    fig.colorbar(im, cax=fig.add_axes((1 - 0.9 / width, bottom / height, 0.15 / width, 1 - (bottom + 0.5) / height)))
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


_CSS = """body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:2px 8px;font-size:13px;text-align:left}th{background:#f0f0f0}
.bar{background:#eee;width:160px;height:10px;display:inline-block}.bar>span{background:#3a7;height:10px;display:block}
code{font-size:12px;background:#f6f6f6;padding:1px 3px}.holes{columns:3;font-size:12px}"""


def write_html(path: Path, coverage: dict[str, Any], summary: dict[str, Any], title: str = "omsim regress") -> None:
    """Writes the report from a merged coverage dict (Coverage.to_dict()) and a summary (regress_db.summary)."""
    e = html.escape
    groups = _groups(coverage.get("bins", {}))
    uni = sum(1 for g in groups.values() for b in g.values() if b["universe"])
    cov = sum(1 for g in groups.values() for b in g.values() if b["universe"] and b["hits"])
    pct = 100.0 * cov / uni if uni else 100.0
    out = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{e(title)}</title><style>{_CSS}</style>",
        f"</head><body><h1>{e(title)}: functional coverage {pct:.1f} % ({cov} of {uni} bins)</h1>",
        f"<p>{summary['runs']} runs ({summary['passed']} passed, {summary['failed']} failed, "
        f"{summary['waived']} waived) of {e(', '.join(summary['configs']))}, profiles "
        f"{e(', '.join(summary['profiles']))}; {summary['cycles']} cycles, {summary['pixels']} pixels; revision "
        f"{e(', '.join(summary['revisions']))}; {len(coverage.get('runs', []))} runs merged.</p>",
    ]
    out.append("<h2>Coverage per group</h2><table><tr><th>group</th><th>covered</th><th></th><th>holes</th></tr>")
    for g, bins in groups.items():
        u = [b for b in bins.values() if b["universe"]]
        c = sum(1 for b in u if b["hits"])
        p = 100.0 * c / len(u) if u else 100.0
        out.append(
            f"<tr><td><a href='#{e(g)}'>{e(g)}</a></td><td>{c}/{len(u)} ({p:.1f} %)</td>"
            f"<td><span class='bar'><span style='width:{p:.0f}%'></span></span></td><td>{len(u) - c}</td></tr>"
        )
    out.append("</table>")
    if summary["buckets"]:
        out.append(
            "<h2>Failures by signature</h2><table><tr><th>runs</th><th>signature</th><th>reproduce</th>"
            "<th>minimized</th></tr>"
        )
        for b in summary["buckets"]:
            mini = (
                f"{b['minimized_pixels']} pixels: <code>{e(b['minimized_reproduce'] or '')}</code>"
                if b["minimized"]
                else "-"
            )
            note = f"<br><small>{e(b['note'])}</small>" if b["note"] else ""
            out.append(
                f"<tr><td>{b['count']}</td><td>{e(b['signature'])}{note}</td>"
                f"<td><code>{e(b['reproduce'])}</code></td><td>{mini}</td></tr>"
            )
        out.append("</table>")
    out.append("<h2>Cross coverage</h2>")
    for g in CROSS_GROUPS:
        png = heat_map_png(g, groups.get(g, {}))
        if png:
            out.append(
                f"<h3 id='{e(g)}-map'>{e(g)}</h3><p>Rows: the first field of the bin; columns: the rest. Red x: a "
                "hole; grey: outside the universe of the merged configurations.</p><img alt='{e(g)} heat map' "
                f"src='data:image/png;base64,{base64.b64encode(png).decode()}'>"
            )
        elif g in groups:
            out.append(f"<p>{e(g)}: no heat map (matplotlib is not installed)</p>")
    out.append("<h2>Holes</h2>")
    for g, bins in groups.items():
        holes = sorted(n for n, b in bins.items() if b["universe"] and not b["hits"])
        out.append(f"<h3 id='{e(g)}'>{e(g)}: {len(holes)} holes</h3>")
        if holes:
            out.append("<ul class='holes'>" + "".join(f"<li>{e(g)}/{e(h)}</li>" for h in holes) + "</ul>")
    out.append("</body></html>\n")
    Path(path).write_text("\n".join(out), encoding="utf-8")
