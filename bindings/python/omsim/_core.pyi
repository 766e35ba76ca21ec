# SPDX-License-Identifier: Apache-2.0
"""Typed stub of the extension module omsim._core (bindings/*.cc). tests/python/test_stub.py checks it against the
built module: every public name on both sides, and every signature's parameter names and defaults."""

from typing import Optional, Sequence

import numpy as np
import numpy.typing as npt

Words4 = tuple[int, int, int, int]
Array = npt.NDArray[np.generic]

BATCH_ISAS: list[tuple[str, int]]
DESC_RULES: list[tuple[str, int, str]]

class FormatInfo:
    @property
    def dxgi(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def cls(self) -> int: ...
    @property
    def texel_bits(self) -> int: ...
    @property
    def channels(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]: ...
    @property
    def x(self) -> tuple[int, int]: ...
    @property
    def rt_fl_mask(self) -> int: ...
    @property
    def blend_fl_mask(self) -> int: ...

class ConfigInfo:
    @property
    def name(self) -> str: ...
    @property
    def fl(self) -> int: ...
    @property
    def fl_index(self) -> int: ...
    @property
    def max_rts(self) -> int: ...
    @property
    def logic_op(self) -> bool: ...
    @property
    def d3d9_options1(self) -> int: ...
    @property
    def d3d9_num_rts(self) -> int: ...
    @property
    def pmisc(self) -> int: ...
    @property
    def src_blend_caps(self) -> int: ...
    @property
    def dest_blend_caps(self) -> int: ...

class RtBlendDesc:
    blend_enable: bool
    logic_op_enable: bool
    src_blend: int
    dest_blend: int
    blend_op: int
    src_blend_alpha: int
    dest_blend_alpha: int
    blend_op_alpha: int
    logic_op: int
    render_target_write_mask: int
    def __init__(
        self,
        blend_enable: bool = False,
        logic_op_enable: bool = False,
        src_blend: int = 2,
        dest_blend: int = 1,
        blend_op: int = 1,
        src_blend_alpha: int = 2,
        dest_blend_alpha: int = 1,
        blend_op_alpha: int = 1,
        logic_op: int = 4,
        render_target_write_mask: int = 15,
    ) -> None: ...

class BlendDesc:
    alpha_to_coverage_enable: bool
    independent_blend_enable: bool
    render_target: list[RtBlendDesc]
    def __init__(
        self,
        alpha_to_coverage_enable: bool = False,
        independent_blend_enable: bool = False,
        render_target: Optional[Sequence[RtBlendDesc]] = None,
    ) -> None: ...

class D3d9State:
    alpha_test_enable: bool
    alpha_func: int
    alpha_ref: int
    fog_enable: bool
    fog_color: tuple[int, int, int]
    def __init__(self) -> None: ...

class PixelState:
    blend: BlendDesc
    blend_factor: Words4
    sample_mask: int
    rt_format: list[Optional[FormatInfo]]
    ps_outputs: int
    d3d9: D3d9State
    gamma_space: bool
    fl_index: int
    def __init__(self) -> None: ...

class BatchRt:
    def __init__(
        self,
        format: Optional[FormatInfo],
        desc: RtBlendDesc,
        logic_op_enable: bool = False,
        logic_op: int = 4,
        gamma_space: bool = False,
        blend_factor: Sequence[int] = (0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000),
    ) -> None: ...
    @property
    def format(self) -> Optional[FormatInfo]: ...
    @property
    def desc(self) -> RtBlendDesc: ...
    @property
    def logic_op_enable(self) -> bool: ...
    @property
    def logic_op(self) -> int: ...
    @property
    def gamma_space(self) -> bool: ...
    @property
    def blend_factor(self) -> Words4: ...

class OmCaps:
    max_rts: int
    independent_write_masks: bool
    per_rt_blend_enable: bool
    independent_blend: bool
    separate_alpha: bool
    dual_source: bool
    src_alpha_sat: bool
    alpha_to_coverage: bool
    logic_op: bool
    mrt_independent_bit_depths: bool
    linear_srgb_blend: bool
    depth_stencil: bool
    cube_depth_stencil: bool
    def __init__(self) -> None: ...

class D3d9Options1:
    full_non_pow2_texture_supported: bool
    depth_as_texture_with_less_equal_comparison_filter_supported: bool
    simple_instancing_supported: bool
    texture_cube_face_render_target_with_non_cube_depth_stencil_supported: bool
    def __init__(self) -> None: ...

class D3d11Options:
    output_merger_logic_op: bool
    def __init__(self) -> None: ...

class D3dCaps9:
    num_simultaneous_rts: int
    primitive_misc_caps: int
    src_blend_caps: int
    dest_blend_caps: int
    def __init__(self) -> None: ...

class Caps:
    spec_revision: int
    fl: int
    om: OmCaps
    d3d9_options1: D3d9Options1
    d3d11_options: D3d11Options
    d3d9: D3dCaps9
    max_samples: int
    fmt: list[int]
    def __init__(self) -> None: ...

class RtBinding:
    bound: bool
    format: int
    width: int
    height: int
    array_size: int
    sample_count: int
    type: int
    cube: bool
    def __init__(self) -> None: ...

class DsvBinding:
    bound: bool
    width: int
    height: int
    array_size: int
    sample_count: int
    type: int
    cube: bool
    def __init__(self) -> None: ...

class PsOutput:
    written: bool
    type: int
    mask: int
    value_bits: int
    def __init__(self) -> None: ...

class D3d9Mode:
    enabled: bool
    alpha_test_enable: bool
    fog_enable: bool
    dither_enable: bool
    multisample_antialias: bool
    color_write_enable: Words4
    def __init__(self) -> None: ...

class OmState:
    initialised: bool
    internal_error: bool
    blend: BlendDesc
    blend_factor: Words4
    sample_mask: int
    rt: list[RtBinding]
    dsv: DsvBinding
    ps_output: list[PsOutput]
    d3d9: D3d9Mode
    def __init__(self) -> None: ...

class BlendStateTable:
    def __init__(self, fl: int, logic_op_cap: bool) -> None: ...
    def create(self, desc: Optional[BlendDesc], want_object: bool = True) -> tuple[int, int, int, int]: ...
    def add_ref(self, handle: int) -> int: ...
    def release(self, handle: int) -> int: ...
    def desc(self, handle: int) -> BlendDesc: ...
    def ref_count(self, handle: int) -> int: ...
    def is_live(self, handle: int) -> bool: ...
    def live_count(self) -> int: ...
    @property
    def feature_level(self) -> int: ...
    @property
    def logic_op_cap(self) -> bool: ...

# Formats and configurations.
def formats() -> list[FormatInfo]: ...
def find_format(dxgi: int) -> Optional[FormatInfo]: ...
def find_format_by_name(name: str) -> Optional[FormatInfo]: ...
def configs() -> list[ConfigInfo]: ...
def default_config_index() -> int: ...
def spec_revision() -> int: ...
def texel_bytes(format: FormatInfo) -> int: ...

# Scalar conversions and binary32 ops (32-bit words in and out).
def unorm_to_f32(code: int, bits: int) -> int: ...
def f32_to_unorm(f: int, bits: int) -> int: ...
def snorm_to_f32(code: int, bits: int) -> int: ...
def f32_to_snorm(f: int, bits: int) -> int: ...
def srgb_to_f32(code: int) -> int: ...
def f32_to_srgb(f: int) -> int: ...
def f32_srgb_encode_unquantised(f: int) -> int: ...
def f16_to_f32(h: int) -> int: ...
def f11_to_f32(h: int) -> int: ...
def f10_to_f32(h: int) -> int: ...
def f32_to_f16(f: int) -> int: ...
def f32_to_f11(f: int) -> int: ...
def f32_to_f10(f: int) -> int: ...
def f32_add(a: int, b: int) -> int: ...
def f32_sub(a: int, b: int) -> int: ...
def f32_mul(a: int, b: int) -> int: ...
def f32_min(a: int, b: int) -> int: ...
def f32_max(a: int, b: int) -> int: ...
def f32_clamp(a: int, lo: int, hi: int) -> int: ...
def f32_compare(func: int, a: int, b: int) -> bool: ...
def f32_ftz(a: int) -> int: ...

# Per pixel.
def rt_op(
    format: FormatInfo,
    desc: RtBlendDesc,
    s: Sequence[int],
    dest: int,
    s1: Sequence[int] = (0, 0, 0, 0),
    k: Sequence[int] = (0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000),
    logic_op_enable: bool = False,
    logic_op: int = 4,
    gamma_space: bool = False,
    clear: bool = False,
) -> tuple[bool, int]: ...
def process_pixel(
    state: PixelState,
    oc: Sequence[Optional[Sequence[int]]],
    dest: Sequence[Optional[int]],
    oc1: Sequence[int] = (0, 0, 0, 0),
    coverage: bool = True,
    fog: int = 0x3F800000,
    clear: bool = False,
) -> tuple[bool, tuple[bool, ...], tuple[Optional[int], ...]]: ...
def logic_op_apply(op: int, s: int, d: int) -> int: ...
def select_rt_desc(blend: BlendDesc, rt: int) -> RtBlendDesc: ...
def a2c_covered(alpha: int) -> bool: ...
def alpha_test_pass(d3d9: D3d9State, alpha: int) -> bool: ...
def apply_fog(d3d9: D3d9State, f: int, c: Sequence[int]) -> Words4: ...
def fog_factor(mode: int, d: int, start: int, end: int, density: int) -> int: ...
def clear_texel(format: FormatInfo, colour: Sequence[int]) -> int: ...

# Arrays.
def blend_batch(
    rt: BatchRt,
    src: Array,
    dest: Array,
    out: Array,
    src1: Optional[Array] = None,
    written: Optional[Array] = None,
    isa: int = ...,
) -> None: ...
def blend_batch_kernel(rt: BatchRt, isa: int = ...) -> str: ...
def pack(format: FormatInfo, values: Array, out: Array) -> None: ...
def unpack(format: FormatInfo, texels: Array, out: Array) -> None: ...
def split(format: FormatInfo, texels: Array, out: Array) -> None: ...
def join(format: FormatInfo, fields: Array, out: Array) -> None: ...
def process_pixels(
    state: PixelState,
    oc: Sequence[Optional[Array]],
    dest: Sequence[Optional[Array]],
    out: Sequence[Optional[Array]],
    oc1: Optional[Array] = None,
    coverage: Optional[Array] = None,
    fog: Optional[Array] = None,
    clear: Optional[Array] = None,
    covered: Optional[Array] = None,
    written: Optional[Array] = None,
) -> None: ...

# Validation.
def desc_rule_message(rule: int) -> str: ...
def check_blend_desc(desc: Optional[BlendDesc], fl: int, logic_op_cap: bool) -> tuple[int, int, int]: ...
def check_blend_desc_fields(desc: BlendDesc, logic_op_cap: bool) -> tuple[int, int, int]: ...
def normalise(desc: BlendDesc) -> BlendDesc: ...
def is_normalised(desc: BlendDesc) -> bool: ...
def caps_from_config(config: ConfigInfo) -> Caps: ...
def cap_register(config: ConfigInfo, offset: int) -> int: ...
def is_cap_register(offset: int) -> bool: ...
def om_validate(state: OmState, caps: Caps) -> tuple[int, int, int, int]: ...

# Benchmark support (bench/python_bench.py).
def _time_blend_batch(rt: BatchRt, src: Array, dest: Array, out: Array, repeats: int) -> list[int]: ...
