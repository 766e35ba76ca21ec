// SPDX-License-Identifier: Apache-2.0
// The driver suite's main: registers the built-in backends before GoogleTest expands the
// parameterized suites over backend_names() x kConfigs.
#include <gtest/gtest.h>

#include "om/driver/backend.h"

int main(int argc, char** argv) {
  om::driver::register_builtin_backends();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
