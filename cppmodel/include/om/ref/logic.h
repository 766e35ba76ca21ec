// SPDX-License-Identifier: Apache-2.0
// Logic ops on UINT render targets, clock-free (docs/behaviour.md §2.4; docs/arithmetic.md §7).
#pragma once

#include <cstdint>

#include "om/gen/defs.h"
#include "om/ref/convert.h"

namespace om::ref {

/// The D3D11_LOGIC_OP table of docs/behaviour.md §2.4 on full 32-bit words: s = source bits, d =
/// destination bits. Bitwise, so the low n bits of the result depend only on the low n bits of s
/// and d. Throws std::invalid_argument for op >= 16 (the state register field is 4 bits).
uint32_t logic_op_apply(LogicOp op, uint32_t s, uint32_t d);

/// True when a logic op can act on this format (UINT class). Any other class leaves the RT
/// unchanged (docs/behaviour.md §11 #9).
bool format_logic_capable(const FormatInfo& f);

/// The component fields to store for logic op `op` on a UINT RT: per present channel of width n,
/// logic_op_apply(op, s[ch] & (2^n - 1), dest[ch]) & (2^n - 1) — the low n bits of the source, no
/// clamp (docs/arithmetic.md §7; docs/behaviour.md §11 #6; TV33). Absent channels are 0. Throws
/// std::invalid_argument when `f` is not UINT.
Raw4 logic_rt(const FormatInfo& f, LogicOp op, const Vec4& s, const Raw4& dest);

}  // namespace om::ref
