// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/om_top_model_sc.h"

namespace om::sim::systemc {

OmTopModelSc::OmTopModelSc(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {
  SC_HAS_PROCESS(OmTopModelSc);
  SC_METHOD(eval);
  sensitize(sensitive);
}

void OmTopModelSc::write_outputs(const TopOut& o) {
  put_outputs(o, written_, first_);
  written_ = o;
}

void OmTopModelSc::eval() {
  // The wide inputs are converted only in the delta cycle they change in (this method runs in
  // every such delta cycle, being sensitive to them).
  const bool changed = take_inputs(in_, first_);
  if (clk_i.posedge()) {
    // The inputs visible at the edge are the ones the registers sample.
    if (changed || !settled_) top_.eval(in_);
    top_.tick();
    ++cycles_;
    write_outputs(top_.eval(in_));
  } else if (changed || !settled_) {
    write_outputs(top_.eval(in_));
  }
  settled_ = true;
  first_ = false;
}

}  // namespace om::sim::systemc
