# SPDX-License-Identifier: Apache-2.0
"""Bad input to omsim.device: every case raises a clear Python exception naming the problem, never a crash.

Python-level mistakes (type, dtype, shape, layout, unknown names, values outside an argument's range) raise plain
TypeError / ValueError naming the argument; arguments the driver rejects raise the D3D code's exception (an
InvalidArgError is also a ValueError) with the driver's message, and change nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import BlendDesc, Hresult, PsOutput
from omsim.device import Device, RenderTargetView
from omsim.errors import InvalidArgError

RT = RenderTargetView("R8G8B8A8_UNORM", 4, 4)


def DSV(**kw):  # noqa: N802 - a 4x4 D24_UNORM_S8_UINT view with fields changed
    return omsim.DepthStencilView(**{"width": 4, "height": 4, **kw})


@pytest.fixture
def dev():
    with Device("fl11_1", "model") as d:
        d.set_render_targets([RT])
        d.set_ps_outputs([PsOutput()])
        yield d


@pytest.mark.parametrize(
    "kwargs, exc, text",
    [
        ({"backend": "nope"}, ValueError, "backend: unknown backend 'nope'"),
        ({"backend": 3}, TypeError, "backend"),
        ({"config": "fl12_0"}, ValueError, "config: unknown configuration 'fl12_0'"),
        ({"config": 11}, TypeError, "config"),
        ({"seed": -1}, ValueError, "seed"),
        ({"seed": 1.5}, TypeError, "seed"),
        ({"waves": 3}, TypeError, "waves"),
        ({"waves": ""}, ValueError, "waves"),
        ({"waves": "/nonexistent/folder/x.fst"}, ValueError, "waves: folder '/nonexistent/folder' does not exist"),
    ],
)
def test_device_arguments(kwargs, exc, text):
    with pytest.raises(exc, match=text):
        Device(**kwargs)


def test_device_waves_path_that_cannot_be_written(tmp_path):
    afile = tmp_path / "a"
    afile.write_text("")
    with pytest.raises(ValueError, match=f"waves: folder '{afile}' is not a folder"):
        Device(waves=afile / "x.fst")
    with pytest.raises(ValueError, match="waves: cannot write '/proc/x.fst': "):
        Device(waves="/proc/x.fst")
    too_long = tmp_path / ("w" * 5000 + ".fst")  # the file system refuses the name: still an input error
    with pytest.raises(ValueError, match="waves: cannot write .*File name too long"):
        Device(waves=too_long)


def test_device_lists_the_backends_it_has():
    with pytest.raises(ValueError) as e:
        Device(backend="tlm-x")
    assert "model" in str(e.value)


U1, U2, O1 = np.zeros(1, np.uint32), np.zeros(2, np.uint32), np.zeros((1, 4), np.float32)
F32 = np.float32
DRAW_CASES = [
    # (name, x, y, oc, extra, exception, text)
    ("x list", [0], U1, O1, {}, TypeError, "x: expected a numpy.ndarray"),
    ("x float", np.zeros(1), U1, O1, {}, TypeError, "x: expected an integer"),
    ("x 2-d", np.zeros((1, 1), np.uint32), U1, O1, {}, ValueError, r"x: expected shape \(N,\)"),
    ("x negative", np.array([-1]), U1, O1, {}, ValueError, "x: coordinates"),
    ("x strided", np.zeros(4, np.uint32)[::2], U2, np.zeros((2, 4), F32), {}, ValueError, "x: array must be C-cont"),
    ("y length", U2, np.zeros(3, np.uint32), np.zeros((2, 4), F32), {}, ValueError, r"y: expected shape \(2,\)"),
    ("oc float64", U1, U1, np.zeros((1, 4)), {}, TypeError, "oc: expected dtype float32, uint32 or int32"),
    ("oc list", U1, U1, [[0.0] * 4], {}, TypeError, "oc: expected a numpy.ndarray"),
    ("oc 3 channels", U1, U1, np.zeros((1, 3), F32), {}, ValueError, r"oc: expected shape \(1, k, 4\)"),
    ("oc 9 outputs", U1, U1, np.zeros((1, 9, 4), F32), {}, ValueError, "1 <= k <= 8"),
    ("oc rows", U2, U2, np.zeros((3, 1, 4), F32), {}, ValueError, r"oc: expected shape \(2, k, 4\)"),
    ("oc strided", U1, U1, np.zeros((1, 8), F32)[:, ::2], {}, ValueError, "oc: array must be C-contiguous"),
    ("oc byte order", U1, U1, np.zeros((1, 4), ">f4"), {}, TypeError, "oc: expected dtype"),
    ("oc1 shape", U1, U1, O1, {"oc1": np.zeros((1, 3), F32)}, ValueError, "oc1: expected shape"),
    ("fog float64", U1, U1, O1, {"fog": np.zeros(1)}, TypeError, "fog: expected dtype"),
    ("coverage int8", U1, U1, O1, {"coverage": np.zeros(1, np.int8)}, TypeError, "coverage: expected dtype bool or uint32"),
    ("coverage length", U1, U1, O1, {"coverage": np.zeros(2, bool)}, ValueError, "coverage: expected shape"),
    ("z float64", U1, U1, O1, {"z": np.zeros(1)}, TypeError, "z: expected dtype"),
    ("z length", U1, U1, O1, {"z": np.zeros(2, F32)}, ValueError, "z: expected shape"),
    ("z per sample of a 1x view", U1, U1, O1, {"z": np.zeros((1, 4), F32)}, ValueError,
     r"z: expected shape \(1,\) or \(1, 1\) for the bound views' 1 samples, got \(1, 4\)"),
    ("omask int64", U1, U1, O1, {"omask": np.zeros(1, np.int64)}, TypeError, "omask: expected dtype uint32"),
    ("coverage mask above 1 sample", U1, U1, O1, {"coverage": np.array([2], np.uint32)}, InvalidArgError,
     "coverage mask 0x2 has bits at or above the sample count 1"),
    ("front_face uint8", U1, U1, O1, {"front_face": np.zeros(1, np.uint8)}, TypeError, "front_face: expected dtype"),
]


@pytest.mark.parametrize("case", DRAW_CASES, ids=[c[0] for c in DRAW_CASES])
def test_draw_arrays(dev, case):
    _, x, y, oc, extra, exc, text = case
    before = dev.read_rt(0)
    with pytest.raises(exc, match=text):
        dev.draw(x, y, oc, **extra)
    assert np.array_equal(dev.read_rt(0), before)


def test_draw_coordinates_beyond_the_om_are_the_drivers_e_invalidarg(dev):
    with pytest.raises(InvalidArgError, match="outside 0..16383") as e:
        dev.draw(np.array([16384]), np.array([0]), np.zeros((1, 4), np.float32))
    assert e.value.hresult == Hresult.E_INVALIDARG


def test_render_target_access(dev):
    img = dev.read_rt(0)
    with pytest.raises(ValueError, match="rt: 8 is outside 0..7"):
        dev.read_rt(8)
    with pytest.raises(TypeError, match="rt"):
        dev.read_rt("0")
    with pytest.raises(InvalidArgError, match="slot 1 not bound"):
        dev.read_rt(1)
    with pytest.raises(TypeError, match="image: expected dtype uint32"):
        dev.write_rt(0, img.astype(np.uint64))
    with pytest.raises(ValueError, match=r"image: expected shape \(4, 4\)"):
        dev.write_rt(0, img[:2])
    with pytest.raises(ValueError, match="image: array must be C-contiguous"):
        dev.write_rt(0, np.zeros((4, 8), np.uint32)[:, ::2])
    with pytest.raises(TypeError, match="image: expected a numpy.ndarray"):
        dev.write_rt(0, img.tolist())
    dev.set_render_targets([RenderTargetView("R10G10B10A2_UNORM", 4, 4)])
    dev.write_rt(0, np.full((4, 4), 0xFFFFFFFF, np.uint32))  # every bit of a 32-bit texel is the format's
    assert dev.read_rt(0).max() == 0xFFFFFFFF


def test_state_calls(dev):
    with pytest.raises(TypeError, match="desc: expected an omsim.BlendDesc"):
        dev.create_blend_state("desc")
    with pytest.raises(TypeError, match="state: expected an omsim.BlendState"):
        dev.set_blend_state(1)
    with pytest.raises(ValueError, match="blend_factor"):
        dev.set_blend_state(None, blend_factor=(1.0, 1.0))
    with pytest.raises(ValueError, match="sample_mask"):
        dev.set_blend_state(None, sample_mask=2**32)
    with pytest.raises(TypeError, match="views: expected a sequence"):
        dev.set_render_targets(RT)
    with pytest.raises(TypeError, match=r"views\[0\]"):
        dev.set_render_targets(["R8G8B8A8_UNORM"])
    with pytest.raises(TypeError, match="dsv"):
        dev.set_render_targets([RT], dsv=RT)
    with pytest.raises(ValueError, match="RtBinding.format"):
        RenderTargetView("R8G8B8A8_NOPE", 4, 4)
    with pytest.raises(ValueError, match="outputs"):
        dev.set_ps_outputs([PsOutput()] * 9)
    with pytest.raises(TypeError, match=r"outputs\[1\]"):
        dev.set_ps_outputs([PsOutput(), 1])
    with pytest.raises(ValueError, match="func: unknown CmpFunc name 'SOMETIMES'"):
        dev.set_alpha_test(True, "SOMETIMES")
    with pytest.raises(ValueError, match="color"):
        dev.set_fog(True, (1.0, 0.0))
    with pytest.raises(ValueError, match=r"rects\[0\]"):
        dev.clear((0.0, 0.0, 0.0, 0.0), [(0, 0, 1)])
    with pytest.raises(ValueError, match=r"rects\[0\]"):
        dev.clear((0.0, 0.0, 0.0, 0.0), [(0, 0, 1, -1)])
    with pytest.raises(ValueError, match="offset"):
        dev.bus_read(0x1000)
    with pytest.raises(ValueError, match="fmt"):
        dev.format_support("NOPE")
    # float()/int() coercions took a bool for a depth and 1.5 for flags 1, and named no argument for a string.
    with pytest.raises(TypeError, match="min_depth: expected a number, got str"):
        dev.set_depth_range("a", 1.0)
    with pytest.raises(TypeError, match="max_depth: expected a number, got bool"):
        dev.set_depth_range(0.0, True)
    with pytest.raises(TypeError, match="flags: expected an int, got float"):
        dev.clear_depth_stencil_view(1.5)
    with pytest.raises(TypeError, match="flags: expected an int, got str"):
        dev.clear_depth_stencil_view("DEPTH")
    with pytest.raises(TypeError, match="depth: expected a number, got str"):
        dev.clear_depth_stencil_view(omsim.ClearFlag.DEPTH, "x")


# Arguments the driver rejects with E_INVALIDARG (docs/driver.md): (name, set-up, call, a word of the message).
D3D9 = "d3d9"
DRIVER_CASES = [
    ("nine views", None, lambda d: d.set_render_targets([RT] * 9), "9 views"),
    ("size differs", None, lambda d: d.set_render_targets([RT, RenderTargetView("R8G8B8A8_UNORM", 8, 4)]), "differs"),
    ("size 0", None, lambda d: d.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 0, 4)]), "size"),
    ("size above FL", None, lambda d: d.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 16385, 4)]), "16384"),
    ("unimplemented format", None, lambda d: d.set_render_targets([RenderTargetView(1, 4, 4)]), "RENDER_TARGET"),
    ("cube buffer", None, lambda d: d.set_render_targets(
        [RenderTargetView("R8G8B8A8_UNORM", 4, 4, type=omsim.ResourceType.BUFFER, cube=True)]), "resource type"),
    ("alpha test outside D3D9", None, lambda d: d.set_alpha_test(True, "LESS", 1), "D3D9"),
    ("fog outside D3D9", None, lambda d: d.set_fog(True), "D3D9"),
    ("write enable outside D3D9", None, lambda d: d.set_color_write_enable(0, 0xF), "D3D9"),
    ("ALPHAFUNC 0", D3D9, lambda d: d.set_alpha_test(True, 0, 1), "ALPHAFUNC"),
    ("ALPHAREF 256", D3D9, lambda d: d.set_alpha_test(True, "LESS", 256), "ALPHAREF"),
    ("COLORWRITEENABLE4", D3D9, lambda d: d.set_color_write_enable(4, 0xF), "index"),
    ("write mask 0x10", D3D9, lambda d: d.set_color_write_enable(0, 0x10), "mask"),
    ("PS written mask", None, lambda d: d.set_ps_outputs([PsOutput(mask=0x1F)]), "written mask"),
    ("PS value bits", None, lambda d: d.set_ps_outputs([PsOutput(value_bits=33)]), "value bits"),
    ("clear rect inverted", None, lambda d: d.clear((0.0, 0.0, 0.0, 0.0), [(2, 0, 1, 1)]), "left > right"),
    ("RTV sample count 16", None, lambda d: d.create_render_target_view(RenderTargetView("R8G8B8A8_UNORM", 4, 4,
     sample_count=16)), "sample count 16 of R8G8B8A8_UNORM is not supported by this device (CAP_MAX_SAMPLES 0x"),
    ("RTV sample count 3 bound", None, lambda d: d.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 4, 4,
     sample_count=3)]), "slot 0: sample count 3 of R8G8B8A8_UNORM is not supported"),
    ("DSV sample count 16", None, lambda d: d.create_depth_stencil_view(DSV(sample_count=16)),
     "sample count 16 of D24_UNORM_S8_UINT is not supported"),
    ("DSV format R8G8B8A8", None, lambda d: d.create_depth_stencil_view(DSV(format=28)), "not a depth-stencil format"),
    ("DSV flags 4", None, lambda d: d.create_depth_stencil_view(DSV(flags=4)), "D3D11_DSV_FLAG"),
    ("READ_ONLY_STENCIL on D32_FLOAT", None, lambda d: d.create_depth_stencil_view(
        DSV(format="D32_FLOAT", flags=omsim.DsvFlag.READ_ONLY_STENCIL)), "no stencil"),
    ("DSV of a Texture3D", None, lambda d: d.create_depth_stencil_view(DSV(type=omsim.ResourceType.TEXTURE3D)),
     "Texture1D/Texture2D"),
    ("DSV size 0 bound", None, lambda d: d.set_render_targets([RT], DSV(width=0)), "size"),
    ("clear without a DSV", None, lambda d: d.clear_depth_stencil_view(), "no depth-stencil view bound"),
    ("clear flags 0", None, lambda d: d.clear_depth_stencil_view(0), "ClearFlags"),
    ("clear stencil 256", None, lambda d: d.clear_depth_stencil_view(stencil=256), "stencil 256"),
    ("MinDepth NaN", None, lambda d: d.set_depth_range(float("nan"), 1.0), "outside [0, 1]"),
    ("MinDepth above MaxDepth", None, lambda d: d.set_depth_range(0.75, 0.25), "greater than MaxDepth"),
    ("D3D9 depth states outside D3D9", None, lambda d: d.set_d3d9_depth_stencil(omsim.D3d9DepthStencil()), "D3D9"),
    ("ZFUNC 0", D3D9, lambda d: d.set_d3d9_depth_stencil(omsim.D3d9DepthStencil(z_func=0)), "ZFUNC"),
    ("logic op in D3D9 mode", D3D9, lambda d: d.set_blend_state(d.create_blend_state(
        BlendDesc(render_target=[omsim.RtBlendDesc(logic_op_enable=True, logic_op="XOR")]))), "logic"),
]


@pytest.mark.parametrize("case", DRIVER_CASES, ids=[c[0] for c in DRIVER_CASES])
def test_driver_rejections_raise_invalid_arg_and_change_nothing(dev, case):
    _, setup, call, word = case
    if setup == D3D9:
        dev.set_d3d9_mode(True)
    version, validated = dev.state_version, dev.validate()
    with pytest.raises(InvalidArgError) as e:
        call(dev)
    assert isinstance(e.value, ValueError) and e.value.hresult == Hresult.E_INVALIDARG
    assert word in str(e.value) and str(e.value).startswith(dev.last_error)
    assert dev.state_version == version and validated.is_current and dev.render_targets[0] == RT


def test_closed_device(dev):
    s = dev.create_blend_state(BlendDesc())
    dev.close()
    for call in (dev.validate, lambda: dev.set_d3d9_mode(True), lambda: dev.read_rt(0), lambda: s.desc,
                 lambda: dev.create_blend_state(BlendDesc())):
        with pytest.raises(ValueError, match="closed"):
            call()
    with pytest.raises(ValueError, match="closed"):
        s.release()


def test_the_extensions_own_argument_errors_are_value_errors():
    from omsim import _device

    with pytest.raises(ValueError, match="nope"):
        _device.create_device("nope", 0, 1, "")  # std::invalid_argument
    with pytest.raises(ValueError):
        _device.create_device("model", 99, 1, "")  # std::out_of_range
    with pytest.raises(TypeError):
        _device.create_device("model", -1.5, 1, "")
    hr, dev = _device.create_device("model", 0, 1, "")
    assert hr == 0 and dev is not None
    with pytest.raises(ValueError, match="8 render-target descriptions"):
        dev.create_blend_state1((False, False, [(0,) * 10] * 7), True)
    with pytest.raises(ValueError, match="out: array is read-only"):
        ro = np.zeros((1, 1), np.uint32)
        ro.flags.writeable = False
        dev.read_rt(0, 28, 1, ro)
    with pytest.raises(ValueError, match="format: DXGI value 1 "):
        dev.read_rt(0, 1, 1, np.zeros((1, 1), np.uint32))  # R32G32B32A32_TYPELESS: not a render-target format
    with pytest.raises(ValueError, match=r"out: expected shape \(H, W, 4\) for R32G32B32A32_FLOAT x1"):
        dev.read_rt(0, 2, 1, np.zeros((1, 1), np.uint32))
    with pytest.raises(ValueError, match=r"out: expected shape \(H, W, 4, 4\) for R32G32B32A32_FLOAT x4"):
        dev.read_rt(0, 2, 4, np.zeros((1, 1, 4), np.uint32))
    with pytest.raises(ValueError, match=r"depth, stencil: expected two \(H, W, 4\) arrays of one shape"):
        dev.read_depth_stencil(4, np.zeros((1, 1), np.uint32), np.zeros((1, 1), np.uint8))
