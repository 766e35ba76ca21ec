// Per-test waves of the GoogleTest suites that drive om_top (kept apart from the harness, so that
// the harness and the driver's RTL backend link without GoogleTest, e.g. into the Python module).
#pragma once

#include <string>

namespace om::tb {

/// Name of the FST file for the running GoogleTest when OM_WAVES=1, else "".
std::string waves_for_current_test();

}  // namespace om::tb
