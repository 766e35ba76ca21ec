// SPDX-License-Identifier: Apache-2.0
// Logic ops on UINT render targets (docs/behaviour.md §2.4; docs/arithmetic.md §7).
#include "om/ref/logic.h"

#include <stdexcept>
#include <string>

namespace om::ref {

uint32_t logic_op_apply(LogicOp op, uint32_t s, uint32_t d) {
  switch (op) {
    case LogicOp::CLEAR:
      return 0;
    case LogicOp::SET:
      return ~0u;
    case LogicOp::COPY:
      return s;
    case LogicOp::COPY_INVERTED:
      return ~s;
    case LogicOp::NOOP:
      return d;
    case LogicOp::INVERT:
      return ~d;
    case LogicOp::AND:
      return s & d;
    case LogicOp::NAND:
      return ~(s & d);
    case LogicOp::OR:
      return s | d;
    case LogicOp::NOR:
      return ~(s | d);
    case LogicOp::XOR:
      return s ^ d;
    case LogicOp::EQUIV:
      return ~(s ^ d);
    case LogicOp::AND_REVERSE:
      return s & ~d;
    case LogicOp::AND_INVERTED:
      return ~s & d;
    case LogicOp::OR_REVERSE:
      return s | ~d;
    case LogicOp::OR_INVERTED:
      return ~s | d;
  }
  throw std::invalid_argument("logic op " + std::to_string(static_cast<uint32_t>(op)) +
                              " is not a D3D11_LOGIC_OP value");
}

bool format_logic_capable(const FormatInfo& f) { return f.cls == FormatClass::UINT; }

Raw4 logic_rt(const FormatInfo& f, LogicOp op, const Vec4& s, const Raw4& dest) {
  if (!format_logic_capable(f)) {
    throw std::invalid_argument(std::string("logic_rt: ") + f.name + " is not a UINT format");
  }
  Raw4 r{};
  for (int ch = 0; ch < 4; ++ch) {
    const int bits = f.ch[ch].bits;
    if (bits == 0) continue;
    const uint32_t mask = bits >= 32 ? ~0u : (1u << bits) - 1u;
    r[ch] = logic_op_apply(op, s[ch] & mask, dest[ch]) & mask;
  }
  return r;
}

}  // namespace om::ref
