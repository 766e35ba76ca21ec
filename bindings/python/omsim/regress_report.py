# SPDX-License-Identifier: Apache-2.0
"""What :mod:`omsim.regress` writes for people and CI: the JUnit XML (one testcase per run) and the text summary
of ``omsim regress report`` (its JSON is :func:`omsim.regress_db.summary`)."""

from __future__ import annotations

import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any


def write_junit(path: Path, rows: list[sqlite3.Row], name: str = "omsim regress") -> None:
    """JUnit XML: a testsuite per configuration.profile, a testcase per run (classname ``config.profile``, name
    ``seed N``) with its seed, cycles, fault and reproduce command as properties; a failure's message is its
    signature and its text the first-divergence report; a waived failure is ``skipped`` (type "waived")."""
    root = ET.Element("testsuites", name=name)
    suites: dict[str, ET.Element] = {}
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for r in rows:
        cls = f"{r['config']}.{r['profile']}"
        suite = suites.get(cls)
        if suite is None:
            suite = suites[cls] = ET.SubElement(root, "testsuite", name=cls)
        case = ET.SubElement(suite, "testcase", classname=cls, name=f"seed {r['seed']}", time=f"{r['seconds']:.3f}")
        props = ET.SubElement(case, "properties")
        for k in ("seed", "cycles", "fault", "revision", "reproduce"):
            ET.SubElement(props, "property", name=k, value=str(r[k]))
        waived = r["waived"].startswith("waived")
        if r["verdict"] == "PASS":
            pass
        elif waived:
            ET.SubElement(case, "skipped", type="waived", message=f"{r['signature']} ({r['waived']})")
        else:
            tag = "error" if r["verdict"] == "ERROR" else "failure"
            el = ET.SubElement(case, tag, message=r["signature"], type=r["failure_kind"] or tag)
            el.text = r["report"] + (f"\n{r['waived']}\n" if r["waived"] else "")
        out = ET.SubElement(case, "system-out")
        out.text = f"seed {r['seed']}\nreproduce: {r['reproduce']}\n"
        if r["minimized_reproduce"]:
            out.text += f"minimized: {r['minimized_reproduce']}\n"
        for key, el_tag in (("tests", None), ("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
            if el_tag is None or case.find(el_tag) is not None:
                suite.set(key, str(int(suite.get(key, "0")) + 1))
                totals[key] += 1
        suite.set("time", f"{float(suite.get('time', '0')) + r['seconds']:.3f}")
    for suite in suites.values():
        for key in totals:
            suite.set(key, suite.get(key, "0"))
    for key, n in totals.items():
        root.set(key, str(n))
    ET.indent(root)
    Path(path).write_bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n")


def summary_text(s: dict[str, Any]) -> str:
    """The human-readable form of a summary dict (regress_db.summary)."""
    lines = [
        f"{s['runs']} runs: {s['passed']} passed, {s['failed']} failed"
        + (f", {s['waived']} waived" if s["waived"] else "")
        + (f" ({s['errors']} errors)" if s["errors"] else "")
        + f"; {s['cycles']} cycles, {s['pixels']} pixels, {s['seconds']:.1f} s of runs",
        f"configs {', '.join(s['configs']) or '-'}; profiles {', '.join(s['profiles']) or '-'}; "
        f"revision {', '.join(s['revisions']) or '-'}",
    ]
    m = s.get("memory", {})
    if m.get("runs"):
        big = max(m["runs"], key=lambda r: r["peak_kib"])
        grow = max(m["runs"], key=lambda r: r["last_kib"] - r["first_kib"])
        lines.append(
            f"resident memory: peak {m['peak_kib'] / 1024:.1f} MiB ({big['config']} {big['profile']} seed "
            f"{big['seed']}); largest growth from 1 s in to the end {m['growth_kib'] / 1024:+.1f} MiB "
            f"({grow['config']} {grow['profile']} seed {grow['seed']}: {grow['first_kib'] / 1024:.1f} -> "
            f"{grow['last_kib'] / 1024:.1f} MiB)"
        )
    if s["buckets"]:
        lines.append(f"{len(s['buckets'])} failure bucket(s), by signature:")
    for b in s["buckets"]:
        f = b["first"]
        state = " [waived]" if b["waived"] == b["count"] else ""
        lines.append(f"  {b['count']:4d} x {b['signature']}{state}")
        lines.append(f"         first: {f['config']} {f['profile']} seed {f['seed']} (cycle {f['failure_cycle']})")
        lines.append(f"         reproduce: {b['reproduce']}")
        if b["note"]:
            lines.append(f"         {b['note']}")
        if b["minimized"]:
            lines.append(
                f"         minimized ({b['minimized_pixels']} pixels, {b['minimize_runs']} runs, "
                f"{b['minimize_seconds']:.1f} s): {b['minimized_reproduce']}"
            )
    return "\n".join(lines)
