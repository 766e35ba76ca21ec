// SPDX-License-Identifier: Apache-2.0
#include "test_waves.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace om::tb {

std::string waves_for_current_test() {
  const char* env = std::getenv("OM_WAVES");
  if (env == nullptr || std::string(env) != "1") return "";
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  if (info == nullptr) return "om_top.fst";
  std::string name = std::string(info->test_suite_name()) + "_" + info->name() + ".fst";
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return name;
}

uint64_t test_seed(uint64_t fallback) {
  uint64_t seed = fallback;
  if (const char* env = std::getenv("OM_SEED")) seed = std::stoull(env, nullptr, 0);
  std::printf("OM_SEED=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

}  // namespace om::tb
