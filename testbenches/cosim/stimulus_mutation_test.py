# SPDX-License-Identifier: Apache-2.0
"""Corrupted stimulus files: records short runs, corrupts each file a few hundred ways (truncation, deleted lines and
fields, out-of-range and malformed numbers, duplicated lines, swapped records, bus kinds and keys, stray bytes, a
changed header) and replays every one. Each must be refused (exit 2, the message naming the file and line) or run
and pass: a corruption never reaches the run as a false hardware failure, a crash or a hang. A file cut short must be
refused (the format closes with an `end` line), unless the cut took only its last blanks. Deterministic (a fixed
generator seed).

usage: stimulus_mutation_test.py OMSIM WORKDIR [MUTATIONS_PER_FILE]
"""

import os
import random
import re
import subprocess
import sys

BAD_NUMBERS = ["-1", "", "0x", "0xG", "1.5", "abc", "18446744073709551616", "4294967296", "65536", "4096", "0x1240",
               "256", "16384", "1e999", "nan", "+1", "0", "9" * 30]
KINDS = ["state_write", "partial_write", "read", "perf_clear", "ro_write", "wo_read", "unmapped_read",
         "unmapped_write", "misaligned_read", "misaligned_write", "status_poll"]
RECORDS = ["config", "cycles", "rts", "seed", "profile", "mem", "segment", "program", "traffic", "ps", "pixel"]
KEYS = ["gap", "z", "s", "omask", "strb", "rd", "wr", "lat", "seed", "o9", "dual", "fog", "fill_seed", ""]
FLAGS = ["clear", "nocov", "back", "drain", "nofill", "illegal", "extra"]
STRAY = ["\x00", "\xff", "\t", "=", ",", "..", "#", "\r", " x=1", "\u00e9"]


class Mutator:
    def __init__(self, lines: list[str], rng: random.Random) -> None:
        self.lines, self.rng = lines, rng

    def _body(self) -> int:
        return self.rng.randrange(1, len(self.lines) - 1)

    def _tokens(self, edit) -> str:
        for _ in range(50):
            i = self._body()
            tok = self.lines[i].split()
            if len(tok) > 1:
                break
        out = list(self.lines)
        out[i] = " ".join(edit(tok, self.rng.randrange(1, len(tok))))
        return "\n".join(out)

    def truncate(self) -> str:
        text = "\n".join(self.lines)
        return text[: self.rng.randrange(len(text))]

    def delete_line(self) -> str:
        i = self._body()
        return "\n".join(self.lines[:i] + self.lines[i + 1:])

    def delete_field(self) -> str:
        return self._tokens(lambda t, j: t[:j] + t[j + 1:])

    def bad_number(self) -> str:
        def edit(t, j):
            v = self.rng.choice(BAD_NUMBERS)
            t[j] = t[j].split("=")[0] + "=" + v if "=" in t[j] else v
            return t
        return self._tokens(edit)

    def duplicate_line(self) -> str:
        i = self.rng.randrange(1, 8) if self.rng.random() < 0.5 else self._body()
        return "\n".join(self.lines[: i + 1] + [self.lines[i]] + self.lines[i + 1:])

    def swap_record(self) -> str:
        def edit(t, j):
            t[0] = self.rng.choice(RECORDS)
            return t
        return self._tokens(edit)

    def swap_bus_kind(self) -> str:
        i = self.rng.choice([k for k, ln in enumerate(self.lines) if ln.startswith(("program", "traffic"))])
        t = self.lines[i].split()
        t[1] = self.rng.choice(KINDS)
        out = list(self.lines)
        out[i] = " ".join(t)
        return "\n".join(out)

    def stray_byte(self) -> str:
        i = self._body()
        out = list(self.lines)
        p = self.rng.randrange(len(out[i]) + 1)
        out[i] = out[i][:p] + self.rng.choice(STRAY) + out[i][p:]
        return "\n".join(out)

    def swap_key(self) -> str:
        def edit(t, j):
            if "=" in t[j]:
                t[j] = self.rng.choice(KEYS) + "=" + t[j].split("=", 1)[1]
            else:
                t.append(self.rng.choice(FLAGS))
            return t
        return self._tokens(edit)

    def header_cycles(self) -> str:
        out = list(self.lines)
        i = next(k for k, ln in enumerate(out) if ln.startswith("cycles"))
        out[i] = "cycles " + self.rng.choice(["1", "2", "50", "0", "1000000000001", "301", "299"])
        return "\n".join(out)

    KINDS_OF_MUTATION = ["truncate", "delete_line", "delete_field", "bad_number", "bad_number", "duplicate_line",
                         "swap_record", "swap_bus_kind", "stray_byte", "swap_key", "header_cycles"]


def main() -> int:
    omsim, work = sys.argv[1], sys.argv[2]
    per_file = int(sys.argv[3]) if len(sys.argv) > 3 else 150
    os.makedirs(work, exist_ok=True)
    rng = random.Random(1)
    bad = tried = 0
    for profile in ("bus", "depth"):
        src = os.path.join(work, f"{profile}.stim")
        subprocess.run([omsim, "run", "--config", "fl11_1", "--seed", "5", "--cycles", "300", "--profile", profile,
                        "--record", src], check=True, capture_output=True)
        with open(src, encoding="utf-8") as f:
            mut = Mutator(f.read().split("\n"), rng)
        for n in range(per_file):
            how = Mutator.KINDS_OF_MUTATION[n % len(Mutator.KINDS_OF_MUTATION)]
            path = os.path.join(work, f"{profile}-{n:03d}.stim")
            text = getattr(mut, how)()
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
            cut_short = how == "truncate" and text.rstrip() != "\n".join(mut.lines).rstrip()
            tried += 1
            try:
                p = subprocess.run([omsim, "run", "--stimulus", path], capture_output=True, text=True,
                                   errors="replace", timeout=60)
            except subprocess.TimeoutExpired:
                print(f"FAIL {path} ({how}): still running after 60 s")
                bad += 1
                continue
            first = p.stderr.strip().splitlines()[0] if p.stderr.strip() else ""
            refused = p.returncode == 2 and re.match(rf"omsim run: {re.escape(path)}:\d+: ", first)
            if refused or (p.returncode == 0 and not cut_short):
                continue
            bad += 1
            last = p.stdout.strip().splitlines()[0] if p.stdout.strip() else ""
            print(f"FAIL {path} ({how}): exit {p.returncode}: {first or last}")
    print(f"{tried - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
