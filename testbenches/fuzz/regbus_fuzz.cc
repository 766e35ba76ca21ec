// SPDX-License-Identifier: Apache-2.0
// Any sequence of register-bus transfers (any address and data, reads and writes, reset pulses
// between them) ends with the same status and read data on the cycle model and on the Verilated
// RTL, and both take the same number of cycles: the driver's "model" and "rtl" backends are one
// machine on the bus, illegal-but-latchable register values included.
#include <iterator>
#include <memory>

#include "input.h"
#include "om/driver/backend.h"
#include "om/gen/regs.h"

namespace {

using om::driver::Backend;
using om::driver::BusResult;
using om::fuzz::fail;

struct Pair {
  std::unique_ptr<Backend> model, rtl;
};

Pair& pair(int cfg) {
  static Pair pairs[om::kNumConfigs];
  Pair& p = pairs[cfg];
  if (!p.model) {
    om::driver::register_builtin_backends();
    om::driver::BackendOptions o;
    o.config = cfg;
    p.model = om::driver::make_backend("model", o);
    p.rtl = om::driver::make_backend("rtl", o);
  }
  return p;
}

void reset(Pair& p) {
  for (Backend* b : {p.model.get(), p.rtl.get()}) {
    b->hold_reset(true);
    b->hold_reset(false);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  om::fuzz::Input in(data, size);
  Pair& p = pair(static_cast<int>(in.u8() % om::kNumConfigs));
  reset(p);
  const uint64_t c0_model = p.model->cycles(), c0_rtl = p.rtl->cycles();
  for (int op = 0; op < 64 && !in.empty(); ++op) {
    const uint32_t kind = in.u8();
    // Half the transfers go to a mapped register, the rest anywhere in the 12-bit space
    // (unmapped, misaligned).
    const uint32_t addr = kind & 0x10
                              ? om::regs::kRegs[in.u16() % std::size(om::regs::kRegs)].offset
                              : in.u16() % om::regs::kSpace;
    BusResult a, b;
    if ((kind & 7) == 7) {
      reset(p);
      continue;
    }
    if (kind & 0x20) {
      const uint32_t value = in.u32();
      a = p.model->bus().write(addr, value);
      b = p.rtl->bus().write(addr, value);
    } else {
      a = p.model->bus().read(addr);
      b = p.rtl->bus().read(addr);
    }
    if (a.status != b.status) fail("bus status differs between model and rtl");
    if (a.ok() && a.data != b.data) fail("read data differs between model and rtl");
    if (p.model->cycles() - c0_model != p.rtl->cycles() - c0_rtl) fail("cycle counts differ");
  }
  return 0;
}
