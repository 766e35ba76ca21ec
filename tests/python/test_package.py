# SPDX-License-Identifier: Apache-2.0
"""The installed package: where it comes from, the generated modules it ships, enums and tables built from them,
and the dataclass <-> C++ struct mapping."""

from __future__ import annotations

import dataclasses
import importlib
import os
from pathlib import Path

import numpy as np
import pytest

import omsim
from omsim import _defs

SOURCE_PACKAGE = Path(__file__).resolve().parents[2] / "bindings" / "python" / "omsim"


def test_imported_from_an_installation_not_the_source_tree():
    here = Path(omsim.__file__).resolve().parent
    assert here != SOURCE_PACKAGE
    expected_prefix = os.environ.get("OMSIM_EXPECT_PREFIX")  # set by CTest: the venv it installed into
    if expected_prefix:
        assert here.is_relative_to(Path(expected_prefix).resolve()), here
        assert "site-packages" in here.parts
    for name in ("_defs.py", "_regs.py", "_types.py", "_top_ports.py", "_structs.py", "_enums.py", "_errors.py", "_core.pyi", "_device.pyi", "_cosim.pyi", "py.typed"):
        assert (here / name).is_file(), name
    for ext in ("_core", "_device", "_cosim"):
        assert any(p.name.startswith(ext + ".") and p.suffix in (".so", ".pyd") for p in here.iterdir()), ext


def test_the_set_up_builds_every_backend_and_the_cosimulation():
    # scripts/setup.sh installs Verilator: the package has the RTL backend and omsim.cosim.
    assert {"model", "rtl"} <= set(omsim.backends())
    assert set(omsim.cosim.sides()) == {"model", "rtl"}


def test_generated_modules_are_not_committed_to_the_source_package():
    assert not (SOURCE_PACKAGE / "_defs.py").exists()
    assert not (SOURCE_PACKAGE / "_regs.py").exists()
    assert not (SOURCE_PACKAGE / "_types.py").exists()
    assert not (SOURCE_PACKAGE / "_top_ports.py").exists()
    assert not (SOURCE_PACKAGE / "_structs.py").exists()
    assert not (SOURCE_PACKAGE / "_enums.py").exists()
    assert not (SOURCE_PACKAGE / "_errors.py").exists()


@pytest.mark.parametrize(
    "enum, table",
    [(omsim.Blend, "blend"), (omsim.BlendOp, "blend_op"), (omsim.LogicOp, "logic_op"), (omsim.CmpFunc, "cmp_func"),
     (omsim.FogMode, "fog_mode"), (omsim.FormatClass, "format_class"), (omsim.Hresult, "hresult"),
     (omsim.ValidateReason, "validate_reason"), (omsim.PMiscCaps, "pmisc"), (omsim.PBlendCaps, "pblend")],
)
def test_enums_are_the_generated_tables(enum, table):
    assert {m.name: int(m) for m in enum} == _defs.ENUMS[table]


def test_format_enum_and_infos_follow_the_generated_table():
    assert {m.name: int(m) for m in omsim.Format} == {n: i["dxgi"] for n, i in _defs.FORMATS.items()}
    for f in omsim.formats():
        d = _defs.FORMATS[f.name]
        assert (int(f.format), f.cls.name, f.texel_bits, [tuple(c) for c in f.channels]) == (
            d["dxgi"], d["cls"], d["texel_bits"], [tuple(c) for c in d["chans"]])
        assert f.rt_levels == {omsim.FeatureLevel[f"FL_{n}"] for n, ok in zip(_defs.FEATURE_LEVELS, d["rt"]) if ok}
        assert f.blend_levels == {omsim.FeatureLevel[f"FL_{n}"] for n, ok in zip(_defs.FEATURE_LEVELS, d["blend"]) if ok}


def test_configurations_follow_the_generated_table():
    assert [c.name for c in omsim.configs()] == list(_defs.CONFIGS)
    for c in omsim.configs():
        d = _defs.CONFIGS[c.name]
        assert (c.fl.name, c.max_rts, c.logic_op, c.default) == (f"FL_{d['fl']}", d["max_rts"], d["logic_op"], d["default"])
    assert omsim.config_info().default


def test_desc_rules_have_one_message_each():
    rules = list(omsim.DescRule)
    assert [int(r) for r in rules] == list(range(len(rules)))
    assert omsim._core.desc_rule_message(len(rules)) == "?"  # one past the last: no message
    messages = [omsim.enums.desc_rule_message(r) for r in rules]
    assert "?" not in messages and len(set(messages)) == len(messages)


def test_ds_rules_have_one_message_each():
    rules = list(omsim.DsRule)
    assert [int(r) for r in rules] == list(range(len(rules)))
    assert omsim._core.ds_rule_message(len(rules)) == "?"  # one past the last: no message
    messages = [omsim._core.ds_rule_message(int(r)) for r in rules]
    assert "?" not in messages and len(set(messages)) == len(messages)


@pytest.mark.parametrize("spelling", ["R8G8B8A8_UNORM", "dxgi_format_r8g8b8a8_unorm", 28, omsim.Format.R8G8B8A8_UNORM,
                                      np.uint8(28)])
def test_format_spellings(spelling):
    assert omsim.format_info(spelling).format == omsim.Format.R8G8B8A8_UNORM


def test_texel_helpers():
    f = omsim.format_info("R32G32B32A32_FLOAT")
    assert f.texel_shape((2, 3)) == (2, 3, 4) and f.texel_dtype == np.uint32
    assert omsim.zeros_texels("R16_FLOAT", 5).dtype == np.uint16
    assert omsim.format_info("R8_SINT").value_dtype == np.int32


def test_descriptor_round_trip_through_the_cpp_struct():
    d = omsim.RtBlendDesc(True, False, "SRC_ALPHA", 6, omsim.BlendOp.SUBTRACT, 12, 0, 7, 15, 0x9)
    assert d.src_blend is omsim.Blend.SRC_ALPHA and d.src_blend_alpha == 12 and not isinstance(d.src_blend_alpha, omsim.Blend)
    assert omsim.RtBlendDesc.from_core(d.to_core()) == d
    b = omsim.BlendDesc(True, True, [d, omsim.RtBlendDesc()])
    assert omsim.BlendDesc.from_core(b.to_core()) == b
    assert len(b.render_target) == 8 and hash(b) == hash(omsim.BlendDesc(True, True, [d, omsim.RtBlendDesc()]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.blend_enable = False  # type: ignore[misc]


def test_error_messages_name_the_hresult():
    e = omsim.errors.DeviceLostError("lost")
    assert "D3DERR_DEVICELOST" in str(e) and "0x88760868" in str(e)


def test_f32_bit_helpers():
    assert omsim.f32_bits(1.0) == 0x3F800000 and omsim.f32_value(0xC0000000) == -2.0
    assert omsim.f32_bits(1e39) == 0x7F800000 and omsim.f32_bits(-1e39) == 0xFF800000
    x = np.array([1.0, -0.0], np.float32)
    assert omsim.tables.f32_bits_array(x).tolist() == [0x3F800000, 0x80000000]


def test_blend_kernel_names_the_cpp_kernel():
    assert omsim.blend_kernel("R8G8B8A8_UNORM", isa=omsim.BatchIsa.SCALAR) == "scalar"
    assert omsim.blend_kernel("R32_FLOAT", omsim.RtBlendDesc(render_target_write_mask=0)) == "copy"


def test_batch_calls_accept_images():
    img = np.random.default_rng(1).uniform(0, 1, (8, 9, 4)).astype(np.float32)
    tex = omsim.pack("B8G8R8A8_UNORM", img)
    assert tex.shape == (8, 9) and tex.dtype == np.uint32
    back = omsim.unpack("B8G8R8A8_UNORM", tex)
    assert back.shape == (8, 9, 4) and np.abs(back - img).max() <= 0.5 / 255 + 1e-7


def test_struct_tables_of_the_extensions_name_the_dataclass_fields_in_order():
    # A struct crosses into C++ as the tuple of its dataclass's fields (Struct.to_core); each extension's table
    # (FIELDS, bindings/pystruct.h) must list the same names in the same order.
    homes = [omsim.state, omsim.validate, omsim.device_types, omsim.cosim_results]
    checked = set()
    for ext in (omsim._core, omsim._device, omsim._cosim):
        for name, names in ext.FIELDS.items():
            cls = next(getattr(m, name) for m in homes if hasattr(m, name))
            assert tuple(f.name for f in dataclasses.fields(cls)) == names, (ext.__name__, name)
            checked.add(name)
    assert {"RtBlendDesc", "BlendDesc", "PixelState", "Caps", "OmState", "PerfCounters", "Failure"} <= checked


def test_struct_tables_follow_the_cpp_member_order():
    # The C++ struct declares its members in the order of its table (hence of the dataclass): the members' byte
    # offsets (FIELD_OFFSETS) increase along every table, so a reordered member on one side cannot pass.
    checked = set()
    exts = [importlib.import_module(f"omsim.{m}") for m in ("_core", "_device", "_cosim")]
    for ext in exts:
        for name, offsets in ext.FIELD_OFFSETS:
            assert list(offsets) == sorted(set(offsets)), (ext.__name__, name, offsets)
            checked.add(name)
    assert set().union(*(ext.FIELDS for ext in exts)) == checked
