// The Verilated om_top (om::rtl_top) with om::Top's stepping interface, for the model lockstep
// test: eval(in) drives TopIn with the clock low and settles, tick() is the rising edge.
#pragma once

#include <memory>
#include <string>

#include "om/top_ports.h"

class Vom_top;
class VerilatedContext;

namespace om::tb {

class RtlAdapter {
 public:
  RtlAdapter();
  ~RtlAdapter();
  RtlAdapter(const RtlAdapter&) = delete;
  RtlAdapter& operator=(const RtlAdapter&) = delete;

  const TopOut& eval(const TopIn& in);
  void tick();
  /// "" or a description of an RTL assertion failure / $error since the last call.
  std::string take_error();

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vom_top> dut_;
  TopOut out_;
};

}  // namespace om::tb
