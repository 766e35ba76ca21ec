// SPDX-License-Identifier: Apache-2.0
// `omsim caps --config NAME --backend NAME [--json]`: the D3D capability values of one output
// merger as the host driver reads them over the register bus (check_feature_support,
// get_device_caps9), as a table or as JSON.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "subcommand.h"

namespace om::cli {
namespace {

using driver::Device;
using driver::Feature;

struct CapsReport {
  std::string config;
  FeatureLevel fl = FeatureLevel::FL_9_1;
  driver::FeatureDataD3d9Options1 options1;
  driver::FeatureDataD3d11Options options;
  driver::D3dCaps9 caps9;
  struct Fmt {
    const char* name;
    std::vector<const char*> flags;
  };
  std::vector<Fmt> formats;
};

constexpr const char* kDefaultBackend = "model";

// The registered backends, comma-separated (the help and the unknown-backend error).
std::string backend_list() {
  std::string known;
  for (const std::string& n : driver::backend_names()) known += (known.empty() ? "" : ", ") + n;
  return known;
}

std::string help() {
  return std::string(
             "usage: omsim caps [--config NAME] [--backend NAME] [--json]\n"
             "  Prints the D3D capabilities the host driver reads over the register bus.\n"
             "  --config   ") +
         kConfigNames + " (default " + kConfigs[kDefaultConfig].name +
         ")\n"
         "  --backend  " +
         backend_list() + " (default " + kDefaultBackend +
         ")\n"
         "  --json     JSON instead of a table\n";
}

void check(Hresult hr, Device& d, const char* what) {
  if (driver::failed(hr)) {
    throw std::runtime_error(std::string(what) + " failed: " + to_string(hr) + " " +
                             d.last_error());
  }
}

CapsReport query(Device& d, const std::string& config) {
  CapsReport r;
  r.config = config;
  r.fl = d.feature_level();
  check(d.check_feature_support(Feature::D3D9_OPTIONS1, &r.options1, sizeof r.options1), d,
        "CheckFeatureSupport(D3D9_OPTIONS1)");
  check(d.check_feature_support(Feature::D3D11_OPTIONS, &r.options, sizeof r.options), d,
        "CheckFeatureSupport(D3D11_OPTIONS)");
  check(d.get_device_caps9(&r.caps9), d, "GetDeviceCaps");
  for (const FormatInfo& f : kFormatInfo) {
    driver::FeatureDataFormatSupport fs;
    driver::FeatureDataFormatSupport2 fs2;
    fs.in_format = fs2.in_format = static_cast<uint32_t>(f.format);
    check(d.check_feature_support(Feature::FORMAT_SUPPORT, &fs, sizeof fs), d,
          "CheckFeatureSupport(FORMAT_SUPPORT)");
    check(d.check_feature_support(Feature::FORMAT_SUPPORT2, &fs2, sizeof fs2), d,
          "CheckFeatureSupport(FORMAT_SUPPORT2)");
    CapsReport::Fmt e{f.name, {}};
    for (FormatSupport bit : {FormatSupport::RENDER_TARGET, FormatSupport::BLENDABLE,
                              FormatSupport::MULTISAMPLE_RENDERTARGET}) {
      if (fs.out_format_support & static_cast<uint32_t>(bit)) e.flags.push_back(to_string(bit));
    }
    if (fs2.out_format_support2 & static_cast<uint32_t>(FormatSupport2::OUTPUT_MERGER_LOGIC_OP)) {
      e.flags.push_back(to_string(FormatSupport2::OUTPUT_MERGER_LOGIC_OP));
    }
    r.formats.push_back(e);
  }
  return r;
}

const char* tf(uint32_t b) { return b != 0 ? "true" : "false"; }

void print_json(const CapsReport& r) {
  std::printf("{\n");
  std::printf("  \"config\": \"%s\",\n", r.config.c_str());
  std::printf("  \"feature_level\": \"%s\",\n", to_string(r.fl));
  const driver::FeatureDataD3d9Options1& o = r.options1;
  std::printf("  \"D3D11_FEATURE_D3D9_OPTIONS1\": {\n");
  std::printf("    \"FullNonPow2TextureSupported\": %s,\n", tf(o.full_non_pow2_texture_supported));
  std::printf("    \"DepthAsTextureWithLessEqualComparisonFilterSupported\": %s,\n",
              tf(o.depth_as_texture_with_less_equal_comparison_filter_supported));
  std::printf("    \"SimpleInstancingSupported\": %s,\n", tf(o.simple_instancing_supported));
  std::printf("    \"TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported\": %s\n",
              tf(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported));
  std::printf("  },\n");
  std::printf("  \"D3D11_FEATURE_D3D11_OPTIONS\": {\n");
  std::printf("    \"OutputMergerLogicOp\": %s\n", tf(r.options.output_merger_logic_op));
  std::printf("  },\n");
  std::printf("  \"D3DCAPS9\": {\n");
  std::printf("    \"NumSimultaneousRTs\": %u,\n", r.caps9.num_simultaneous_rts);
  std::printf("    \"PrimitiveMiscCaps\": %u,\n", r.caps9.primitive_misc_caps);
  std::printf("    \"SrcBlendCaps\": %u,\n", r.caps9.src_blend_caps);
  std::printf("    \"DestBlendCaps\": %u\n", r.caps9.dest_blend_caps);
  std::printf("  },\n");
  std::printf("  \"formats\": {\n");
  for (size_t i = 0; i < r.formats.size(); ++i) {
    std::printf("    \"%s\": [", r.formats[i].name);
    for (size_t k = 0; k < r.formats[i].flags.size(); ++k) {
      std::printf("%s\"%s\"", k ? ", " : "", r.formats[i].flags[k]);
    }
    std::printf("]%s\n", i + 1 < r.formats.size() ? "," : "");
  }
  std::printf("  }\n}\n");
}

std::string bits(uint32_t v, const std::vector<std::pair<uint32_t, const char*>>& names) {
  std::string s;
  for (const auto& [bit, name] : names) {
    if (v & bit) s += std::string(s.empty() ? "" : " | ") + name;
  }
  return s.empty() ? "0" : s;
}

void print_table(const CapsReport& r, const std::string& backend) {
  std::printf("Output merger capabilities: configuration %s, feature level %s, backend %s\n\n",
              r.config.c_str(), to_string(r.fl), backend.c_str());
  const driver::FeatureDataD3d9Options1& o = r.options1;
  std::printf("D3D11_FEATURE_D3D9_OPTIONS1\n");
  std::printf("  %-62s %s\n", "FullNonPow2TextureSupported", tf(o.full_non_pow2_texture_supported));
  std::printf("  %-62s %s\n", "DepthAsTextureWithLessEqualComparisonFilterSupported",
              tf(o.depth_as_texture_with_less_equal_comparison_filter_supported));
  std::printf("  %-62s %s\n", "SimpleInstancingSupported", tf(o.simple_instancing_supported));
  std::printf("  %-62s %s\n", "TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported",
              tf(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported));
  std::printf("D3D11_FEATURE_D3D11_OPTIONS\n  %-62s %s\n", "OutputMergerLogicOp",
              tf(r.options.output_merger_logic_op));
  std::vector<std::pair<uint32_t, const char*>> pmisc, pblend;
  for (uint32_t bit = 1; bit != 0; bit <<= 1) {
    if (is_valid_pmisc(bit)) pmisc.emplace_back(bit, to_string(static_cast<PMiscCaps>(bit)));
    if (is_valid_pblend(bit)) pblend.emplace_back(bit, to_string(static_cast<PBlendCaps>(bit)));
  }
  std::printf("D3DCAPS9\n  %-18s %u\n", "NumSimultaneousRTs", r.caps9.num_simultaneous_rts);
  std::printf("  %-18s 0x%08X  %s\n", "PrimitiveMiscCaps", r.caps9.primitive_misc_caps,
              bits(r.caps9.primitive_misc_caps, pmisc).c_str());
  std::printf("  %-18s 0x%04X  %s\n", "SrcBlendCaps", r.caps9.src_blend_caps,
              bits(r.caps9.src_blend_caps, pblend).c_str());
  std::printf("  %-18s 0x%04X  %s\n", "DestBlendCaps", r.caps9.dest_blend_caps,
              bits(r.caps9.dest_blend_caps, pblend).c_str());
  std::printf("\n%-24s %-3s %-5s %-5s\n", "Format", "RT", "Blend", "Logic");
  for (const CapsReport::Fmt& f : r.formats) {
    bool rt = false, blend = false, logic = false;
    for (const char* flag : f.flags) {
      rt = rt || std::string(flag) == "RENDER_TARGET";
      blend = blend || std::string(flag) == "BLENDABLE";
      logic = logic || std::string(flag) == "OUTPUT_MERGER_LOGIC_OP";
    }
    std::printf("%-24s %-3s %-5s %-5s\n", f.name, rt ? "yes" : "-", blend ? "yes" : "-",
                logic ? "yes" : "-");
  }
}

int run_caps(const std::vector<std::string>& args) {
  driver::register_builtin_backends();
  std::string config = kConfigs[kDefaultConfig].name;
  std::string backend = kDefaultBackend;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError{a + " needs a value"};
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      std::printf("%s", help().c_str());
      return kExitOk;
    } else if (a == "--config") {
      config = value();
    } else if (a == "--backend") {
      backend = value();
    } else if (a == "--json") {
      json = true;
    } else {
      throw UsageError{"unknown option '" + a + "'\n" + help()};
    }
  }
  const int cfg = driver::find_config(config);
  if (cfg < 0) {
    throw UsageError{"unknown configuration '" + config + "' (known: " + kConfigNames + ")"};
  }
  const std::vector<std::string> names = driver::backend_names();
  if (std::find(names.begin(), names.end(), backend) == names.end()) {
    throw UsageError{"unknown backend '" + backend + "' (known: " + backend_list() + ")"};
  }
  driver::BackendOptions opts;
  opts.config = cfg;
  std::unique_ptr<driver::Backend> be = driver::make_backend(backend, opts);
  std::unique_ptr<Device> dev;
  const Hresult hr = Device::create(&be->bus(), be->pixels(), &dev);
  if (driver::failed(hr)) {
    throw std::runtime_error(std::string("device creation failed: ") + to_string(hr));
  }
  const CapsReport r = query(*dev, config);
  if (json) {
    print_json(r);
  } else {
    print_table(r, backend);
  }
  return kExitOk;
}

const SubcommandRegistrar kCaps({"caps", "D3D capability values read over the register bus",
                                 run_caps});

}  // namespace
}  // namespace om::cli
