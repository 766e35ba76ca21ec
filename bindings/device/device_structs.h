// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the driver structs that cross into Python: those of
// defs/structs.toml and the views sharing RtBinding's / DsvBinding's fields are generated
// (om/gen/py_driver_structs.h); PsOutputDesc's (members named otherwise than PsOutput's fields) and
// PerfCounters' (the register map's counters) are here.
#pragma once

#include <utility>

#include "om/driver/device.h"
#include "om/gen/py_driver_structs.h"

namespace omsim_py {

namespace drv = om::driver;

template <>
struct Table<drv::PsOutputDesc> {
  using S = drv::PsOutputDesc;
  static constexpr const char* kName = "PsOutput";
  static constexpr bool S::*kPresent = &S::declared;
  static constexpr auto kFields =
      std::make_tuple(field("type", &S::type), field("mask", &S::written_mask),
                      field("value_bits", &S::value_bits));
};

/// PerfCounters' fields: the register map's counters (regs::kPerfCounters), in address order.
template <size_t... I>
constexpr auto perf_fields(std::index_sequence<I...>) {
  return std::make_tuple(
      field(om::regs::kPerfCounters[I].member_name, om::regs::kPerfCounters[I].count)...);
}
template <>
struct Table<drv::PerfCounters> {
  static constexpr const char* kName = "PerfCounters";
  static constexpr auto kFields =
      perf_fields(std::make_index_sequence<om::regs::kNumPerfCounters>{});
};

}  // namespace omsim_py
