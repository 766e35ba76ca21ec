// SPDX-License-Identifier: Apache-2.0
// Functional coverage of a co-simulation run: named bins in groups (blend factor x op x format
// class, logic op x UINT format, RT counts, write masks, hazards, stall kinds, bus accesses and
// errors, pixel features). Each configuration declares the bins it can reach (its universe); hits
// outside it are kept but do not count. Runs merge by adding hits and uniting universes, so the
// JSON files of many runs (any configurations) combine into one report.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/depth_stencil.h"

namespace om::cosim {

class Coverage {
 public:
  using Id = uint32_t;

  /// No bins (the neutral element of merge()).
  Coverage() = default;
  /// Every bin, with the universe of configuration `cfg_index`.
  explicit Coverage(int cfg_index);

  // Ids of the bins (hot path: the samplers index these tables).
  Id blend_rgb(uint32_t factor, uint32_t op, FormatClass cls) const;    // op ADD..REV_SUBTRACT
  Id blend_alpha(uint32_t factor, uint32_t op, FormatClass cls) const;  // op ADD..REV_SUBTRACT
  Id blend_minmax(uint32_t op, FormatClass cls, bool alpha) const;      // op MIN / MAX
  Id logic_uint(uint32_t logic_op, Format f) const;                     // UINT formats only
  Id write_mask(uint32_t mask) const { return mask_[mask & 15u]; }
  Id rt_count(int n) const { return rt_count_[n & 15]; }
  Id format(Format f) const;
  /// Depth test: DepthFunc 1..8 on a depth format (kNone otherwise).
  Id ds_func(uint32_t func, const DsFormatInfo& f) const;
  /// Stencil: the op 1..8 a tested sample took, by outcome and face (kNone otherwise).
  Id ds_stencil(uint32_t op, ref::DsOutcome outcome, bool front) const;
  /// Multisampling: sample count 2^sample_count (0..3) x the class of a pixel's covered samples,
  /// 0 none, 1 partial, 2 full (kNone beyond).
  Id ms_count_pattern(uint32_t sample_count, uint32_t cls) const;
  /// Alpha-to-coverage: sample count 2^sample_count x k = samples covered, 0..n (kNone beyond).
  Id a2c_step(uint32_t sample_count, uint32_t k) const;
  /// A bin by its full name ("group/bin"); throws std::out_of_range when there is none.
  Id id(const std::string& name) const;
  /// Id or kNone when the combination has no bin (e.g. an illegal factor encoding).
  static constexpr Id kNone = 0xFFFFFFFFu;

  void hit(Id id, uint64_t n = 1) {
    if (id != kNone) hits_[id] += n;
  }

  uint64_t hits(const std::string& name) const { return hits_[id(name)]; }
  size_t universe_size() const;
  size_t covered() const;
  /// covered / universe in percent (100 when the universe is empty).
  double percent() const;
  /// Names of the universe's bins without a hit.
  std::vector<std::string> holes() const;
  /// Per group: covered/universe.
  std::string summary() const;

  /// Adds the hits of `o` and unites the universes (bins unknown here are added) and appends its
  /// runs. `o` may be this object: every count doubles and the runs repeat.
  void merge(const Coverage& o);
  std::string to_json() const;
  /// Throws std::invalid_argument on text that is not a coverage file.
  static Coverage from_json(const std::string& text);
  /// Reads / writes a coverage file; read throws std::runtime_error naming the file.
  static Coverage read_file(const std::string& path);
  void write_file(const std::string& path) const;

  /// Runs merged into this object (config name, seed, cycles), for the report.
  struct Run {
    std::string config;
    uint64_t seed = 0;
    uint64_t cycles = 0;
  };
  void add_run(const Run& r) { runs_.push_back(r); }
  const std::vector<Run>& runs() const { return runs_; }

 private:
  Id add(const std::string& name, bool in_universe);

  std::vector<std::string> names_;
  std::unordered_map<std::string, Id> index_;
  std::vector<uint64_t> hits_;
  std::vector<Id> ds_func_;     // [func 0..15][depth format index]
  std::vector<Id> ds_stencil_;  // [op 0..15][outcome 0..2][front]
  std::vector<Id> ms_pattern_;  // [sample_count 0..3][class 0..2]
  std::vector<Id> a2c_step_;    // [sample_count 0..3][k 0..8]
  std::vector<bool> universe_;
  std::vector<Run> runs_;
  // Dense id tables: [factor 0..31][op 0..7][class 0..7] and friends; kNone where no bin exists.
  std::vector<Id> rgb_, alpha_, minmax_, logic_, format_;
  Id mask_[16] = {};
  Id rt_count_[16] = {};
};

}  // namespace om::cosim
