// SPDX-License-Identifier: Apache-2.0
// Per-test seeds and waves of the GoogleTest suites that drive om_top.
#pragma once

#include <cstdint>
#include <string>

namespace om::tb {

/// Name of the FST file for the running GoogleTest when OM_WAVES=1, else "".
std::string waves_for_current_test();

/// OM_SEED from the environment, else `fallback`; printed so a failure can be replayed.
uint64_t test_seed(uint64_t fallback);

}  // namespace om::tb
