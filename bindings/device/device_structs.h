// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the driver structs that cross into Python: those of
// defs/structs.toml and the views sharing RtBinding's / DsvBinding's fields are generated
// (om/gen/py_driver_structs.h); PsOutputDesc's (members named otherwise than PsOutput's fields) and
// PerfCounters' (the register map's counters) are here.
#pragma once

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
OMSIM_TABLE(drv::PerfCounters, "PerfCounters", OM_REGS_PERF_MEMBERS);

}  // namespace omsim_py
