// SPDX-License-Identifier: Apache-2.0
// The state structs of om::ref (state.h, pixel.h, batch.h) as plain Python classes. Enum fields are
// ints (the D3D values; any uint32 is accepted, as in D3D, so that validation sees bad values).
#include <string>

#include "common.h"
#include "om/ref/batch.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"

namespace omsim_py {
namespace {

using om::ref::kMaxRts;

template <class C, class E>
void enum_field(py::class_<C>& cls, const char* name, E C::*pm, const char* doc) {
  cls.def_property(
      name, [pm](const C& c) { return static_cast<uint32_t>(c.*pm); },
      [pm](C& c, uint32_t v) { c.*pm = static_cast<E>(v); }, doc);
}

std::array<uint32_t, 3> three(const py::handle& seq, const char* name) {
  if (!py::isinstance<py::sequence>(seq) || py::len(seq) != 3) {
    throw py::value_error(std::string(name) + ": expected 3 binary32 words (R, G, B)");
  }
  const om::ref::Vec4 v =
      vec4_from_seq(py::make_tuple(py::reinterpret_borrow<py::sequence>(seq)[0],
                                   py::reinterpret_borrow<py::sequence>(seq)[1],
                                   py::reinterpret_borrow<py::sequence>(seq)[2], 0),
                    name);
  return {v[0], v[1], v[2]};
}

}  // namespace

void bind_state(py::module_& m) {
  using om::ref::BatchRt;
  using om::ref::BlendDesc;
  using om::ref::D3d9State;
  using om::ref::PixelState;
  using om::ref::RtBlendDesc;

  py::class_<RtBlendDesc> rt(m, "RtBlendDesc", "D3D11_RENDER_TARGET_BLEND_DESC1 (state.h).");
  rt.def(
      py::init([](bool blend_enable, bool logic_op_enable, uint32_t src_blend, uint32_t dest_blend,
                  uint32_t blend_op, uint32_t src_blend_alpha, uint32_t dest_blend_alpha,
                  uint32_t blend_op_alpha, uint32_t logic_op, uint32_t render_target_write_mask) {
        RtBlendDesc d;
        d.blend_enable = blend_enable;
        d.logic_op_enable = logic_op_enable;
        d.src_blend = static_cast<om::Blend>(src_blend);
        d.dest_blend = static_cast<om::Blend>(dest_blend);
        d.blend_op = static_cast<om::BlendOp>(blend_op);
        d.src_blend_alpha = static_cast<om::Blend>(src_blend_alpha);
        d.dest_blend_alpha = static_cast<om::Blend>(dest_blend_alpha);
        d.blend_op_alpha = static_cast<om::BlendOp>(blend_op_alpha);
        d.logic_op = static_cast<om::LogicOp>(logic_op);
        d.render_target_write_mask = render_target_write_mask;
        return d;
      }),
      py::arg("blend_enable") = false, py::arg("logic_op_enable") = false, py::arg("src_blend") = 2,
      py::arg("dest_blend") = 1, py::arg("blend_op") = 1, py::arg("src_blend_alpha") = 2,
      py::arg("dest_blend_alpha") = 1, py::arg("blend_op_alpha") = 1, py::arg("logic_op") = 4,
      py::arg("render_target_write_mask") = 0xF,
      "Fields in D3D order; enum fields take their D3D values (defaults: the D3D defaults).");
  rt.def_readwrite("blend_enable", &RtBlendDesc::blend_enable);
  rt.def_readwrite("logic_op_enable", &RtBlendDesc::logic_op_enable);
  enum_field(rt, "src_blend", &RtBlendDesc::src_blend, "D3D11_BLEND value.");
  enum_field(rt, "dest_blend", &RtBlendDesc::dest_blend, "D3D11_BLEND value.");
  enum_field(rt, "blend_op", &RtBlendDesc::blend_op, "D3D11_BLEND_OP value.");
  enum_field(rt, "src_blend_alpha", &RtBlendDesc::src_blend_alpha, "D3D11_BLEND value.");
  enum_field(rt, "dest_blend_alpha", &RtBlendDesc::dest_blend_alpha, "D3D11_BLEND value.");
  enum_field(rt, "blend_op_alpha", &RtBlendDesc::blend_op_alpha, "D3D11_BLEND_OP value.");
  enum_field(rt, "logic_op", &RtBlendDesc::logic_op, "D3D11_LOGIC_OP value.");
  rt.def_readwrite("render_target_write_mask", &RtBlendDesc::render_target_write_mask);

  py::class_<BlendDesc>(m, "BlendDesc", "D3D11_BLEND_DESC1 (state.h).")
      .def(py::init([](bool a2c, bool ibe, const py::object& rts) {
             BlendDesc d;
             d.alpha_to_coverage_enable = a2c;
             d.independent_blend_enable = ibe;
             if (!rts.is_none()) d.render_target = eight<RtBlendDesc>(rts, "render_target");
             return d;
           }),
           py::arg("alpha_to_coverage_enable") = false, py::arg("independent_blend_enable") = false,
           py::arg("render_target") = py::none(),
           "render_target: 8 RtBlendDesc (None: 8 defaults).")
      .def_readwrite("alpha_to_coverage_enable", &BlendDesc::alpha_to_coverage_enable)
      .def_readwrite("independent_blend_enable", &BlendDesc::independent_blend_enable)
      .def_property(
          "render_target", [](const BlendDesc& d) { return list_of(d.render_target); },
          [](BlendDesc& d, const py::object& rts) {
            d.render_target = eight<RtBlendDesc>(rts, "render_target");
          },
          "The 8 RenderTarget[] entries (a copy; assign a whole list to change them).");

  py::class_<D3d9State>(m, "D3d9State", "D3D9 alpha test and fog states (state.h).")
      .def(py::init<>())
      .def_readwrite("alpha_test_enable", &D3d9State::alpha_test_enable)
      .def_property(
          "alpha_func", [](const D3d9State& s) { return static_cast<uint32_t>(s.alpha_func); },
          [](D3d9State& s, uint32_t v) { s.alpha_func = static_cast<om::CmpFunc>(v); },
          "D3DCMPFUNC / D3D11_COMPARISON_FUNC value.")
      .def_readwrite("alpha_ref", &D3d9State::alpha_ref, "D3DRS_ALPHAREF (low 8 bits used).")
      .def_readwrite("fog_enable", &D3d9State::fog_enable)
      .def_property(
          "fog_color",
          [](const D3d9State& s) {
            return py::make_tuple(s.fog_color[0], s.fog_color[1], s.fog_color[2]);
          },
          [](D3d9State& s, const py::object& c) { s.fog_color = three(c, "fog_color"); },
          "binary32 bits of the fog colour R, G, B.");

  py::class_<PixelState>(m, "PixelState", "Everything a draw sees (pixel.h).")
      .def(py::init<>())
      .def_readwrite("blend", &PixelState::blend)
      .def_property(
          "blend_factor", [](const PixelState& s) { return vec4_to_tuple(s.blend_factor); },
          [](PixelState& s, const py::object& v) {
            s.blend_factor = vec4_from_seq(v, "blend_factor");
          },
          "K as 4 binary32 words.")
      .def_readwrite("sample_mask", &PixelState::sample_mask)
      .def_property(
          "rt_format",
          [](const PixelState& s) {
            py::list l;
            for (const om::FormatInfo* f : s.rt_format) {
              l.append(py::cast(f, py::return_value_policy::reference));
            }
            return l;
          },
          [](PixelState& s, const py::object& v) {
            s.rt_format = eight<const om::FormatInfo*>(v, "rt_format");
          },
          "Bound format per RT slot (FormatInfo or None = unbound).")
      .def_readwrite("ps_outputs", &PixelState::ps_outputs, "Bit i: the PS declares o[i].")
      .def_readwrite("d3d9", &PixelState::d3d9)
      .def_readwrite("gamma_space", &PixelState::gamma_space)
      .def_readwrite(
          "fl_index", &PixelState::fl_index,
          "Feature-level index (0 = 9_1 ... 6 = 11_1): formats not BLENDABLE there are written "
          "with blending off.");

  py::class_<BatchRt>(m, "BatchRt", "The per-call state of one RT for blend_batch (batch.h).")
      .def(py::init([](const om::FormatInfo* format, const RtBlendDesc& desc, bool logic_op_enable,
                       uint32_t logic_op, bool gamma_space, const py::object& blend_factor) {
             BatchRt r;
             r.format = format;
             r.desc = desc;
             r.logic_op_enable = logic_op_enable;
             r.logic_op = static_cast<om::LogicOp>(logic_op);
             r.gamma_space = gamma_space;
             r.blend_factor = vec4_from_seq(blend_factor, "blend_factor");
             return r;
           }),
           py::arg("format"), py::arg("desc"), py::arg("logic_op_enable") = false,
           py::arg("logic_op") = 4, py::arg("gamma_space") = false,
           py::arg("blend_factor") =
               py::make_tuple(0x3F800000u, 0x3F800000u, 0x3F800000u, 0x3F800000u),
           "format: FormatInfo; desc: this RT's descriptor; blend_factor: K as binary32 words.")
      .def_property_readonly(
          "format", [](const BatchRt& r) { return r.format; }, py::return_value_policy::reference)
      .def_readonly("desc", &BatchRt::desc)
      .def_readonly("logic_op_enable", &BatchRt::logic_op_enable)
      .def_property_readonly("logic_op",
                             [](const BatchRt& r) { return static_cast<uint32_t>(r.logic_op); })
      .def_readonly("gamma_space", &BatchRt::gamma_space)
      .def_property_readonly("blend_factor",
                             [](const BatchRt& r) { return vec4_to_tuple(r.blend_factor); });
}

}  // namespace omsim_py
