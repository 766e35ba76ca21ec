// SPDX-License-Identifier: Apache-2.0
// The state a test draws with, its programming over the APB bus, and the scoreboard: the expected
// render-target and depth-stencil memories computed with the clock-free reference model
// (om::ref::depth_stencil_sample, then om::ref::process_pixel) from the same pixels in the same
// order, plus the expected counts of the performance counters that do
// not depend on timing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include "om/gen/defs.h"
#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/sim/memory.h"
#include "om/sim/top_harness.h"

namespace om::cosim {

using sim::Image;
using sim::TbPixel;

/// Expected performance-counter values that do not depend on timing.
struct ExpectedCounts {
  uint64_t pixels_in = 0;
  uint64_t killed = 0;
  uint64_t rt_reads = 0;
  uint64_t rt_writes = 0;
  uint64_t ds_reads = 0;   // samples tested against the depth-stencil buffer
  uint64_t ds_writes = 0;  // depth-stencil texels written
  uint64_t ds_failed = 0;  // samples removed by the depth or stencil test
};

class Scoreboard {
 public:
  explicit Scoreboard(int cfg_index);

  void set_state(const State& s);
  const State& state() const { return state_; }
  /// The depth-stencil description of state().
  const ref::DepthStencilDesc& ds_desc() const { return ds_; }
  /// The depth-stencil view of state() (format nullptr: none bound).
  const ref::DsBinding& ds_binding() const { return ds_bind_; }
  /// Processes one pixel on the expected image (in submission order).
  void apply(const TbPixel& p) { apply(p, ref_state(p.x, p.y)); }
  /// The same with ps = ref_state(p.x, p.y), computed by the caller.
  void apply(const TbPixel& p, const ref::PixelState& ps) { apply(p, ps, test(p, ps)); }
  /// What a sample meets before its render-target write: its coverage, then (a draw's) the
  /// depth-stencil test (docs/depth-stencil.md §2).
  struct Tested {
    bool covered = false;  // ref::sample_covered: a clear within the sample count, a draw kept
    // The depth-stencil test against the expected buffer, not yet applied; nullopt when the
    // sample is not tested (no active view, a clear, or not covered).
    std::optional<ref::DsTexelOut> ds;
  };
  /// `p`'s Tested; `ps`: ref_state() at the pixel.
  Tested test(const TbPixel& p, const ref::PixelState& ps) const;
  /// apply() with t = test(p, ps), computed by the caller.
  void apply(const TbPixel& p, const ref::PixelState& ps, const Tested& t);
  /// Fills the depth-stencil area [0, w) x [0, h), every sample up to the configuration's, with
  /// random texels (low 40 bits) in the expected buffer; `mem` becomes its copy (they share pages
  /// until one is written, so the next diff_images reads only what was written since). G:
  /// std::mt19937_64 or Mt64 (the same numbers, Mt64 faster).
  template <class G>
  void fill_ds_random(Image& mem, G& rng, uint32_t w, uint32_t h);
  /// Fills the area of every bound slot of the current state, every sample up to the
  /// configuration's, with random texels (bits above texel_bits zero), in the expected image;
  /// `mem` becomes its copy, as for fill_ds_random.
  template <class G>
  void fill_random(Image& mem, G& rng);

  const Image& image() const { return image_; }
  /// The expected depth-stencil buffer (one texel per mem_addr(0, y, x, s)); writable so a test can
  /// load the same contents here and in the memory model.
  Image& ds_image() { return ds_image_; }
  const Image& ds_image() const { return ds_image_; }
  const ExpectedCounts& counts() const { return counts_; }
  /// The reference-model state pixel (x, y) sees: slots bound, below max_rts and covering (x, y).
  /// Valid until the next ref_state() or set_state() (one is kept per set of covering slots).
  const ref::PixelState& ref_state(uint32_t x, uint32_t y);

 private:
  const ConfigInfo& cfg_;
  State state_;
  ref::PixelState draw_;      // ref::draw_pixel_state of state_: what ref_state() adds formats to
  ref::DepthStencilDesc ds_;  // of state_, read per pixel
  ref::DsBinding ds_bind_;    // of state_
  bool ds_active_ = false;    // a depth or stencil test runs
  // ref_state()'s last answer and the slots covering its pixel (kNoState: none yet).
  static constexpr uint32_t kNoState = ~0u;
  ref::PixelState ps_;
  uint32_t ps_covering_ = kNoState;
  // The slots bound below max_rts and the smallest of their sizes: every one covers a pixel
  // inside both (most pixels), so ref_state() tests the slots one by one only outside.
  uint32_t bound_ = 0;
  uint32_t bound_w_ = 0, bound_h_ = 0;
  Image image_;
  Image ds_image_;
  ExpectedCounts counts_;
};

/// Compares two memory images; returns "" when equal, else a description of the first few
/// differing texels (address, both values).
std::string diff_images(const Image& got, const Image& want, int max_report = 8);

}  // namespace om::cosim
