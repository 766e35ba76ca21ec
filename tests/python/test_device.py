# SPDX-License-Identifier: Apache-2.0
"""omsim.device: creation, capability queries and blend-state objects on every backend of this build.

Expected values come from elsewhere than the driver: the tables of docs/caps.md, the configuration and format
tables the package decodes without a device (``omsim.caps``, ``omsim.config_info``, ``omsim.formats``) and the
pure create-time rules (``omsim.check_blend_desc``, ``omsim.normalise``).
"""

from __future__ import annotations

import gc

import pytest

import omsim
from omsim import Blend, BlendDesc, FeatureLevel, Format, FormatSupport, FormatSupport2, Hresult, PMiscCaps, RtBlendDesc
from omsim.device import Device, backends
from omsim.errors import InvalidArgError, TooManyUniqueStateObjectsError

BACKENDS = sorted(backends())
CONFIGS = [c.name for c in omsim.configs()]
FL10 = FeatureLevel.FL_10_0

# docs/caps.md §6: simultaneous RTs per feature level.
SPEC_MAX_RTS = {
    FeatureLevel.FL_9_1: 1, FeatureLevel.FL_9_2: 1, FeatureLevel.FL_9_3: 4, FeatureLevel.FL_10_0: 8,
    FeatureLevel.FL_10_1: 8, FeatureLevel.FL_11_0: 8, FeatureLevel.FL_11_1: 8,
}


def test_backends_name_the_model_and_describe_each():
    b = backends()
    assert "model" in b
    assert all(isinstance(d, str) and d for d in b.values())


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", CONFIGS)
def test_caps_read_over_the_bus_equal_the_configuration_tables_and_the_spec(backend, config):
    with Device(config, backend) as dev:
        cfg = omsim.config_info(config)
        assert dev.backend == backend and dev.config == cfg
        assert dev.feature_level == cfg.fl
        want = omsim.caps(config)
        assert dev.caps == want
        fl = dev.feature_level
        assert dev.caps.om.max_rts == SPEC_MAX_RTS[fl]
        o1 = dev.d3d9_options1()
        assert o1 == dev.caps.d3d9_options1
        if fl >= FL10:  # docs/caps.md §2, §6: T, T, T*, T*
            assert o1 == omsim.validate.D3d9Options1(True, True, True, True)
        # The split D3D9 queries agree with D3D9_OPTIONS1 (docs/caps.md §2).
        assert dev.d3d9_options().full_non_pow2_texture_support == o1.full_non_pow2_texture_supported
        assert (
            dev.d3d9_shadow_support().supports_depth_as_texture_with_less_equal_comparison_filter
            == o1.depth_as_texture_with_less_equal_comparison_filter_supported
        )
        assert dev.d3d9_simple_instancing_support().simple_instancing_supported == o1.simple_instancing_supported
        opts = dev.d3d11_options()
        assert opts.output_merger_logic_op == cfg.logic_op
        if fl < FL10:
            assert not opts.output_merger_logic_op  # docs/caps.md §3
        if fl == FeatureLevel.FL_11_1:
            assert opts.output_merger_logic_op
        others = [v for k, v in vars(opts).items() if k != "output_merger_logic_op"]
        assert len(others) == 13 and not any(others)
        caps9 = dev.device_caps9()
        assert (caps9.num_simultaneous_rts, caps9.primitive_misc_caps) == (cfg.d3d9_num_rts, cfg.pmisc)
        assert (caps9.src_blend_caps, caps9.dest_blend_caps) == (cfg.src_blend_caps, cfg.dest_blend_caps)
        assert 1 <= caps9.num_simultaneous_rts <= 4  # docs/caps.md §4: 1..4, never 0
        if fl == FeatureLevel.FL_9_3:  # docs/caps.md §6: minimum D3DCAPS9 of 9_3
            assert caps9.num_simultaneous_rts >= 4
            assert PMiscCaps.INDEPENDENTWRITEMASKS in caps9.primitive_misc_caps
            assert PMiscCaps.MRTPOSTPIXELSHADERBLENDING in caps9.primitive_misc_caps
        if fl == FeatureLevel.FL_9_1:
            assert PMiscCaps.COLORWRITEENABLE in caps9.primitive_misc_caps


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", ["fl9_1", "fl9_3", "fl10_0", "fl11_1"])
def test_format_support_follows_the_format_table(backend, config):
    with Device(config, backend) as dev:
        fl = dev.feature_level
        for f in omsim.formats():
            fs, fs2 = dev.format_support(f), dev.format_support2(f.name)
            assert (FormatSupport.RENDER_TARGET in fs) == (fl in f.rt_levels), f.name
            assert (FormatSupport.BLENDABLE in fs) == (fl in f.blend_levels), f.name
            if f.is_integer:  # docs/caps.md §5: integer formats are never blendable
                assert FormatSupport.BLENDABLE not in fs, f.name
            # Logic ops only on renderable UINT formats, and only with OutputMergerLogicOp (docs/caps.md §5, §7).
            logic = FormatSupport2.OUTPUT_MERGER_LOGIC_OP in fs2
            if logic:
                assert f.cls == omsim.FormatClass.UINT and dev.caps.output_merger_logic_op, f.name
            if fl == FeatureLevel.FL_11_1 and f.cls == omsim.FormatClass.UINT and fl in f.rt_levels:
                assert logic, f.name
        # docs/caps.md §5 rows, written out.
        fs = dev.format_support
        assert FormatSupport.BLENDABLE in fs(Format.R8G8B8A8_UNORM)
        assert (FormatSupport.RENDER_TARGET in fs(Format.R16G16B16A16_FLOAT)) == (fl != FeatureLevel.FL_9_1)
        assert (FormatSupport.BLENDABLE in fs(Format.R32G32B32A32_FLOAT)) == (fl >= FL10)
        assert (FormatSupport.RENDER_TARGET in fs(Format.R32_UINT)) == (fl >= FL10)
        # A DXGI value the OM does not implement reports nothing; 116 and above are not CAP_FMT indices.
        assert dev.format_support(1) == FormatSupport(0)
        with pytest.raises(InvalidArgError) as e:
            dev.format_support(116)
        assert e.value.hresult == Hresult.E_INVALIDARG and "116" in str(e.value)


def _blend(src, dest, mask=0xF):
    rt = RtBlendDesc.blending(src, dest, src_alpha="ONE", dest_alpha="ZERO", write_mask=mask)
    return BlendDesc(render_target=[rt])


def test_equal_descriptions_share_one_object_and_count_references():
    with Device("fl11_1") as dev:
        d = _blend("SRC_ALPHA", "INV_SRC_ALPHA")
        a = dev.create_blend_state(d)
        b = dev.create_blend_state(d)
        assert a == b and a.handle == b.handle and a is not b
        assert a.ref_count == 2 and dev.live_blend_states == 1
        # Different descriptions that normalise equally (blending off: factors are ignored) also share it.
        off1 = BlendDesc(render_target=[RtBlendDesc(src_blend="SRC_COLOR")])
        off2 = BlendDesc(render_target=[RtBlendDesc(dest_blend="DEST_ALPHA")])
        assert omsim.normalise(off1) == omsim.normalise(off2) and off1 != off2
        c, e = dev.create_blend_state(off1), dev.create_blend_state(off2)
        assert c == e and c != a and dev.live_blend_states == 2
        assert c.desc == omsim.normalise(off1) and a.desc == omsim.normalise(d)
        assert b.release() == 1 and b.released and a.ref_count == 1
        with pytest.raises(ValueError, match="released"):
            b.release()
        with a:
            pass
        assert a.released and dev.live_blend_states == 1
        del c
        gc.collect()
        assert e.ref_count == 1  # the collected wrapper gave its reference back
        e.release()
        assert dev.live_blend_states == 0


def test_a_bound_state_keeps_its_own_reference():
    with Device("fl11_1") as dev:
        s = dev.create_blend_state(_blend("ONE", "ONE"))
        dev.set_blend_state(s)
        assert s.ref_count == 2
        s.release()
        assert dev.live_blend_states == 1  # still bound
        dev.set_blend_state(None)
        assert dev.live_blend_states == 0
        other = Device("fl11_1")
        t = other.create_blend_state(_blend("ONE", "ONE"))
        with pytest.raises(ValueError, match="another device"):
            dev.set_blend_state(t)
        other.close()
        del t  # a wrapper of a closed device is collected without touching it
        gc.collect()


def test_4097th_unique_state_is_refused_until_one_is_released():
    factors = [b for b in Blend]
    descs = [_blend(s, d, m) for m in range(1, 16) for s in factors for d in factors][:4097]
    assert len(set(omsim.normalise(x) for x in descs)) == 4097
    with Device("fl11_1", "model") as dev:
        states = [dev.create_blend_state(x) for x in descs[:4096]]
        assert dev.live_blend_states == 4096
        with pytest.raises(TooManyUniqueStateObjectsError) as e:
            dev.create_blend_state(descs[4096])
        assert e.value.hresult == Hresult.D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS
        assert "4096" in str(e.value)
        again = dev.create_blend_state(descs[17])  # a duplicate takes no slot
        assert again == states[17] and again.ref_count == 2
        states[5].release()
        last = dev.create_blend_state(descs[4096])
        assert dev.live_blend_states == 4096
        del last  # a dropped wrapper gives its reference back
        assert dev.live_blend_states == 4095
        again.release()
        del states
        gc.collect()
        assert dev.live_blend_states == 0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", ["fl9_1", "fl9_3", "fl10_0", "fl11_1"])
def test_creation_rules_follow_the_feature_level(backend, config):
    fl = omsim.config_info(config).fl
    a2c = BlendDesc(alpha_to_coverage_enable=True)
    sat = _blend("SRC_ALPHA_SAT", "ZERO")
    dual = _blend("SRC1_COLOR", "INV_SRC1_COLOR")
    logic = BlendDesc(render_target=[RtBlendDesc(logic_op_enable=True, logic_op="XOR")])
    sep = BlendDesc(render_target=[RtBlendDesc.blending("SRC_ALPHA", "ZERO", src_alpha="ONE", dest_alpha="ONE")])
    with Device(config, backend) as dev:
        # docs/validation.md §3: rejected at 9_x, allowed from 10_0; logic ops only with OutputMergerLogicOp; separate
        # alpha not at 9_1.
        cases = [(a2c, fl >= FL10), (sat, fl >= FL10), (dual, fl >= FL10), (logic, dev.caps.output_merger_logic_op),
                 (sep, fl != FeatureLevel.FL_9_1)]
        for desc, ok in cases:
            assert omsim.check_blend_desc(desc, config).ok == ok  # docs/validation.md §3 agrees
            live = dev.live_blend_states
            if ok:
                assert dev.check_blend_desc(desc) == Hresult.S_FALSE
                assert dev.live_blend_states == live  # ppBlendState = NULL creates nothing
                dev.create_blend_state(desc).release()
            else:
                for call in (dev.check_blend_desc, dev.create_blend_state):
                    with pytest.raises(InvalidArgError) as e:
                        call(desc)
                    assert e.value.hresult == Hresult.E_INVALIDARG
                    assert "create_blend_state1" in str(e.value) and dev.last_error in str(e.value)
                assert dev.live_blend_states == live
        with pytest.raises(InvalidArgError):
            dev.create_blend_state(None)  # a NULL description


@pytest.mark.parametrize("config", ["fl9_3", "fl11_1"])
def test_sample_mask_zero_is_refused_only_at_feature_level_9(config):
    with Device(config) as dev:
        version = dev.state_version
        if omsim.config_info(config).fl < FL10:
            with pytest.raises(InvalidArgError, match="SampleMask"):
                dev.set_blend_state(None, sample_mask=0)
            assert dev.state_version == version  # a failing call changes nothing
        else:
            dev.set_blend_state(None, sample_mask=0)
            assert dev.state_version != version


def test_last_error_survives_a_collected_wrapper():
    with Device("fl11_1") as dev:
        s = dev.create_blend_state(_blend("ONE", "ONE"))
        with pytest.raises(InvalidArgError):
            dev.format_support(200)
        message = dev.last_error
        assert "200" in message
        del s  # queued for release at the next call
        assert dev.last_error == message
        assert dev.live_blend_states == 0 and dev.last_error == ""  # the release succeeded
