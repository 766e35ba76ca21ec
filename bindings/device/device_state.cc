// SPDX-License-Identifier: Apache-2.0
// Capability queries, blend-state objects and the output-merger state calls of omsim._device.
// Descriptions travel as plain tuples: (alpha_to_coverage_enable, independent_blend_enable,
// [8 x (blend_enable, logic_op_enable, src_blend, dest_blend, blend_op, src_blend_alpha,
// dest_blend_alpha, blend_op_alpha, logic_op, render_target_write_mask)]), the field order of
// om::ref::RtBlendDesc and omsim.RtBlendDesc.
#include <pybind11/stl.h>

#include <array>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "device_handle.h"

namespace omsim_device {
namespace {

using om::driver::Device;
using om::driver::Feature;

using RtTuple = std::array<uint32_t, 10>;
using DescTuple = std::tuple<bool, bool, std::vector<RtTuple>>;
// (format, width, height, array_size, sample_count, resource type, cube)
using ViewTuple = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, bool>;
// (width, height, array_size, sample_count, resource type, cube)
using DsvTuple = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, bool>;
// (declared, component type, written mask, value bits)
using PsTuple = std::tuple<bool, uint32_t, uint32_t, uint32_t>;

om::ref::BlendDesc desc_from(const DescTuple& t) {
  const auto& rts = std::get<2>(t);
  if (rts.size() != static_cast<size_t>(om::ref::kMaxRts)) {
    throw py::value_error("desc: expected 8 render-target descriptions, got " +
                          std::to_string(rts.size()));
  }
  om::ref::BlendDesc d;
  d.alpha_to_coverage_enable = std::get<0>(t);
  d.independent_blend_enable = std::get<1>(t);
  for (int i = 0; i < om::ref::kMaxRts; ++i) {
    const RtTuple& r = rts[i];
    om::ref::RtBlendDesc& o = d.render_target[i];
    o.blend_enable = r[0] != 0;
    o.logic_op_enable = r[1] != 0;
    o.src_blend = static_cast<om::Blend>(r[2]);
    o.dest_blend = static_cast<om::Blend>(r[3]);
    o.blend_op = static_cast<om::BlendOp>(r[4]);
    o.src_blend_alpha = static_cast<om::Blend>(r[5]);
    o.dest_blend_alpha = static_cast<om::Blend>(r[6]);
    o.blend_op_alpha = static_cast<om::BlendOp>(r[7]);
    o.logic_op = static_cast<om::LogicOp>(r[8]);
    o.render_target_write_mask = r[9];
  }
  return d;
}

DescTuple desc_to(const om::ref::BlendDesc& d) {
  std::vector<RtTuple> rts;
  for (const om::ref::RtBlendDesc& o : d.render_target) {
    rts.push_back(
        RtTuple{o.blend_enable ? 1u : 0u, o.logic_op_enable ? 1u : 0u,
                static_cast<uint32_t>(o.src_blend), static_cast<uint32_t>(o.dest_blend),
                static_cast<uint32_t>(o.blend_op), static_cast<uint32_t>(o.src_blend_alpha),
                static_cast<uint32_t>(o.dest_blend_alpha), static_cast<uint32_t>(o.blend_op_alpha),
                static_cast<uint32_t>(o.logic_op), o.render_target_write_mask});
  }
  return DescTuple{d.alpha_to_coverage_enable, d.independent_blend_enable, rts};
}

py::dict caps_dict(const om::ref::Caps& c) {
  py::dict om;
  om["max_rts"] = c.om.max_rts;
  om["independent_write_masks"] = c.om.independent_write_masks;
  om["per_rt_blend_enable"] = c.om.per_rt_blend_enable;
  om["independent_blend"] = c.om.independent_blend;
  om["separate_alpha"] = c.om.separate_alpha;
  om["dual_source"] = c.om.dual_source;
  om["src_alpha_sat"] = c.om.src_alpha_sat;
  om["alpha_to_coverage"] = c.om.alpha_to_coverage;
  om["logic_op"] = c.om.logic_op;
  om["mrt_independent_bit_depths"] = c.om.mrt_independent_bit_depths;
  om["linear_srgb_blend"] = c.om.linear_srgb_blend;
  om["depth_stencil"] = c.om.depth_stencil;
  om["cube_depth_stencil"] = c.om.cube_depth_stencil;
  const om::ref::D3d9Options1& o1 = c.d3d9_options1;
  py::dict d9o1;
  d9o1["full_non_pow2_texture_supported"] = o1.full_non_pow2_texture_supported;
  d9o1["depth_as_texture_with_less_equal_comparison_filter_supported"] =
      o1.depth_as_texture_with_less_equal_comparison_filter_supported;
  d9o1["simple_instancing_supported"] = o1.simple_instancing_supported;
  d9o1["texture_cube_face_render_target_with_non_cube_depth_stencil_supported"] =
      o1.texture_cube_face_render_target_with_non_cube_depth_stencil_supported;
  py::dict d9;
  d9["num_simultaneous_rts"] = c.d3d9.num_simultaneous_rts;
  d9["primitive_misc_caps"] = c.d3d9.primitive_misc_caps;
  d9["src_blend_caps"] = c.d3d9.src_blend_caps;
  d9["dest_blend_caps"] = c.d3d9.dest_blend_caps;
  py::dict out;
  out["spec_revision"] = c.spec_revision;
  out["fl"] = static_cast<uint32_t>(c.fl);
  out["om"] = om;
  out["d3d9_options1"] = d9o1;
  out["output_merger_logic_op"] = c.d3d11_options.output_merger_logic_op;
  out["d3d9"] = d9;
  out["max_samples"] = c.max_samples;
  out["fmt"] = std::vector<uint32_t>(c.fmt.begin(), c.fmt.end());
  return out;
}

template <class T>
std::pair<om::Hresult, T> query(Device& d, Feature f, T data) {
  const om::Hresult hr = d.check_feature_support(f, &data, sizeof(T));
  return {hr, data};
}

// CheckFeatureSupport with the structure of `feature`: (hr, its members in declaration order).
py::tuple check_feature_support(DeviceHandle& h, uint32_t feature, uint32_t in_format) {
  Lock lock(h.mu);
  Device& d = h.dev();
  switch (static_cast<Feature>(feature)) {
    case Feature::FORMAT_SUPPORT: {
      om::driver::FeatureDataFormatSupport s;
      s.in_format = in_format;
      auto [hr, r] = query(d, Feature::FORMAT_SUPPORT, s);
      return py::make_tuple(hr_value(hr), py::make_tuple(r.in_format, r.out_format_support));
    }
    case Feature::FORMAT_SUPPORT2: {
      om::driver::FeatureDataFormatSupport2 s;
      s.in_format = in_format;
      auto [hr, r] = query(d, Feature::FORMAT_SUPPORT2, s);
      return py::make_tuple(hr_value(hr), py::make_tuple(r.in_format, r.out_format_support2));
    }
    case Feature::D3D11_OPTIONS: {
      auto [hr, r] = query(d, Feature::D3D11_OPTIONS, om::driver::FeatureDataD3d11Options{});
      return py::make_tuple(
          hr_value(hr),
          py::make_tuple(r.output_merger_logic_op, r.uav_only_rendering_forced_sample_count,
                         r.discard_apis_seen_by_driver, r.flags_for_update_and_copy_seen_by_driver,
                         r.clear_view, r.copy_with_overlap, r.constant_buffer_partial_update,
                         r.constant_buffer_offsetting,
                         r.map_no_overwrite_on_dynamic_constant_buffer,
                         r.map_no_overwrite_on_dynamic_buffer_srv,
                         r.multisample_rtv_with_forced_sample_count_one, r.sad4_shader_instructions,
                         r.extended_doubles_shader_instructions, r.extended_resource_sharing));
    }
    case Feature::D3D9_OPTIONS: {
      auto [hr, r] = query(d, Feature::D3D9_OPTIONS, om::driver::FeatureDataD3d9Options{});
      return py::make_tuple(hr_value(hr), py::make_tuple(r.full_non_pow2_texture_support));
    }
    case Feature::D3D9_SHADOW_SUPPORT: {
      auto [hr, r] =
          query(d, Feature::D3D9_SHADOW_SUPPORT, om::driver::FeatureDataD3d9ShadowSupport{});
      return py::make_tuple(
          hr_value(hr),
          py::make_tuple(r.supports_depth_as_texture_with_less_equal_comparison_filter));
    }
    case Feature::D3D9_SIMPLE_INSTANCING_SUPPORT: {
      auto [hr, r] = query(d, Feature::D3D9_SIMPLE_INSTANCING_SUPPORT,
                           om::driver::FeatureDataD3d9SimpleInstancingSupport{});
      return py::make_tuple(hr_value(hr), py::make_tuple(r.simple_instancing_supported));
    }
    case Feature::D3D9_OPTIONS1: {
      auto [hr, r] = query(d, Feature::D3D9_OPTIONS1, om::driver::FeatureDataD3d9Options1{});
      return py::make_tuple(
          hr_value(hr),
          py::make_tuple(r.full_non_pow2_texture_supported,
                         r.depth_as_texture_with_less_equal_comparison_filter_supported,
                         r.simple_instancing_supported,
                         r.texture_cube_face_render_target_with_non_cube_depth_stencil_supported));
    }
  }
  // Not a feature this device answers: the driver says so (E_INVALIDARG).
  uint32_t scratch = 0;
  const om::Hresult hr =
      d.check_feature_support(static_cast<Feature>(feature), &scratch, sizeof(scratch));
  return py::make_tuple(hr_value(hr), py::tuple());
}

void bind_caps(DeviceClass& cls) {
  cls.def(
         "caps",
         [](DeviceHandle& h) {
           Lock lock(h.mu);
           return caps_dict(h.dev().caps());
         },
         "Everything decoded from the capability registers at create(), as a dict of the fields "
         "of om::ref::Caps (nested dicts for om, d3d9_options1, d3d9).")
      .def_property_readonly(
          "feature_level",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            return static_cast<uint32_t>(h.dev().feature_level());
          },
          "D3D_FEATURE_LEVEL value read from CAP_FL.")
      .def("check_feature_support", &check_feature_support, py::arg("feature"),
           py::arg("in_format") = 0u,
           "CheckFeatureSupport(feature): (hr, the structure's members as ints, in D3D order). "
           "in_format is the DXGI_FORMAT of FORMAT_SUPPORT(2).")
      .def(
          "get_device_caps9",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            om::driver::D3dCaps9 c;
            const om::Hresult hr = h.dev().get_device_caps9(&c);
            return py::make_tuple(hr_value(hr),
                                  py::make_tuple(c.num_simultaneous_rts, c.primitive_misc_caps,
                                                 c.src_blend_caps, c.dest_blend_caps));
          },
          "IDirect3DDevice9::GetDeviceCaps: (hr, (NumSimultaneousRTs, PrimitiveMiscCaps, "
          "SrcBlendCaps, DestBlendCaps)).");
}

void bind_blend_states(DeviceClass& cls) {
  cls.def(
         "create_blend_state1",
         [](DeviceHandle& h, const std::optional<DescTuple>& desc, bool want_object) {
           std::optional<om::ref::BlendDesc> d;
           if (desc) d = desc_from(*desc);
           Lock lock(h.mu);
           om::driver::BlendState s = om::ref::kNullBlendState;
           const om::Hresult hr =
               h.dev().create_blend_state1(d ? &*d : nullptr, want_object ? &s : nullptr);
           return py::make_tuple(hr_value(hr), s);
         },
         py::arg("desc"), py::arg("want_object"),
         "CreateBlendState1: (hr, handle). desc None = a NULL description; want_object False = "
         "ppBlendState NULL (S_FALSE for a valid description, nothing created).")
      .def(
          "add_ref",
          [](DeviceHandle& h, uint32_t handle) {
            Lock lock(h.mu);
            uint32_t n = 0;
            const om::Hresult hr = h.dev().add_ref(handle, &n);
            return py::make_tuple(hr_value(hr), n);
          },
          py::arg("handle"), "IUnknown::AddRef: (hr, new reference count).")
      .def(
          "release",
          [](DeviceHandle& h, uint32_t handle) {
            Lock lock(h.mu);
            uint32_t n = 0;
            const om::Hresult hr = h.dev().release(handle, &n);
            return py::make_tuple(hr_value(hr), n);
          },
          py::arg("handle"), "IUnknown::Release: (hr, remaining reference count).")
      .def(
          "get_desc1",
          [](DeviceHandle& h, uint32_t handle) -> py::tuple {
            Lock lock(h.mu);
            om::ref::BlendDesc d;
            const om::Hresult hr = h.dev().get_desc1(handle, &d);
            if (om::driver::failed(hr)) return py::make_tuple(hr_value(hr), py::none());
            return py::make_tuple(hr_value(hr), py::cast(desc_to(d)));
          },
          py::arg("handle"), "ID3D11BlendState1::GetDesc1: (hr, normalised description or None).")
      .def_property_readonly(
          "live_blend_states",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            return h.dev().live_blend_states();
          },
          "Unique live blend-state objects.");
}

void bind_om_state(DeviceClass& cls) {
  cls.def(
         "set_blend_state",
         [](DeviceHandle& h, uint32_t handle,
            const std::optional<std::array<uint32_t, 4>>& blend_factor, uint32_t sample_mask) {
           Lock lock(h.mu);
           return hr_value(h.dev().set_blend_state(handle, blend_factor ? &*blend_factor : nullptr,
                                                   sample_mask));
         },
         py::arg("handle"), py::arg("blend_factor"), py::arg("sample_mask"),
         "OMSetBlendState: handle 0 = default state; blend_factor None = (1, 1, 1, 1) (binary32 "
         "bits).")
      .def(
          "set_render_targets",
          [](DeviceHandle& h, const std::vector<std::optional<ViewTuple>>& views,
             const std::optional<DsvTuple>& dsv) {
            std::vector<om::driver::RenderTargetView> v(views.size());
            for (size_t i = 0; i < views.size(); ++i) {
              if (!views[i]) {
                v[i].format = om::driver::kNoView;
                continue;
              }
              const ViewTuple& t = *views[i];
              v[i].format = static_cast<om::Format>(std::get<0>(t));
              v[i].width = std::get<1>(t);
              v[i].height = std::get<2>(t);
              v[i].array_size = std::get<3>(t);
              v[i].sample_count = std::get<4>(t);
              v[i].type = static_cast<om::ref::ResourceType>(std::get<5>(t));
              v[i].cube = std::get<6>(t);
            }
            om::driver::DepthStencilView ds;
            if (dsv) {
              std::tie(ds.width, ds.height, ds.array_size, ds.sample_count, std::ignore, ds.cube) =
                  *dsv;
              ds.type = static_cast<om::ref::ResourceType>(std::get<4>(*dsv));
            }
            Lock lock(h.mu);
            return hr_value(h.dev().set_render_targets(static_cast<uint32_t>(v.size()), v.data(),
                                                       dsv ? &ds : nullptr));
          },
          py::arg("views"), py::arg("dsv"),
          "OMSetRenderTargets(len(views), views, dsv): a view is (format, width, height, "
          "array_size, sample_count, resource type, cube) or None; dsv (width, height, "
          "array_size, sample_count, resource type, cube) or None.")
      .def(
          "set_ps_outputs",
          [](DeviceHandle& h, const std::vector<PsTuple>& outputs) {
            if (outputs.size() != static_cast<size_t>(om::ref::kMaxRts)) {
              throw py::value_error("outputs: expected 8 entries, got " +
                                    std::to_string(outputs.size()));
            }
            std::array<om::driver::PsOutputDesc, om::ref::kMaxRts> o{};
            for (int i = 0; i < om::ref::kMaxRts; ++i) {
              uint32_t type = 0;
              std::tie(o[i].declared, type, o[i].written_mask, o[i].value_bits) = outputs[i];
              o[i].type = static_cast<om::ref::PsOutputType>(type);
            }
            Lock lock(h.mu);
            return hr_value(h.dev().set_ps_outputs(o));
          },
          py::arg("outputs"),
          "The PS output signature: 8 x (declared, component type, written mask, value bits).")
      .def(
          "set_d3d9_mode",
          [](DeviceHandle& h, bool enable) {
            Lock lock(h.mu);
            return hr_value(h.dev().set_d3d9_mode(enable));
          },
          py::arg("enable"), "Select the D3D9 personality (docs/behaviour.md §1.2).")
      .def(
          "set_alpha_test",
          [](DeviceHandle& h, bool enable, uint32_t func, uint32_t alpha_ref) {
            Lock lock(h.mu);
            return hr_value(
                h.dev().set_alpha_test(enable, static_cast<om::CmpFunc>(func), alpha_ref));
          },
          py::arg("enable"), py::arg("func"), py::arg("alpha_ref"),
          "D3DRS_ALPHATESTENABLE / ALPHAFUNC / ALPHAREF.")
      .def(
          "set_fog",
          [](DeviceHandle& h, bool enable, const std::array<uint32_t, 3>& color) {
            Lock lock(h.mu);
            return hr_value(h.dev().set_fog(enable, color));
          },
          py::arg("enable"), py::arg("color"), "D3DRS_FOGENABLE / FOGCOLOR (binary32 R, G, B).")
      .def(
          "set_color_write_enable",
          [](DeviceHandle& h, uint32_t index, uint32_t mask) {
            Lock lock(h.mu);
            return hr_value(h.dev().set_color_write_enable(index, mask));
          },
          py::arg("index"), py::arg("mask"), "D3DRS_COLORWRITEENABLE{,1,2,3}.");
}

}  // namespace

void bind_state(DeviceClass& cls) {
  bind_caps(cls);
  bind_blend_states(cls);
  bind_om_state(cls);
}

}  // namespace omsim_device
