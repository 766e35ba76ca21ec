# SPDX-License-Identifier: Apache-2.0
"""omsim.device validate (ValidateDevice, docs/validation.md §7), device loss and reset, and waves, on every backend.

Expected codes come from the check table of docs/validation.md §7 and from ``omsim.om_validate`` on the state the test
binds, computed without a device; register offsets from the generated register map (``omsim._regs``).
"""

from __future__ import annotations

import pytest

import omsim
from omsim import BlendDesc, Hresult, OmState, PsOutput, PsOutputType, RtBinding, RtBlendDesc, ValidateReason
from omsim import _regs
from omsim.device import BusStatus, Device, RenderTargetView, backends
from omsim.errors import (
    ConflictingRenderStateError,
    DeviceLostError,
    DriverInternalError,
    InvalidArgError,
    TooManyOperationsError,
    WrongTextureFormatError,
)

BACKENDS = sorted(backends())


def agrees(dev, state: OmState, config: str):
    """dev.validate() equals om_validate(state) in every field; returns the device's result."""
    v = dev.validate()
    want = omsim.om_validate(state, config)
    assert (v.passes, v.result, v.reasons, v.rt) == (want.passes, want.result, want.reasons, want.rt)
    return v


@pytest.mark.parametrize("backend", BACKENDS)
def test_default_state_validates_and_goes_stale_after_a_state_change(backend):
    with Device("fl11_1", backend) as dev:
        v = dev.validate()
        assert v.ok and v.passes == 1 and v.result == Hresult.S_OK and v.is_current
        v.raise_for_result()  # nothing to raise
        dev.clear_perf_counters()  # not a state change
        assert v.is_current
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 4, 4)])
        assert not v.is_current and dev.validate().is_current
        version = dev.state_version
        with pytest.raises(InvalidArgError):
            dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 0, 4)])
        assert dev.state_version == version  # a failing call changes nothing


@pytest.mark.parametrize("backend", BACKENDS)
def test_logic_op_on_a_non_uint_target_is_a_wrong_texture_format(backend):
    # docs/validation.md §7 check 6: logic op with a non-UINT RT -> D3DERR_WRONGTEXTUREFORMAT, passes 0.
    desc = BlendDesc(render_target=[RtBlendDesc(logic_op_enable=True, logic_op="XOR")])
    with Device("fl11_1", backend) as dev:
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 4, 4)])
        dev.set_ps_outputs([PsOutput()])
        dev.set_blend_state(dev.create_blend_state(desc))
        state = OmState(blend=omsim.normalise(desc), rt=[RtBinding("R8G8B8A8_UNORM", 4, 4)], ps_output=[PsOutput()])
        v = agrees(dev, state, "fl11_1")
        assert v.result == Hresult.D3DERR_WRONGTEXTUREFORMAT and v.passes == 0 and v.rt == 0
        assert ValidateReason.LOGIC_NOT_UINT in v.failed
        with pytest.raises(WrongTextureFormatError) as e:
            v.raise_for_result()
        assert e.value.hresult == Hresult.D3DERR_WRONGTEXTUREFORMAT and "LOGIC_NOT_UINT" in str(e.value)
        # On a UINT target the same state is fine.
        dev.set_render_targets([RenderTargetView("R32_UINT", 4, 4)])
        dev.set_ps_outputs([PsOutput(PsOutputType.UINT)])
        assert dev.validate().ok


@pytest.mark.parametrize("backend", BACKENDS)
def test_more_targets_than_the_hardware_has_and_output_type_mismatch(backend):
    with Device("fl9_3", backend) as dev:  # 4 RTs (docs/caps.md §6)
        views = [RenderTargetView("R8G8B8A8_UNORM", 4, 4)] * 5
        dev.set_render_targets(views)
        dev.set_ps_outputs([PsOutput()] * 5)
        state = OmState(rt=[RtBinding("R8G8B8A8_UNORM", 4, 4)] * 5, ps_output=[PsOutput()] * 5)
        v = agrees(dev, state, "fl9_3")
        assert v.result == Hresult.D3DERR_TOOMANYOPERATIONS and v.passes == 2  # ceil(5 / 4)
        with pytest.raises(TooManyOperationsError):
            v.raise_for_result()
        # docs/validation.md §7 check 9: a UINT output into a UNORM target.
        dev.set_render_targets(views[:1])
        dev.set_ps_outputs([PsOutput(PsOutputType.UINT)])
        state = OmState(rt=[RtBinding("R8G8B8A8_UNORM", 4, 4)], ps_output=[PsOutput(PsOutputType.UINT)])
        v = agrees(dev, state, "fl9_3")
        assert v.result == Hresult.D3DERR_CONFLICTINGRENDERSTATE and ValidateReason.PS_OUTPUT_TYPE in v.failed
        with pytest.raises(ConflictingRenderStateError):
            v.raise_for_result()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_register_changed_behind_the_drivers_back_is_an_internal_error(backend):
    with Device("fl11_1", backend) as dev:
        offset = _regs.REGS["SAMPLE_MASK"][0]
        assert dev.bus_read(offset).data == 0xFFFFFFFF  # the default the driver programmed
        assert dev.bus_write(offset, 0x1) == BusStatus.OK
        v = dev.validate()
        assert v.result == Hresult.D3DERR_DRIVERINTERNALERROR and ValidateReason.INTERNAL_ERROR in v.failed
        with pytest.raises(DriverInternalError):
            v.raise_for_result()
        assert dev.bus_write(_regs.REGS["CAP_ID"][0], 0) == BusStatus.SLAVE_ERROR  # read-only (PSLVERR)
        dev.reset()  # reprograms every register
        assert dev.validate().ok


@pytest.mark.parametrize("backend", BACKENDS)
def test_device_lost_while_held_in_reset_until_reset(backend):
    desc = BlendDesc(render_target=[RtBlendDesc.blending("ONE", "ONE")])
    with Device("fl11_1", backend) as dev:
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 2, 2)])
        bs = dev.create_blend_state(desc)
        dev.set_blend_state(bs)
        assert bs.ref_count == 2
        dev.hold_reset(True)
        v = dev.validate()  # a result, not an exception
        assert v.result == Hresult.D3DERR_DEVICELOST and v.passes == 0
        assert ValidateReason.NOT_INITIALISED in v.failed
        with pytest.raises(DeviceLostError) as e:
            dev.set_blend_state(None)
        assert e.value.hresult == Hresult.D3DERR_DEVICELOST and isinstance(e.value, omsim.OmError)
        with pytest.raises(DeviceLostError):
            dev.clear((0.0, 0.0, 0.0, 0.0))
        with pytest.raises(DeviceLostError):
            dev.reset()  # the OM still does not answer
        assert dev.bus_read(0).status == BusStatus.TIMEOUT
        dev.hold_reset(False)
        with pytest.raises(DeviceLostError):  # sticky until reset() (D3D9's rule)
            dev.set_ps_outputs([PsOutput()])
        dev.reset()
        assert dev.validate().ok
        assert dev.render_targets == (None,) * 8  # reset unbinds
        assert bs.ref_count == 1  # reset released the bound state; the object lives on
        assert bs.desc == omsim.normalise(desc)


@pytest.mark.parametrize("backend", BACKENDS)
def test_om_top_reports_itself_initialised(backend):
    # om_top ties init_done_i high; the driver's lost-device path for STATUS.INITIALISED = 0 is tested in C++
    # over a bus that reports it (testbenches/driver/validate_test.cc).
    with Device("fl11_1", backend) as dev:
        status = dev.bus_read(_regs.REGS["STATUS"][0])
        lsb = _regs.FIELDS["STATUS"]["INITIALISED"][0]
        assert status.status == BusStatus.OK and (status.data >> lsb) & 1 == 1
        assert dev.validate().ok


@pytest.mark.parametrize("backend", BACKENDS)
def test_waves_are_written_by_rtl_and_model(backend, tmp_path):
    path = tmp_path / "session.fst"
    if backend not in ("rtl", "model"):
        with pytest.raises(ValueError, match=backend):
            Device("fl11_1", backend, waves=path)
        assert not path.exists()
        return
    dev = Device("fl11_1", backend, waves=path)
    dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 2, 2)])
    dev.clear((1.0, 0.0, 0.0, 1.0))
    cycles = dev.cycles
    assert cycles > 0
    dev.close()
    assert dev.closed and path.stat().st_size > 0
    with pytest.raises(ValueError, match="closed"):
        dev.validate()
    dev.close()  # idempotent


def random_rt_desc(rng, logic: bool) -> RtBlendDesc:
    factors = ["ZERO", "ONE", "SRC_ALPHA", "INV_SRC_ALPHA", "BLEND_FACTOR", "SRC_ALPHA_SAT", "SRC1_ALPHA", "DEST_ALPHA"]
    ops = ["ADD", "SUBTRACT", "MIN", "MAX"]
    pick = lambda xs: xs[int(rng.integers(len(xs)))]  # noqa: E731
    if logic:
        return RtBlendDesc(logic_op_enable=True, logic_op=pick(["XOR", "AND", "COPY"]), render_target_write_mask=0xF)
    return RtBlendDesc(
        blend_enable=bool(rng.random() < 0.7), src_blend=pick(factors), dest_blend=pick(factors),
        blend_op=pick(ops), src_blend_alpha=pick(factors), dest_blend_alpha=pick(factors), blend_op_alpha=pick(ops),
        render_target_write_mask=int(rng.integers(0, 16)),
    )


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", [c.name for c in omsim.configs()])
def test_validate_agrees_with_om_validate_on_random_states(backend, config, rng):
    """Random D3D11 states (blend objects, targets of mixed formats and shapes, PS signatures, DSVs): what the
    device validates from its registers equals om_validate on the state the test bound."""
    cfg = omsim.config_info(config)
    renderable = [f for f in omsim.formats() if cfg.fl in f.rt_levels]
    types = list(PsOutputType)
    seen = set()
    with Device(config, backend) as dev:
        # A count > 1 the device supports for every renderable format, so that differing counts (check 3) bind.
        multi = 1 << (dev.caps.max_samples.bit_length() - 1)
        for _ in range(25):
            n = int(rng.integers(0, min(cfg.max_rts + 1, 8) + 1))
            views = []
            for _ in range(n):
                if rng.random() < 0.2:
                    views.append(None)
                    continue
                f = renderable[int(rng.integers(len(renderable)))]
                views.append(RenderTargetView(f, 4, 4, sample_count=1 if rng.random() < 0.8 else multi,
                                              array_size=1 if rng.random() < 0.9 else 2))
            dsv = None if rng.random() < 0.6 else omsim.DsvBinding(4 if rng.random() < 0.7 else 8, 4)
            dev.set_render_targets(views, dsv)
            outs = [None if rng.random() < 0.2 else PsOutput(types[int(rng.integers(3))], int(rng.integers(16)))
                    for _ in range(8)]
            dev.set_ps_outputs(outs)
            logic = cfg.logic_op and rng.random() < 0.2
            desc = BlendDesc(
                alpha_to_coverage_enable=bool(rng.random() < 0.2),
                independent_blend_enable=bool(rng.random() < 0.5) and not logic,
                render_target=[random_rt_desc(rng, logic and i == 0) for i in range(8)],
            )
            if not omsim.check_blend_desc(desc, config).ok:
                desc = BlendDesc()
            k = tuple(float(v) for v in rng.choice([1.0, 0.5, 0.0], 4))
            mask = int(rng.integers(1, 2**32))
            dev.set_blend_state(dev.create_blend_state(desc), blend_factor=k, sample_mask=mask)
            state = OmState(
                blend=omsim.normalise(desc), blend_factor=k, sample_mask=mask,
                rt=[None if v is None else RtBinding(v.format, v.width, v.height, v.array_size, v.sample_count)
                    for v in views],
                dsv=dsv, ps_output=outs,
            )
            v = agrees(dev, state, config)
            assert v.is_current
            seen.add(v.result)
    assert len(seen) >= 2  # the sweep reaches failing and passing states


@pytest.mark.parametrize("backend", BACKENDS)
def test_d3d9_mode_limits_targets_to_num_simultaneous_rts(backend):
    # docs/validation.md §7 check 2: in D3D9 mode the limit is NumSimultaneousRTs (4 at fl10_0), not CAP_OM's 8.
    views = [RenderTargetView("R8G8B8A8_UNORM", 4, 4)] * 5
    rt = [RtBinding("R8G8B8A8_UNORM", 4, 4)] * 5
    with Device("fl10_0", backend) as dev:
        assert dev.device_caps9().num_simultaneous_rts == 4 and dev.caps.om.max_rts == 8
        dev.set_render_targets(views)
        dev.set_ps_outputs([PsOutput()] * 5)
        assert agrees(dev, OmState(rt=rt, ps_output=[PsOutput()] * 5), "fl10_0").ok
        dev.set_d3d9_mode(True)
        v = agrees(dev, OmState(rt=rt, ps_output=[PsOutput()] * 5, d3d9=omsim.D3d9Mode(enabled=True)), "fl10_0")
        assert v.result == Hresult.D3DERR_TOOMANYOPERATIONS and v.passes == 2  # ceil(5 / 4)
        dev.set_d3d9_mode(False)
        assert dev.validate().ok


@pytest.mark.parametrize("backend", BACKENDS)
def test_d3d9_mode_checks_factors_against_d3dcaps9(backend):
    # docs/validation.md §7 check 15: in D3D9 mode a factor outside Src/DestBlendCaps (SRC1_* has no D3DPBLENDCAPS bit)
    # is D3DERR_UNSUPPORTEDCOLORARG; the same state is fine in the D3D11 personality.
    desc = BlendDesc(render_target=[RtBlendDesc.blending("SRC1_COLOR", "ZERO", src_alpha="ONE", dest_alpha="ZERO")])
    with Device("fl10_0", backend) as dev:
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 4, 4)])
        dev.set_ps_outputs([PsOutput()])
        dev.set_blend_state(dev.create_blend_state(desc))
        rt, ps = [RtBinding("R8G8B8A8_UNORM", 4, 4)], [PsOutput()]
        assert agrees(dev, OmState(blend=omsim.normalise(desc), rt=rt, ps_output=ps), "fl10_0").ok
        dev.set_d3d9_mode(True)
        d3d9 = omsim.D3d9Mode(enabled=True)
        v = agrees(dev, OmState(blend=omsim.normalise(desc), rt=rt, ps_output=ps, d3d9=d3d9), "fl10_0")
        assert v.result == Hresult.D3DERR_UNSUPPORTEDCOLORARG and ValidateReason.D3D9_BLEND_CAPS in v.failed
