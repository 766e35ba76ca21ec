// SPDX-License-Identifier: Apache-2.0
// Create-time validation (validate.h), the blend-state object table (blend_state_table.h), the
// capability registers and their decoded form (caps.h), and om_validate (om_validate.h). Results
// come back as tuples of D3D codes; the Python layer turns them into result objects/exceptions.
#include <pybind11/stl.h>

#include <iterator>
#include <string>
#include <vector>

#include "common.h"
#include "om/ref/blend_state_table.h"
#include "om/ref/caps.h"
#include "om/ref/om_validate.h"
#include "om/ref/validate.h"

namespace omsim_py {
namespace {

using om::ref::DescRule;
using om::ref::kMaxRts;

/// The identifiers of om::ref::DescRule in value order (C++ has no reflection; a test checks that
/// to_string() of the value after the last one is the unknown marker, so a new rule is noticed).
constexpr const char* kDescRuleNames[] = {
    "OK",
    "NULL_DESC",
    "BLEND_AND_LOGIC",
    "SRC_BLEND",
    "DEST_BLEND",
    "SRC_BLEND_ALPHA",
    "DEST_BLEND_ALPHA",
    "BLEND_OP",
    "BLEND_OP_ALPHA",
    "LOGIC_WITH_IBE",
    "LOGIC_OP_RANGE",
    "LOGIC_OP_CAP",
    "WRITE_MASK",
    "FL_ALPHA_TO_COVERAGE",
    "FL_MRT_BLEND",
    "FL_INDEPENDENT_WRITE_MASKS",
    "FL_SRC_ALPHA_SAT",
    "FL_DUAL_SOURCE",
    "FL_SEPARATE_ALPHA",
    "FL_INDEPENDENT_BLEND",
    "FL_LOGIC_OP",
};

py::tuple desc_check(const om::ref::DescCheck& c) {
  return py::make_tuple(static_cast<uint32_t>(c.hr), static_cast<uint32_t>(c.rule), c.rt);
}

om::FeatureLevel feature_level(uint32_t fl) {
  if (!om::is_valid_feature_level(fl)) {
    throw py::value_error("fl: " + std::to_string(fl) +
                          " is not a D3D_FEATURE_LEVEL value (0x9100 ... 0xB100)");
  }
  return static_cast<om::FeatureLevel>(fl);
}

template <class C>
void resource_type_field(py::class_<C>& cls) {
  cls.def_property(
      "type", [](const C& c) { return static_cast<uint32_t>(c.type); },
      [](C& c, uint32_t v) { c.type = static_cast<om::ref::ResourceType>(v); },
      "D3D11_RESOURCE_DIMENSION: 1 BUFFER, 2 TEXTURE1D, 3 TEXTURE2D, 4 TEXTURE3D.");
}

void bind_caps(py::module_& m) {
  using namespace om::ref;
  py::class_<OmCaps>(m, "OmCaps", "The fields of CAP_OM (caps.h).")
      .def(py::init<>())
      .def_readwrite("max_rts", &OmCaps::max_rts)
      .def_readwrite("independent_write_masks", &OmCaps::independent_write_masks)
      .def_readwrite("per_rt_blend_enable", &OmCaps::per_rt_blend_enable)
      .def_readwrite("independent_blend", &OmCaps::independent_blend)
      .def_readwrite("separate_alpha", &OmCaps::separate_alpha)
      .def_readwrite("dual_source", &OmCaps::dual_source)
      .def_readwrite("src_alpha_sat", &OmCaps::src_alpha_sat)
      .def_readwrite("alpha_to_coverage", &OmCaps::alpha_to_coverage)
      .def_readwrite("logic_op", &OmCaps::logic_op)
      .def_readwrite("mrt_independent_bit_depths", &OmCaps::mrt_independent_bit_depths)
      .def_readwrite("linear_srgb_blend", &OmCaps::linear_srgb_blend)
      .def_readwrite("depth_stencil", &OmCaps::depth_stencil)
      .def_readwrite("cube_depth_stencil", &OmCaps::cube_depth_stencil);
  py::class_<D3d9Options1>(m, "D3d9Options1", "D3D11_FEATURE_DATA_D3D9_OPTIONS1.")
      .def(py::init<>())
      .def_readwrite("full_non_pow2_texture_supported",
                     &D3d9Options1::full_non_pow2_texture_supported)
      .def_readwrite("depth_as_texture_with_less_equal_comparison_filter_supported",
                     &D3d9Options1::depth_as_texture_with_less_equal_comparison_filter_supported)
      .def_readwrite("simple_instancing_supported", &D3d9Options1::simple_instancing_supported)
      .def_readwrite(
          "texture_cube_face_render_target_with_non_cube_depth_stencil_supported",
          &D3d9Options1::texture_cube_face_render_target_with_non_cube_depth_stencil_supported);
  py::class_<D3d11Options>(m, "D3d11Options", "D3D11_FEATURE_DATA_D3D11_OPTIONS (OM member).")
      .def(py::init<>())
      .def_readwrite("output_merger_logic_op", &D3d11Options::output_merger_logic_op);
  py::class_<D3dCaps9>(m, "D3dCaps9", "The D3DCAPS9 members of docs/caps.md §4.")
      .def(py::init<>())
      .def_readwrite("num_simultaneous_rts", &D3dCaps9::num_simultaneous_rts)
      .def_readwrite("primitive_misc_caps", &D3dCaps9::primitive_misc_caps)
      .def_readwrite("src_blend_caps", &D3dCaps9::src_blend_caps)
      .def_readwrite("dest_blend_caps", &D3dCaps9::dest_blend_caps);
  py::class_<Caps>(m, "Caps", "Everything the capability registers say, decoded (caps.h).")
      .def(py::init<>())
      .def_readwrite("spec_revision", &Caps::spec_revision)
      .def_property(
          "fl", [](const Caps& c) { return static_cast<uint32_t>(c.fl); },
          [](Caps& c, uint32_t v) { c.fl = feature_level(v); }, "D3D_FEATURE_LEVEL value.")
      .def_readwrite("om", &Caps::om)
      .def_readwrite("d3d9_options1", &Caps::d3d9_options1)
      .def_readwrite("d3d11_options", &Caps::d3d11_options)
      .def_readwrite("d3d9", &Caps::d3d9)
      .def_readwrite("max_samples", &Caps::max_samples)
      .def_property(
          "fmt", [](const Caps& c) { return std::vector<uint32_t>(c.fmt.begin(), c.fmt.end()); },
          [](Caps& c, const std::vector<uint32_t>& v) {
            if (v.size() != c.fmt.size()) {
              throw py::value_error("fmt: expected " + std::to_string(c.fmt.size()) +
                                    " CAP_FMT values (one per DXGI value 0..115)");
            }
            for (size_t i = 0; i < v.size(); ++i) c.fmt[i] = static_cast<uint8_t>(v[i] & 0xFFu);
          },
          "Raw CAP_FMT[k] bits for DXGI value k.");
  m.def("caps_from_config", &caps_from_config, py::arg("config"),
        "Decode the capability registers of a configuration.");
  m.def("cap_register", &cap_register, py::arg("config"), py::arg("offset"),
        "Value of the capability register at byte `offset` (ValueError when unmapped).");
  m.def("is_cap_register", &is_cap_register, py::arg("offset"),
        "True when `offset` addresses a capability register.");
}

void bind_om_state(py::module_& m) {
  using namespace om::ref;
  py::class_<RtBinding> rb(m, "RtBinding", "One render-target view binding (om_validate.h).");
  rb.def(py::init<>())
      .def_readwrite("bound", &RtBinding::bound)
      .def_property(
          "format", [](const RtBinding& b) { return static_cast<uint32_t>(b.format); },
          [](RtBinding& b, uint32_t v) {
            if (v > 0xFFu) {
              throw py::value_error("format: " + std::to_string(v) +
                                    " is not a DXGI_FORMAT value (0..255)");
            }
            b.format = static_cast<om::Format>(v);
          },
          "DXGI_FORMAT value.")
      .def_readwrite("width", &RtBinding::width)
      .def_readwrite("height", &RtBinding::height)
      .def_readwrite("array_size", &RtBinding::array_size)
      .def_readwrite("sample_count", &RtBinding::sample_count)
      .def_readwrite("cube", &RtBinding::cube);
  resource_type_field(rb);
  py::class_<DsvBinding> db(m, "DsvBinding", "The depth/stencil view binding (shape only).");
  db.def(py::init<>())
      .def_readwrite("bound", &DsvBinding::bound)
      .def_readwrite("width", &DsvBinding::width)
      .def_readwrite("height", &DsvBinding::height)
      .def_readwrite("array_size", &DsvBinding::array_size)
      .def_readwrite("sample_count", &DsvBinding::sample_count)
      .def_readwrite("cube", &DsvBinding::cube);
  resource_type_field(db);
  py::class_<PsOutput>(m, "PsOutput", "PS output signature entry for o[i].")
      .def(py::init<>())
      .def_readwrite("written", &PsOutput::written)
      .def_property(
          "type", [](const PsOutput& o) { return static_cast<uint32_t>(o.type); },
          [](PsOutput& o, uint32_t v) { o.type = static_cast<PsOutputType>(v); },
          "0 FLOAT, 1 UINT, 2 SINT.")
      .def_readwrite("mask", &PsOutput::mask)
      .def_readwrite("value_bits", &PsOutput::value_bits);
  py::class_<D3d9Mode>(m, "D3d9Mode", "The D3D9 personality's post-PS states.")
      .def(py::init<>())
      .def_readwrite("enabled", &D3d9Mode::enabled)
      .def_readwrite("alpha_test_enable", &D3d9Mode::alpha_test_enable)
      .def_readwrite("fog_enable", &D3d9Mode::fog_enable)
      .def_readwrite("dither_enable", &D3d9Mode::dither_enable)
      .def_readwrite("multisample_antialias", &D3d9Mode::multisample_antialias)
      .def_property(
          "color_write_enable",
          [](const D3d9Mode& d) {
            return py::make_tuple(d.color_write_enable[0], d.color_write_enable[1],
                                  d.color_write_enable[2], d.color_write_enable[3]);
          },
          [](D3d9Mode& d, const py::object& v) {
            d.color_write_enable = vec4_from_seq(v, "color_write_enable");
          },
          "D3DRS_COLORWRITEENABLE, ...1, ...2, ...3.");
  py::class_<OmState>(m, "OmState", "Everything the next draw would use (om_validate.h).")
      .def(py::init<>())
      .def_readwrite("initialised", &OmState::initialised)
      .def_readwrite("internal_error", &OmState::internal_error)
      .def_readwrite("blend", &OmState::blend)
      .def_property(
          "blend_factor", [](const OmState& s) { return vec4_to_tuple(s.blend_factor); },
          [](OmState& s, const py::object& v) {
            s.blend_factor = vec4_from_seq(v, "blend_factor");
          },
          "K as 4 binary32 words.")
      .def_readwrite("sample_mask", &OmState::sample_mask)
      .def_property(
          "rt", [](const OmState& s) { return list_of(s.rt); },
          [](OmState& s, const py::object& v) { s.rt = eight<RtBinding>(v, "rt"); },
          "8 RtBinding (a copy; assign a whole list to change them).")
      .def_readwrite("dsv", &OmState::dsv)
      .def_property(
          "ps_output", [](const OmState& s) { return list_of(s.ps_output); },
          [](OmState& s, const py::object& v) { s.ps_output = eight<PsOutput>(v, "ps_output"); },
          "8 PsOutput (a copy; assign a whole list to change them).")
      .def_readwrite("d3d9", &OmState::d3d9);
  m.def(
      "om_validate",
      [](const OmState& s, const Caps& c) {
        const ValidateResult r = om_validate(s, c);
        return py::make_tuple(r.passes, static_cast<uint32_t>(r.result), r.reasons, r.rt);
      },
      py::arg("state"), py::arg("caps"),
      "docs/validation.md §7: (passes, result HRESULT, reasons bitmask, first offending RT).");
}

void bind_blend_state_table(py::module_& m) {
  using om::ref::BlendStateTable;
  py::class_<BlendStateTable>(m, "BlendStateTable",
                              "CreateBlendState1's object table: validation, de-duplication, "
                              "reference counts, the 4096-object limit.")
      .def(py::init([](uint32_t fl, bool logic_op_cap) {
             return BlendStateTable(feature_level(fl), logic_op_cap);
           }),
           py::arg("fl"), py::arg("logic_op_cap"))
      .def(
          "create",
          [](BlendStateTable& t, const om::ref::BlendDesc* desc, bool want_object) {
            const om::ref::CreateBlendStateResult r = t.create(desc, want_object);
            return py::make_tuple(static_cast<uint32_t>(r.hr), r.handle,
                                  static_cast<uint32_t>(r.rule), r.rt);
          },
          py::arg("desc"), py::arg("want_object") = true,
          "CreateBlendState1: returns (hr, handle, rule, rt); desc None = a NULL pointer.")
      .def("add_ref", &BlendStateTable::add_ref, py::arg("handle"))
      .def("release", &BlendStateTable::release, py::arg("handle"))
      .def("desc", &BlendStateTable::desc, py::arg("handle"), "GetDesc1 (a copy).")
      .def("ref_count", &BlendStateTable::ref_count, py::arg("handle"))
      .def("is_live", &BlendStateTable::is_live, py::arg("handle"))
      .def("live_count", &BlendStateTable::live_count)
      .def_property_readonly(
          "feature_level",
          [](const BlendStateTable& t) { return static_cast<uint32_t>(t.feature_level()); })
      .def_property_readonly("logic_op_cap", &BlendStateTable::logic_op_cap);
}

}  // namespace

void bind_validate(py::module_& m) {
  py::list rules;
  for (uint32_t v = 0; v < std::size(kDescRuleNames); ++v) {
    rules.append(
        py::make_tuple(kDescRuleNames[v], v, om::ref::to_string(static_cast<DescRule>(v))));
  }
  m.attr("DESC_RULES") = rules;
  m.def(
      "desc_rule_message",
      [](uint32_t v) { return std::string(om::ref::to_string(static_cast<DescRule>(v))); },
      py::arg("rule"), "Debug-layer style name of a DescRule value ('?' when unknown).");
  m.def(
      "check_blend_desc",
      [](const om::ref::BlendDesc* desc, uint32_t fl, bool logic_op_cap) {
        return desc_check(om::ref::check_blend_desc(desc, feature_level(fl), logic_op_cap));
      },
      py::arg("desc"), py::arg("fl"), py::arg("logic_op_cap"),
      "docs/validation.md §2–§3 (first failure wins): returns (hr, rule, rt). desc None = NULL.");
  m.def(
      "check_blend_desc_fields",
      [](const om::ref::BlendDesc& desc, bool logic_op_cap) {
        return desc_check(om::ref::check_blend_desc_fields(desc, logic_op_cap));
      },
      py::arg("desc"), py::arg("logic_op_cap"),
      "Only the per-RenderTarget[] rules of section 3.2: returns (hr, rule, rt).");
  m.def("normalise", &om::ref::normalise, py::arg("desc"),
        "Section 2.1 normalisation (what GetDesc1 reports; the de-duplication key).");
  m.def("is_normalised", &om::ref::is_normalised, py::arg("desc"), "normalise(desc) == desc.");
  bind_caps(m);
  bind_om_state(m);
  bind_blend_state_table(m);
}

}  // namespace omsim_py
