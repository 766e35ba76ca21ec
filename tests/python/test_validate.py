# SPDX-License-Identifier: Apache-2.0
"""Validation with D3D codes (docs/validation.md, docs/caps.md): results vs exceptions, TV38, TV41-TV47, TV54, TV55,
and the OmError hierarchy."""

from __future__ import annotations

import dataclasses

import pytest

import omsim
from omsim import Blend as B
from omsim import BlendDesc, DescRule, Hresult, RtBlendDesc
from omsim.errors import ERROR_CLASSES, InvalidArgError, OmError, ValidateError, error_class, is_failure

SA = RtBlendDesc.blending(B.SRC_ALPHA, B.INV_SRC_ALPHA)


def test_tv38_entries_beyond_rt0_are_ignored_without_ibe():
    garbage = RtBlendDesc(blend_enable=True, src_blend=0, dest_blend=99, blend_op=9, render_target_write_mask=0x77)
    desc = BlendDesc(render_target=[SA, garbage])
    assert omsim.check_blend_desc(desc).ok
    assert omsim.select_rt_desc(desc, 1) == SA


@pytest.mark.parametrize(
    "tv, desc, rule",
    [
        ("TV41", BlendDesc(render_target=[dataclasses.replace(SA, logic_op_enable=True)]), DescRule.BLEND_AND_LOGIC),
        ("TV42", BlendDesc(independent_blend_enable=True, render_target=[RtBlendDesc(logic_op_enable=True)]),
         DescRule.LOGIC_WITH_IBE),
        ("TV43", BlendDesc(render_target=[dataclasses.replace(SA, src_blend_alpha=B.SRC_COLOR)]), DescRule.SRC_BLEND_ALPHA),
        ("TV45", BlendDesc(render_target=[RtBlendDesc(render_target_write_mask=0x10)]), DescRule.WRITE_MASK),
        ("null", None, DescRule.NULL_DESC),
    ],
)
def test_rejected_descriptors(tv, desc, rule):
    check = omsim.check_blend_desc(desc, "fl11_1")
    assert (check.hr, check.rule) == (Hresult.E_INVALIDARG, rule), tv
    assert not check.ok
    with pytest.raises(InvalidArgError) as e:
        omsim.validate_blend_desc(desc, "fl11_1")
    assert e.value.hresult == Hresult.E_INVALIDARG and e.value.rule == rule and e.value.rt == check.rt
    assert isinstance(e.value, ValueError) and isinstance(e.value, OmError)
    assert "0x80070057" in str(e.value)


def test_tv44_unused_fields_are_not_validated_and_read_back_normalised():
    desc = BlendDesc(render_target=[RtBlendDesc(blend_enable=False, src_blend=0)])
    assert omsim.check_blend_desc(desc).ok
    assert omsim.normalise(desc).render_target[0].src_blend == B.ONE
    assert not omsim.is_normalised(desc) and omsim.is_normalised(omsim.normalise(desc))


def test_feature_level_rules_use_the_configuration():
    desc = BlendDesc(render_target=[RtBlendDesc.blending(B.SRC_ALPHA_SAT, B.ZERO, src_alpha=B.ONE)])
    assert omsim.check_blend_desc(desc, "fl11_1").ok
    assert omsim.check_blend_desc(desc, "fl9_3").rule == DescRule.FL_SRC_ALPHA_SAT
    logic = BlendDesc(render_target=[RtBlendDesc(logic_op_enable=True, logic_op=omsim.LogicOp.XOR)])
    assert omsim.check_blend_desc(logic, "fl11_1").ok
    assert omsim.check_blend_desc(logic, "fl10_0").rule == DescRule.LOGIC_OP_CAP
    caps = dataclasses.replace(omsim.caps("fl10_0"), output_merger_logic_op=True)
    assert omsim.check_blend_desc(logic, caps).ok  # a what-if capability set


def test_tv46_tv47_object_table():
    table = omsim.BlendStateTable("fl11_1")
    a = table.create(BlendDesc(render_target=[SA]))
    assert table.create(BlendDesc(render_target=[SA])) == a
    assert table.ref_count(a) == 2 and table.live_count == 1
    assert table.validate(BlendDesc(render_target=[SA])) == Hresult.S_FALSE
    assert table.desc(a) == omsim.normalise(BlendDesc(render_target=[SA]))
    for i in range(4095):  # distinct normalised descriptors: IBE with three independent write masks
        masks = [RtBlendDesc(render_target_write_mask=(i >> sh) & 0xF) for sh in (8, 4, 0)]
        table.create(BlendDesc(independent_blend_enable=True, render_target=masks))
    assert table.live_count == 4096
    with pytest.raises(omsim.TooManyUniqueStateObjectsError) as e:
        table.create(BlendDesc(render_target=[SA], alpha_to_coverage_enable=True))
    assert e.value.hresult == Hresult.D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS
    assert table.create(BlendDesc(render_target=[SA])) == a  # duplicates still succeed
    assert table.release(a) == 2
    with pytest.raises(ValueError):
        table.add_ref(5000)


def test_tv54_dual_source_with_rt1_bound():
    desc = BlendDesc(render_target=[RtBlendDesc.blending(B.SRC1_COLOR, B.INV_SRC1_COLOR, src_alpha=B.SRC1_ALPHA,
                                                         dest_alpha=B.INV_SRC1_ALPHA)])
    state = omsim.OmState(blend=omsim.normalise(desc), rt=[omsim.RtBinding(), omsim.RtBinding()],
                          ps_output=[omsim.PsOutput(), omsim.PsOutput()])
    r = omsim.om_validate(state, "fl11_1")
    assert (int(r.result), r.passes) == (0x88760821, 2)
    # A descriptor that is not normalised cannot come from a blend-state object: check 1 (internal error).
    assert omsim.om_validate(dataclasses.replace(state, blend=desc)).result == Hresult.D3DERR_DRIVERINTERNALERROR
    assert omsim.ValidateReason.DUAL_SOURCE_MRT in r.failed
    with pytest.raises(omsim.ConflictingRenderStateError) as e:
        r.raise_for_result()
    assert isinstance(e.value, ValidateError) and e.value.passes == 2


def test_tv55_fl93_mrt_bit_depths_differ():
    state = omsim.OmState(rt=[omsim.RtBinding("R8G8B8A8_UNORM"), omsim.RtBinding("R16G16B16A16_FLOAT")],
                          ps_output=[omsim.PsOutput(), omsim.PsOutput()])
    r = omsim.om_validate(state, "fl9_3")
    assert int(r.result) == 0x88760818
    assert r.reasons >> omsim.ValidateReason.MRT_BIT_DEPTH & 1


def test_valid_state_passes_and_raise_for_result_is_silent():
    r = omsim.om_validate(omsim.OmState(rt=[omsim.RtBinding()], ps_output=[omsim.PsOutput()]))
    assert r.ok and r.passes == 1 and r.failed == []
    r.raise_for_result()


def test_every_failure_hresult_has_an_exception_class():
    failures = {h for h in Hresult if is_failure(h)}
    assert set(ERROR_CLASSES) == failures
    for h in failures:
        assert error_class(h).hresult == h
    for h in Hresult:
        if not is_failure(h):
            with pytest.raises(ValueError):
                error_class(h)


def test_capability_registers():
    assert omsim.cap_register("fl11_1", 0x00) >> 16 == 0x4F4D
    assert omsim.cap_register("fl9_1", 0x04) == 0x91
    with pytest.raises(ValueError, match="0x3"):
        omsim.cap_register("fl11_1", 0x03)
    c = omsim.caps("fl9_3")
    assert (c.fl, c.om.max_rts, c.d3d9.num_simultaneous_rts) == (omsim.FeatureLevel.FL_9_3, 4, 4)
    assert c.fmt[omsim.Format.R8G8B8A8_UNORM] & 0b11 == 0b11
