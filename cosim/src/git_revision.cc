// SPDX-License-Identifier: Apache-2.0
// The source revision baked in at configure time (CMake defines OM_GIT_REVISION for this file only,
// so a new revision recompiles one file).
#include "om/cosim/lockstep.h"

#ifndef OM_GIT_REVISION
#define OM_GIT_REVISION "unknown"
#endif

namespace om::cosim {

const char* git_revision() { return OM_GIT_REVISION; }

}  // namespace om::cosim
