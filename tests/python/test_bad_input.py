# SPDX-License-Identifier: Apache-2.0
"""Bad input raises a clear TypeError / ValueError naming the argument and what was expected -- never a crash.
One test per case."""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import RtBlendDesc

FMT = "R8G8B8A8_UNORM"
SA = RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")


def src(n=4):
    return np.full((n, 4), 0.5, np.float32)


def dest(n=4):
    return np.zeros(n, np.uint32)


# --- arrays: dtype -----------------------------------------------------------------------------------------------
def test_src_float64_is_a_type_error_naming_src():
    with pytest.raises(TypeError, match=r"src: expected dtype float32 or uint32.*got float64"):
        omsim.blend(FMT, src().astype(np.float64), dest(), SA)


def test_src_int16_is_a_type_error():
    with pytest.raises(TypeError, match=r"src: .*got int16"):
        omsim.blend(FMT, src().astype(np.int16), dest(), SA)


def test_float_values_for_an_integer_format_are_a_type_error():
    with pytest.raises(TypeError, match=r"src: expected dtype uint32 or int32.*R8G8B8A8_UINT is an integer format"):
        omsim.blend("R8G8B8A8_UINT", src(), dest())


def test_dest_of_the_wrong_texel_size_is_a_type_error():
    with pytest.raises(TypeError, match=r"dest: R8G8B8A8_UNORM texels are 32-bit: expected dtype uint32"):
        omsim.blend(FMT, src(), np.zeros(4, np.uint16), SA)


def test_big_endian_array_is_a_type_error():
    with pytest.raises(TypeError, match=r"src: .*native byte order.*>f4"):
        omsim.blend(FMT, src().astype(">f4"), dest(), SA)


def test_list_instead_of_array_is_a_type_error():
    with pytest.raises(TypeError, match=r"src: expected a numpy.ndarray, got list"):
        omsim.blend(FMT, [[0.5, 0.5, 0.5, 0.5]], dest(1), SA)


def test_written_of_the_wrong_dtype_is_a_type_error():
    with pytest.raises(TypeError, match=r"written: expected dtype bool or uint8"):
        omsim.blend(FMT, src(), dest(), SA, written=np.zeros(4, np.int64))


def test_pack_values_float64_is_a_type_error():
    with pytest.raises(TypeError, match=r"values: expected dtype float32"):
        omsim.pack(FMT, np.zeros((2, 4)))


def test_unpack_out_of_the_wrong_dtype_is_a_type_error():
    with pytest.raises(TypeError, match=r"out: expected dtype float32, uint32 or int32"):
        omsim.unpack(FMT, dest(), out=np.zeros((4, 4), np.float64))


# --- arrays: shape -----------------------------------------------------------------------------------------------
def test_src_without_four_channels_is_a_value_error():
    with pytest.raises(ValueError, match=r"src: expected shape \(\.\.\., 4\), got \(4, 3\)"):
        omsim.blend(FMT, np.zeros((4, 3), np.float32), dest(), SA)


def test_zero_dimensional_src_is_a_value_error():
    with pytest.raises(ValueError, match=r"src: expected shape \(\.\.\., 4\), got \(\)"):
        omsim.blend(FMT, np.array(0.5, np.float32), dest(), SA)


def test_dest_with_another_pixel_count_is_a_value_error():
    with pytest.raises(ValueError, match=r"dest: pixel shape \(5,\) does not match src \(4,\)"):
        omsim.blend(FMT, src(4), dest(5), SA)


def test_128_bit_dest_without_its_word_dimension_is_a_value_error():
    with pytest.raises(ValueError, match=r"dest: pixel shape \(\) does not match src \(4,\) \(R32G32B32A32_FLOAT texels are \(\.\.\., 4\) uint32 words"):
        omsim.blend("R32G32B32A32_FLOAT", src(), np.zeros(4, np.uint32))


def test_out_of_another_shape_is_a_value_error():
    with pytest.raises(ValueError, match=r"out: pixel shape \(2, 2\) does not match src \(4,\)"):
        omsim.blend(FMT, src(), dest(), SA, out=np.zeros((2, 2), np.uint32))


def test_written_of_another_shape_is_a_value_error():
    with pytest.raises(ValueError, match=r"written: pixel shape \(3,\) does not match the pixels \(4,\)"):
        omsim.blend(FMT, src(), dest(), SA, written=np.zeros(3, np.bool_))


# --- arrays: layout ----------------------------------------------------------------------------------------------
def test_non_contiguous_src_is_a_value_error():
    with pytest.raises(ValueError, match=r"src: array must be C-contiguous"):
        omsim.blend(FMT, src(8)[::2], dest(4), SA)


def test_non_contiguous_dest_is_a_value_error():
    with pytest.raises(ValueError, match=r"dest: array must be C-contiguous"):
        omsim.blend(FMT, src(4), dest(8)[::2], SA)


def test_fortran_ordered_values_are_a_value_error():
    with pytest.raises(ValueError, match=r"values: array must be C-contiguous"):
        omsim.pack(FMT, np.asfortranarray(src(4)))


def test_read_only_out_is_a_value_error():
    out = dest()
    out.flags.writeable = False
    with pytest.raises(ValueError, match=r"out: array is read-only"):
        omsim.blend(FMT, src(), dest(), SA, out=out)


def test_out_partly_overlapping_dest_is_a_value_error():
    buf = np.zeros(6, np.uint32)
    with pytest.raises(ValueError, match=r"out: memory overlaps dest"):
        omsim.blend(FMT, src(4), buf[:4], SA, out=buf[2:])


def test_out_overlapping_src_is_a_value_error():
    s = src(4)
    with pytest.raises(ValueError, match=r"out: memory overlaps src"):
        omsim.blend(FMT, s, dest(4), SA, out=s.view(np.uint32).reshape(-1)[:4])


def test_process_pixels_output_overlapping_an_input_is_a_value_error():
    state = omsim.PixelState(rt_formats=[FMT])
    o = src(4)
    with pytest.raises(ValueError, match=r"out\[0\]: memory overlaps"):
        omsim.process_pixels(state, [o], [dest(4)], out=[o.view(np.uint32).reshape(-1)[:4]])


# --- names, enums, configurations ----------------------------------------------------------------------------------
def test_unknown_format_name_is_a_value_error():
    with pytest.raises(ValueError, match=r"format: unknown render-target format 'R8G8B8A8_UNROM'"):
        omsim.blend("R8G8B8A8_UNROM", src(), dest(), SA)


def test_dxgi_value_not_implemented_is_a_value_error():
    with pytest.raises(ValueError, match=r"format: DXGI_FORMAT value 1 is not a render-target format"):
        omsim.pack(1, src())


def test_format_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"format: expected an omsim.Format"):
        omsim.unpack(28.0, dest())  # type: ignore[arg-type]


def test_unknown_config_name_is_a_value_error_listing_the_names():
    with pytest.raises(ValueError, match=r"config: unknown configuration 'fl12_0'; expected one of fl9_1, .*fl11_1"):
        omsim.caps("fl12_0")


def test_unknown_enum_name_is_a_value_error():
    with pytest.raises(ValueError, match=r"RtBlendDesc.src_blend: unknown Blend name 'SRC_ALPA'"):
        RtBlendDesc(src_blend="SRC_ALPA")


def test_negative_enum_value_is_a_value_error():
    with pytest.raises(ValueError, match=r"RtBlendDesc.dest_blend: -1 is outside the 32-bit range"):
        RtBlendDesc(dest_blend=-1)


def test_enum_value_beyond_32_bits_is_a_value_error():
    with pytest.raises(ValueError, match=r"RtBlendDesc.blend_op: 4294967296 is outside"):
        RtBlendDesc(blend_op=2**32)


def test_enum_field_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"RtBlendDesc.logic_op: expected an omsim.LogicOp"):
        RtBlendDesc(logic_op=1.5)  # type: ignore[arg-type]


def test_logic_op_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"op: 16 is not a LogicOp value"):
        omsim.logic("R8G8B8A8_UINT", 16, np.zeros((4, 4), np.uint32), dest())


def test_factor_the_state_registers_cannot_hold_is_a_value_error_from_the_model():
    desc = RtBlendDesc(blend_enable=True, src_blend=40)  # a raw value D3D validation would reject
    assert not omsim.check_blend_desc(omsim.BlendDesc(render_target=[desc])).ok
    with pytest.raises(ValueError, match=r"40"):
        omsim.blend(FMT, src(), dest(), desc)


def test_compare_function_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"func: 9 is not a CmpFunc value"):
        omsim.scalar.f32_compare(9, 0, 0)


def test_fog_mode_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"mode: 4 is not a FogMode value"):
        omsim.fog_factor(4, 1.0)


def test_isa_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"isa: .* is not a BatchIsa value"):
        omsim.blend(FMT, src(), dest(), SA, isa=99)


def test_raw_isa_out_of_range_is_a_value_error_in_the_extension():
    rt = omsim._core.BatchRt(omsim.format_info(FMT).core, SA.to_core())
    with pytest.raises(ValueError, match=r"isa: expected one of 0 SCALAR.*got 99"):
        omsim._core.blend_batch(rt, src(), dest(), dest(), None, None, 99)


# --- descriptors and states ----------------------------------------------------------------------------------------
def test_nine_render_targets_is_a_value_error():
    with pytest.raises(ValueError, match=r"BlendDesc.render_target: expected 1 to 8 RtBlendDesc"):
        omsim.BlendDesc(render_target=[RtBlendDesc()] * 9)


def test_render_target_entry_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"BlendDesc.render_target\[1\]: expected an RtBlendDesc, got dict"):
        omsim.BlendDesc(render_target=[RtBlendDesc(), {}])  # type: ignore[list-item]


def test_unknown_rt_format_in_a_pixel_state_is_a_value_error():
    with pytest.raises(ValueError, match=r"PixelState.rt_formats\[1\]: unknown render-target format 'XYZ'"):
        omsim.PixelState(rt_formats=[FMT, "XYZ"])


def test_blend_factor_with_three_values_is_a_value_error():
    with pytest.raises(ValueError, match=r"blend_factor: expected 4 numbers"):
        omsim.blend(FMT, src(), dest(), SA, blend_factor=(1.0, 1.0, 1.0))


def test_desc_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"desc: expected an omsim.RtBlendDesc or None, got BlendDesc"):
        omsim.blend(FMT, src(), dest(), omsim.BlendDesc())  # type: ignore[arg-type]


def test_bound_slot_without_dest_is_a_value_error():
    state = omsim.PixelState(rt_formats=[FMT, FMT])
    with pytest.raises(ValueError, match=r"dest\[1\]: RT slot 1 is bound to R8G8B8A8_UNORM: its texel array is required"):
        omsim.process_pixels(state, [src(), src()], [dest(), None])


def test_dest_for_an_unbound_slot_is_a_value_error():
    state = omsim.PixelState(rt_formats=[FMT])
    with pytest.raises(ValueError, match=r"dest\[1\]: RT slot 1 is unbound"):
        omsim.process_pixels(state, [src()], [dest(), dest()])


def test_process_pixels_with_mismatched_pixel_counts_is_a_value_error():
    state = omsim.PixelState(rt_formats=[FMT, FMT])
    with pytest.raises(ValueError, match=r"oc\[1\]: pixel shape \(3,\) does not match the other arrays \(4,\)"):
        omsim.process_pixels(state, [src(4), src(3)], [dest(4), dest(4)])


def test_process_pixels_without_any_array_is_a_value_error():
    with pytest.raises(ValueError, match=r"no array given"):
        omsim.process_pixels(omsim.PixelState(), [], [])


# --- per-pixel values ----------------------------------------------------------------------------------------------
def test_texel_wider_than_the_format_is_a_value_error():
    with pytest.raises(ValueError, match=r"dest: texel 0x1ff does not fit the 8-bit texels of R8_UNORM"):
        omsim.rt_op("R8_UNORM", SA, (1.0, 0, 0, 1), 0x1FF)


def test_negative_texel_is_a_value_error():
    with pytest.raises(ValueError, match=r"dest: texel -0x1 does not fit"):
        omsim.rt_op(FMT, SA, (1.0, 0, 0, 1), -1)


def test_texel_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"dest: expected an int texel, got float"):
        omsim.rt_op(FMT, SA, (1.0, 0, 0, 1), 1.0)  # type: ignore[arg-type]


def test_three_values_for_a_pixel_is_a_value_error():
    with pytest.raises(ValueError, match=r"s: expected 4 values"):
        omsim.rt_op(FMT, SA, (1.0, 0, 0), 0)


def test_float_value_for_an_integer_rt_is_a_type_error():
    with pytest.raises(TypeError, match=r"s\[0\]: R8_UINT is an integer format: expected an int, got float"):
        omsim.rt_op("R8_UINT", None, (1.5, 0, 0, 0), 0)


def test_scalar_word_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"a: -1 is outside \[0, 2\*\*32\)"):
        omsim.scalar.f32_add(-1, 0)


def test_unsupported_unorm_width_is_a_value_error_from_the_model():
    with pytest.raises(ValueError, match=r"17"):
        omsim.scalar.unorm_to_f32(1, 17)


def test_released_handle_is_a_value_error():
    table = omsim.BlendStateTable()
    h = table.create(omsim.BlendDesc())
    table.release(h)
    with pytest.raises(ValueError):
        table.desc(h)


def test_unmapped_capability_register_is_a_value_error():
    with pytest.raises(ValueError):
        omsim.cap_register(None, 0x1000)


def test_rt_slot_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"rt: 8 is not an RT slot"):
        omsim.select_rt_desc(omsim.BlendDesc(), 8)


def test_core_rt_slot_out_of_range_is_a_value_error_not_a_crash():
    with pytest.raises(ValueError):
        omsim._core.select_rt_desc(omsim.BlendDesc().to_core(), 8)


def test_core_batch_without_format_is_a_value_error():
    rt = omsim._core.BatchRt(None, SA.to_core())
    with pytest.raises(ValueError, match=r"rt.format: no format"):
        omsim._core.blend_batch(rt, src(), dest(), dest())


def test_empty_batches_are_fine():
    assert omsim.blend(FMT, np.zeros((0, 4), np.float32), np.zeros(0, np.uint32), SA).shape == (0,)
    assert omsim.unpack(FMT, np.zeros((0,), np.uint32)).shape == (0, 4)


def test_f32_conversions_check_their_argument():
    # f32_value masked its argument to 32 bits (-1 gave NaN, 2**32 gave 0.0, 1.0 the bits 1); f32_bits("1") raised
    # struct.error naming nothing.
    with pytest.raises(ValueError, match=r"bits: -1 is outside \[0, 2\*\*32\)"):
        omsim.f32_value(-1)
    with pytest.raises(ValueError, match="bits: 4294967296 is outside"):
        omsim.f32_value(2**32)
    with pytest.raises(TypeError, match="bits: expected an int"):
        omsim.f32_value(1.0)
    with pytest.raises(TypeError, match="x: expected a number, got str"):
        omsim.f32_bits("1")
    assert omsim.f32_value(0x3F800000) == 1.0 and omsim.f32_bits(np.float32(-2.0)) == 0xC0000000
