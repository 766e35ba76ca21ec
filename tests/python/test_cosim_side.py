# SPDX-License-Identifier: Apache-2.0
"""omsim.cosim.Side: the RTL and the cycle model driven port by port from Python. A small bench here (APB4 master,
pixel driver, render-target memory with the ordering contract of om_top's ports; texels as Python ints of up to 128
bits) runs hand-written sequences on both sides at once; the results are checked against the register map
(omsim.cap_register, the generated _regs reset values), the reference model (omsim.blend) and the handshakes
counted here."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
import pytest

import omsim
from omsim import _regs, _types, cosim

REG = {name: v[0] for name, v in _regs.REGS.items()}
ADDR = {name: (lsb, width) for name, lsb, width in _types.TYPES["mem_addr"]["fields"]}
# Every texel before the first write, as 32-bit words (word 0 = texel bits 31:0).
DEST_INIT = {"R8G8B8A8_UNORM": [0x80402010], "R32G32B32A32_FLOAT": [0x3F000000, 0x3E800000, 0x3F800000, 0x3F400000]}


def addr_field(addr: int, name: str) -> int:
    """A field of a mem_addr_t value, by the generated layout."""
    lsb, width = ADDR[name]
    return addr >> lsb & ((1 << width) - 1)


def texel_int(words: Any) -> int:
    return sum(int(w) << (32 * i) for i, w in enumerate(words))


def texel_words(value: int, n: int) -> list[int]:
    return [(value >> (32 * i)) & 0xFFFFFFFF for i in range(n)]


class Bench:
    """Both sides, the same inputs every cycle, equal outputs asserted every cycle."""

    def __init__(self, config: str, model_fault: str | None = None, dest_init: int = 0) -> None:
        self.config = config
        self.dest_init = dest_init
        self.rtl = cosim.Side("rtl")
        self.model = cosim.Side("model", fault=model_fault)
        self.mem: dict[int, int] = {}
        self.responses: deque[int] = deque()
        self.counts = dict(pixels_in=0, rt_reads=0, rt_writes=0)
        self.check_equal = model_fault is None
        self.last: tuple[dict[str, Any], dict[str, Any]] = ({}, {})

    def cycle(self, **ports: Any) -> dict[str, Any]:
        inp = cosim.idle_inputs(self.config)
        inp.update(mem_rd_ready=True, mem_wr_ready=True)
        if self.responses:  # reads answer one cycle after acceptance, in order
            inp.update(mem_rsp_valid=True, mem_rsp_data=self.responses.popleft())
        inp.update(ports)
        a, b = self.rtl.eval(inp), self.model.eval(inp)
        if self.check_equal:
            assert a == b, f"cycle {self.rtl.cycle}: rtl {a} vs model {b}"
        self.last = (a, b)
        if a["mem_wr_valid"]:  # a write and a read accepted together: the write first
            self.mem[a["mem_wr_addr"]] = a["mem_wr_data"]
            self.counts["rt_writes"] += 1
        if a["mem_rd_valid"]:
            self.responses.append(self.mem.get(a["mem_rd_addr"], self.dest_init))
            self.counts["rt_reads"] += 1
        if inp["in_valid"] and a["in_ready"]:
            self.counts["pixels_in"] += 1
        self.rtl.tick()
        self.model.tick()
        assert self.rtl.take_error() == ""
        return a

    def reset(self, cycles: int = 4) -> None:
        for _ in range(cycles):
            self.cycle(rst_n=False)

    def apb(self, addr: int, write: bool = False, data: int = 0) -> tuple[int, bool]:
        """One APB4 transfer: setup phase, then access phase until PREADY. Returns (PRDATA, PSLVERR)."""
        bus = dict(psel=True, pwrite=write, paddr=addr, pwdata=data, pstrb=0xF if write else 0)
        self.cycle(**bus)
        for _ in range(1000):
            out = self.cycle(penable=True, **bus)
            if out["pready"]:
                return out["prdata"], out["pslverr"]
        raise AssertionError(f"no PREADY for 0x{addr:03x}")

    def pixel(self, x: int, y: int, oc0: list[float]) -> None:
        px = dict(cmd="draw", x=x, y=y, coverage=True, oc=[[omsim.f32_bits(v) for v in oc0]])
        for _ in range(1000):
            if self.cycle(in_valid=True, in_data=px)["in_ready"]:
                return
        raise AssertionError("pixel not accepted")

    def idle(self, cycles: int) -> None:
        for _ in range(cycles):
            self.cycle()


@pytest.mark.parametrize("config", ["fl9_1", "fl10_0", "fl11_1"])
def test_capability_registers_read_as_the_register_map_says(config):
    bench = Bench(config)
    bench.reset()
    mapped = 0
    for offset in range(0, 0x200, 4):
        prdata, err = bench.apb(offset)
        try:
            expected = omsim.cap_register(config, offset)
        except ValueError:  # unmapped in the capability window
            assert err, f"0x{offset:03x}"
            continue
        mapped += 1
        assert not err and prdata == expected, f"0x{offset:03x}: 0x{prdata:08x} vs 0x{expected:08x}"
    assert mapped == 8 + 116
    # State registers read their reset values after reset (the register description's values).
    for name in ("SAMPLE_MASK", "BLEND_FACTOR[0]", "ALPHA_TEST", "RT[3].RT_BLEND", "RT[7].RT_LOGIC"):
        assert bench.apb(REG[name]) == (_regs.REGS[name][2], False), name


@pytest.mark.parametrize("fmt", sorted(DEST_INIT))
def test_a_blended_draw_writes_what_the_reference_model_computes(fmt):
    words = len(DEST_INIT[fmt])
    bench = Bench("fl11_1", dest_init=texel_int(DEST_INIT[fmt]))
    bench.reset()
    desc = omsim.RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")
    blend = (int(desc.src_blend) | int(desc.dest_blend) << 5 | int(desc.blend_op) << 10
             | int(desc.src_blend_alpha) << 16 | int(desc.dest_blend_alpha) << 21 | int(desc.blend_op_alpha) << 26
             | 1 << 31)
    for name, value in (("RT[0].RT_FORMAT", int(omsim.Format[fmt])), ("RT[0].RT_SIZE", 4 << 16 | 4),
                        ("RT[0].RT_BLEND", blend), ("PS_OUTPUTS", 0x1)):
        assert bench.apb(REG[name], write=True, data=value) == (0, False), name
        assert bench.apb(REG[name])[0] == value, name
    pixels = [(0, 0, [1.0, 0.0, 0.0, 0.5]), (3, 2, [0.25, 0.5, 0.75, 1.0]), (1, 3, [0.0, 1.0, 0.0, 0.0]),
              (0, 0, [0.0, 0.0, 1.0, 0.25])]  # the last one blends over the first one's result
    for x, y, oc0 in pixels:
        bench.pixel(x, y, oc0)
    bench.idle(40)
    assert bench.apb(REG["STATUS"])[0] & 1 == 0  # not busy

    expected: dict[tuple[int, int], int] = {}
    for x, y, oc0 in pixels:
        dest = np.array([texel_words(expected.get((x, y), bench.dest_init), words)], np.uint32)
        out = omsim.blend(fmt, np.array([oc0], np.float32), dest.reshape(1, words) if words > 1 else dest[:, 0], desc)
        expected[(x, y)] = texel_int(np.asarray(out).reshape(-1))
    got = {(addr_field(addr, "x"), addr_field(addr, "y")): data for addr, data in bench.mem.items()}
    assert got == expected, {k: (hex(got.get(k, -1)), hex(v)) for k, v in expected.items()}
    assert all(addr_field(addr, "rt") == 0 and addr_field(addr, "s") == 0 for addr in bench.mem)  # RT 0, sample 0
    assert bench.counts == dict(pixels_in=4, rt_reads=4, rt_writes=4)
    perf = bench.last[0]["perf"]
    for name in ("pixels_in", "rt_reads", "rt_writes"):
        assert perf[name] == bench.counts[name]
        assert bench.apb(REG["PERF_" + name.upper()]) == (bench.counts[name], False)
    assert perf["mem_stalls"] == 0 and perf["killed"] == 0


def test_lockstep_inputs_replayed_on_two_sides_give_its_outputs():
    sim = cosim.Lockstep("fl10_0", seed=21, cycles=2500)
    rtl, model = cosim.Side("rtl"), cosim.Side("model")
    cycles = 0
    while sim.step(1):
        inp, outs = sim.inputs, sim.outputs
        assert inp is not None and outs is not None
        assert rtl.step(inp) == outs["rtl"]
        assert model.step(inp) == outs["model"]
        cycles += 1
    assert sim.finish().passed and cycles == sim.cycle == rtl.cycle == model.cycle


def test_a_side_with_a_fault_differs_where_the_fault_says():
    bench = Bench("fl9_3", model_fault="prdata")
    bench.reset()
    for k in range(5):  # the fault flips bit 0 of PRDATA on the third completed read only
        prdata, _ = bench.apb(0x000)
        rtl_out, model_out = bench.last
        assert rtl_out["prdata"] == prdata
        assert rtl_out["prdata"] ^ model_out["prdata"] == (1 if k == 2 else 0), k


def test_tick_needs_an_eval_first():
    side = cosim.Side("model")
    with pytest.raises(RuntimeError, match="eval"):
        side.tick()
    side.eval(cosim.idle_inputs(reset=True))
    side.tick()
    with pytest.raises(RuntimeError, match="eval"):
        side.tick()
    assert side.cycle == 1 and side.name == "model"
