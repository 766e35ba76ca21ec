// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/coverage.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "om/cosim/cov_sample.h"
#include "om/cosim/output_policy.h"

namespace om::cosim {
namespace {

constexpr uint32_t kRgbFactors[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19};
constexpr uint32_t kAlphaFactors[] = {1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19};
constexpr FormatClass kBlendClasses[] = {FormatClass::UNORM, FormatClass::UNORM_SRGB,
                                         FormatClass::SNORM, FormatClass::FLOAT};
constexpr const char* kFileFormat = "omsim-coverage/1";

// Table index of (factor or op 0..31, op 0..7, class 0..7).
size_t cross(uint32_t a, uint32_t b, uint32_t c) {
  return ((a & 31u) * 8 + (b & 7u)) * 8 + (c & 7u);
}

std::string group_of(const std::string& name) { return name.substr(0, name.find('/')); }

}  // namespace

Coverage::Id Coverage::add(const std::string& name, bool in_universe) {
  index_.emplace(name, static_cast<Id>(names_.size()));
  names_.push_back(name);
  hits_.push_back(0);
  universe_.push_back(in_universe);
  return static_cast<Id>(names_.size() - 1);
}

Coverage::Coverage(int cfg_index) {
  if (cfg_index < 0 || cfg_index >= kNumConfigs) {
    throw std::out_of_range("Coverage: configuration index " + std::to_string(cfg_index));
  }
  const ConfigInfo& cfg = kConfigs[cfg_index];
  const int fl = cfg.fl_index;
  const bool fl10 = fl >= 3;
  auto rt_at_fl = [&](const FormatInfo& f) { return ((f.rt_fl_mask >> fl) & 1u) != 0; };
  auto class_blendable = [&](FormatClass c) {
    for (const FormatInfo& f : kFormatInfo) {
      if (f.cls == c && rt_at_fl(f) && ((f.blend_fl_mask >> fl) & 1u)) return true;
    }
    return false;
  };
  auto factor_ok = [&](uint32_t f) { return fl10 || (f != 7 && (f < 16 || f > 19)); };

  rgb_.assign(32 * 8 * 8, kNone);
  alpha_.assign(32 * 8 * 8, kNone);
  minmax_.assign(32 * 8 * 8, kNone);
  logic_.assign(16 * 256, kNone);
  format_.assign(256, kNone);
  for (FormatClass c : kBlendClasses) {
    const uint32_t ci = static_cast<uint32_t>(c);
    const bool cls_ok = class_blendable(c);
    for (uint32_t op = 1; op <= 3; ++op) {
      const std::string tail =
          std::string("/") + to_string(static_cast<BlendOp>(op)) + "/" + to_string(c);
      for (uint32_t f : kRgbFactors) {
        rgb_[cross(f, op, ci)] =
            add(std::string("blend_rgb/") + to_string(static_cast<Blend>(f)) + tail,
                cls_ok && factor_ok(f));
      }
      for (uint32_t f : kAlphaFactors) {
        alpha_[cross(f, op, ci)] =
            add(std::string("blend_alpha/") + to_string(static_cast<Blend>(f)) + tail,
                cls_ok && factor_ok(f));
      }
    }
    for (uint32_t op = 4; op <= 5; ++op) {
      for (uint32_t a = 0; a < 2; ++a) {
        minmax_[cross(op, a, ci)] =
            add(std::string("blend_minmax/") + (a ? "alpha/" : "rgb/") +
                    to_string(static_cast<BlendOp>(op)) + "/" + to_string(c),
                cls_ok);
      }
    }
  }
  for (const FormatInfo& f : kFormatInfo) {
    if (f.cls != FormatClass::UINT) continue;
    for (uint32_t l = 0; l < 16; ++l) {
      logic_[l * 256 + static_cast<uint32_t>(f.format)] =
          add(std::string("logic_uint/") + to_string(static_cast<LogicOp>(l)) + "/" + f.name,
              cfg.logic_op && rt_at_fl(f));
    }
  }
  for (const FormatInfo& f : kFormatInfo) {
    format_[static_cast<uint32_t>(f.format)] = add(std::string("format/") + f.name, rt_at_fl(f));
  }
  for (uint32_t m = 0; m < 16; ++m) {
    mask_[m] = m == 0 ? kNone : add("write_mask/0x" + std::string(1, "0123456789ABCDEF"[m]), true);
  }
  for (int n = 0; n < 16; ++n) {
    rt_count_[n] =
        (n == 0 || n > 8) ? kNone : add("rt_count/" + std::to_string(n), n <= cfg.max_rts);
  }
  for (const char* b : {"reuse_d1", "reuse_d2_3", "reuse_d4_7", "reuse_d8_15", "stall_observed"}) {
    add(std::string("hazard/") + b, true);
  }
  for (const char* b :
       {"mem_rd", "mem_wr", "mem_rd_and_wr", "input_backpressure", "state_write_held",
        "reads_outstanding_16", "latency_1", "latency_2_7", "latency_8_15", "latency_16_plus"}) {
    add(std::string("stall/") + b, true);
  }
  for (int b = 0; b < kNumBusBins; ++b) add(bus_bin_name(static_cast<BusBin>(b)), true);
  add("pixel/clear", true);
  add("pixel/killed_coverage", true);
  add("pixel/killed_sample_mask", true);
  add("pixel/killed_a2c", fl10);
  add("pixel/killed_alpha_test", true);
  add("pixel/alpha_equals_ref", true);  // the alpha-test comparison's boundary
  add("pixel/a2c_at_half", fl10);       // alpha-to-coverage's boundary: a + 0.5 = 1
  add("pixel/fog", true);
  add("pixel/dual_source", fl10);
  add("pixel/independent_blend", true);
  add("pixel/out_of_bounds", true);
  add("pixel/logic_op_non_uint", cfg.logic_op);
  add("pixel/blend_on_integer", true);
  add("pixel/illegal_state", true);
  for (uint32_t f = 1; f <= 8; ++f) {
    add(std::string("alpha_func/") + to_string(static_cast<CmpFunc>(f)), true);
  }
  // Depth/stencil: DepthFunc x depth format (a format counts where it is a depth-stencil target at
  // the feature level: D16 and D24S8 only below 10_0), stencil op x outcome x face.
  ds_func_.assign(16 * kNumDsFormats, kNone);
  for (uint32_t fn = 1; fn <= 8; ++fn) {
    for (int i = 0; i < kNumDsFormats; ++i) {
      const DsFormatInfo& f = kDsFormatInfo[i];
      ds_func_[fn * kNumDsFormats + i] =
          add(std::string("ds_func/") + to_string(static_cast<CmpFunc>(fn)) + "/" + f.name,
              ((f.ds_fl_mask >> fl) & 1u) != 0);
    }
  }
  static constexpr const char* kOutcomes[] = {"stencil_fail", "depth_fail", "pass"};
  ds_stencil_.assign(16 * 3 * 2, kNone);
  for (uint32_t op = 1; op <= 8; ++op) {
    for (uint32_t o = 0; o < 3; ++o) {
      for (uint32_t front = 0; front < 2; ++front) {
        ds_stencil_[(op * 3 + o) * 2 + front] =
            add(std::string("ds_stencil/") + to_string(static_cast<StencilOp>(op)) + "/" +
                    kOutcomes[o] + (front ? "/front" : "/back"),
                true);
      }
    }
  }
  // Multisampling: the sample counts the configuration supports x the class of a pixel's covered
  // samples (one sample is never partial); alpha-to-coverage's k for each count (from 10_0).
  static constexpr const char* kClasses[] = {"none", "partial", "full"};
  ms_pattern_.assign(4 * 3, kNone);
  a2c_step_.assign(4 * 9, kNone);
  for (uint32_t sc = 0; sc < 4; ++sc) {
    const uint32_t n = 1u << sc;
    const std::string count = std::to_string(n) + "x";
    for (uint32_t c = 0; c < 3; ++c) {
      ms_pattern_[sc * 3 + c] = add("ms_count_pattern/" + count + "/" + kClasses[c],
                                    n <= cfg.samples && !(n == 1 && c == 1));
    }
    for (uint32_t k = 0; k <= n; ++k) {
      a2c_step_[sc * 9 + k] =
          add("a2c_step/" + count + "/k" + std::to_string(k), fl10 && n <= cfg.samples);
    }
  }
}

Coverage::Id Coverage::ds_func(uint32_t func, const DsFormatInfo& f) const {
  if (ds_func_.empty() || func > 15) return kNone;
  return ds_func_[func * kNumDsFormats + static_cast<uint32_t>(&f - kDsFormatInfo)];
}
Coverage::Id Coverage::ds_stencil(uint32_t op, ref::DsOutcome outcome, bool front) const {
  if (ds_stencil_.empty() || op > 15) return kNone;
  return ds_stencil_[(op * 3 + static_cast<uint32_t>(outcome)) * 2 + (front ? 1 : 0)];
}

Coverage::Id Coverage::ms_count_pattern(uint32_t sample_count, uint32_t cls) const {
  if (ms_pattern_.empty() || sample_count > 3 || cls > 2) return kNone;
  return ms_pattern_[sample_count * 3 + cls];
}
Coverage::Id Coverage::a2c_step(uint32_t sample_count, uint32_t k) const {
  if (a2c_step_.empty() || sample_count > 3 || k > (1u << sample_count)) return kNone;
  return a2c_step_[sample_count * 9 + k];
}

Coverage::Id Coverage::blend_rgb(uint32_t factor, uint32_t op, FormatClass cls) const {
  if (rgb_.empty() || factor > 31 || op > 7) return kNone;
  return rgb_[cross(factor, op, static_cast<uint32_t>(cls))];
}
Coverage::Id Coverage::blend_alpha(uint32_t factor, uint32_t op, FormatClass cls) const {
  if (alpha_.empty() || factor > 31 || op > 7) return kNone;
  return alpha_[cross(factor, op, static_cast<uint32_t>(cls))];
}
Coverage::Id Coverage::blend_minmax(uint32_t op, FormatClass cls, bool alpha) const {
  if (minmax_.empty() || op > 7) return kNone;
  return minmax_[cross(op, alpha ? 1 : 0, static_cast<uint32_t>(cls))];
}
Coverage::Id Coverage::logic_uint(uint32_t logic_op, Format f) const {
  if (logic_.empty() || logic_op > 15) return kNone;
  return logic_[logic_op * 256 + (static_cast<uint32_t>(f) & 255u)];
}
Coverage::Id Coverage::format(Format f) const {
  return format_.empty() ? kNone : format_[static_cast<uint32_t>(f) & 255u];
}

Coverage::Id Coverage::id(const std::string& name) const {
  auto it = index_.find(name);
  if (it == index_.end()) throw std::out_of_range("coverage: no bin named " + name);
  return it->second;
}

size_t Coverage::universe_size() const {
  return static_cast<size_t>(std::count(universe_.begin(), universe_.end(), true));
}

size_t Coverage::covered() const {
  size_t n = 0;
  for (size_t i = 0; i < names_.size(); ++i) n += (universe_[i] && hits_[i] > 0) ? 1 : 0;
  return n;
}

double Coverage::percent() const {
  const size_t u = universe_size();
  return u == 0 ? 100.0 : 100.0 * static_cast<double>(covered()) / static_cast<double>(u);
}

std::vector<std::string> Coverage::holes() const {
  std::vector<std::string> h;
  for (size_t i = 0; i < names_.size(); ++i) {
    if (universe_[i] && hits_[i] == 0) h.push_back(names_[i]);
  }
  return h;
}

std::string Coverage::summary() const {
  std::map<std::string, std::pair<size_t, size_t>> g;  // group -> (covered, universe)
  for (size_t i = 0; i < names_.size(); ++i) {
    if (!universe_[i]) continue;
    auto& e = g[group_of(names_[i])];
    e.second += 1;
    e.first += hits_[i] > 0 ? 1 : 0;
  }
  std::ostringstream os;
  for (const auto& kv : g) {
    os << "  " << kv.first << ": " << kv.second.first << "/" << kv.second.second << "\n";
  }
  return os.str();
}

void Coverage::merge(const Coverage& o) {
  if (&o == this) {
    // From a copy: the loops below read `o` while they grow this object, and a vector's range
    // insert from itself is undefined.
    merge(Coverage(o));
    return;
  }
  // Checked before anything changes, so a failed merge leaves this coverage as it was.
  for (size_t i = 0; i < o.names_.size(); ++i) {
    const auto it = index_.find(o.names_[i]);
    if (it != index_.end() && hits_[it->second] > UINT64_MAX - o.hits_[i]) {
      throw std::overflow_error("coverage: bin " + o.names_[i] + ": merged hit count " +
                                std::to_string(hits_[it->second]) + " + " +
                                std::to_string(o.hits_[i]) + " does not fit 64 bits");
    }
  }
  if (names_.empty() && !o.names_.empty()) {
    const std::vector<Run> runs = runs_;
    *this = o;
    runs_.insert(runs_.begin(), runs.begin(), runs.end());
    return;
  }
  for (size_t i = 0; i < o.names_.size(); ++i) {
    auto it = index_.find(o.names_[i]);
    if (it == index_.end()) {
      add(o.names_[i], o.universe_[i]);
      hits_.back() = o.hits_[i];
      continue;
    }
    hits_[it->second] += o.hits_[i];
    universe_[it->second] = universe_[it->second] || o.universe_[i];
  }
  runs_.insert(runs_.end(), o.runs_.begin(), o.runs_.end());
}

std::string Coverage::to_json() const {
  nlohmann::ordered_json j;
  j["format"] = kFileFormat;
  j["coverage_percent"] = percent();
  j["covered"] = covered();
  j["universe"] = universe_size();
  j["runs"] = nlohmann::ordered_json::array();
  for (const Run& r : runs_) {
    j["runs"].push_back({{"config", r.config}, {"seed", r.seed}, {"cycles", r.cycles}});
  }
  nlohmann::ordered_json bins = nlohmann::ordered_json::object();
  for (size_t i = 0; i < names_.size(); ++i) {
    bins[names_[i]] = {{"hits", hits_[i]}, {"universe", static_cast<bool>(universe_[i])}};
  }
  j["bins"] = bins;
  j["holes"] = holes();
  return j.dump(1) + "\n";
}

namespace {

// A count of a coverage file: a whole number >= 0 (nlohmann would turn -1 into 2^64 - 1).
uint64_t count_of(const nlohmann::json& v, const std::string& what) {
  if (!v.is_number_unsigned()) {
    throw std::invalid_argument("coverage: " + what + ": " + v.dump() +
                                " is not a whole number >= 0");
  }
  return v.get<uint64_t>();
}

}  // namespace

Coverage Coverage::from_json(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("coverage: not JSON: ") + e.what());
  }
  // Compared as JSON: json::value("format", "") throws type_error when "format" is not a string.
  if (!j.is_object() || !j.contains("format") || j["format"] != kFileFormat ||
      !j.contains("bins")) {
    throw std::invalid_argument(std::string("coverage: not an ") + kFileFormat + " file");
  }
  Coverage c;
  try {
    for (const auto& r : j.at("runs")) {
      c.runs_.push_back(Run{r.at("config").get<std::string>(), count_of(r.at("seed"), "run seed"),
                            count_of(r.at("cycles"), "run cycles")});
    }
    for (const auto& kv : j.at("bins").items()) {
      if (c.index_.count(kv.key()) != 0) {
        throw std::invalid_argument("coverage: bin " + kv.key() + " appears twice");
      }
      c.add(kv.key(), kv.value().at("universe").get<bool>());
      c.hits_.back() = count_of(kv.value().at("hits"), "bin " + kv.key() + " hits");
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("coverage: malformed file: ") + e.what());
  }
  return c;
}

Coverage Coverage::read_file(const std::string& path) {
  const std::string text = read_input_file(path);
  try {
    return from_json(text);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

void Coverage::write_file(const std::string& path) const {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("coverage: cannot write " + path);
  out << to_json();
  if (!out) throw std::runtime_error("coverage: write failed: " + path);
}

}  // namespace om::cosim
