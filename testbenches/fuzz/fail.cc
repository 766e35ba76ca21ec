// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <cstdlib>

#include "input.h"

namespace om::fuzz {

void fail(const char* what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what);
  std::abort();
}

}  // namespace om::fuzz
