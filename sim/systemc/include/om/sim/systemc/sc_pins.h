// SPDX-License-Identifier: Apache-2.0
// om_top's pin values as SystemC types, exactly as `verilator --sc` declares the ports of om_top
// (docs/toolchain.md §3): 1-bit ports are bool, 2..32-bit ports uint32_t, 33..64-bit ports
// uint64_t (zero-extended), wider ports sc_bv<N> with bit 0 = the port's bit 0. Conversions between
// those and om::TopIn / TopOut fields; the packed images are the generated om::pack() /
// unpack_<type>() of om/gen/types.h.
#pragma once

#include <systemc>

#include "om/top_ports.h"

namespace om::sim::systemc {

/// in_data_i (pixel_t), the texel ports (TexelW bits), perf_o (perf_t).
using PixelBv = sc_dt::sc_bv<kPixelBits>;
using TexelBv = sc_dt::sc_bv<kTexelW>;
using PerfBv = sc_dt::sc_bv<kPerfBits>;

/// Word-wise copies (32-bit words, word 0 least significant, as sc_bv::get_word/set_word).
void to_bv(const PixelBits& bits, PixelBv& bv);
PixelBits pixel_bits(const PixelBv& bv);
void to_bv(const ref::Texel& t, TexelBv& bv);
ref::Texel texel(const TexelBv& bv);

/// The perf_t image (om::pack(const Perf&)).
void to_bv(const Perf& p, PerfBv& bv);
Perf perf(const PerfBv& bv);

}  // namespace om::sim::systemc
