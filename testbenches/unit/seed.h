// SPDX-License-Identifier: Apache-2.0
// Seed of the randomised unit tests: OM_SEED from the environment, else a fixed default; printed
// once per test so a failure can be replayed with `OM_SEED=<n> ctest -R <test>`.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace om::unit {

inline uint64_t test_seed() {
  uint64_t seed = 0x0A5EED5EEDull;
  if (const char* env = std::getenv("OM_SEED")) seed = std::stoull(env, nullptr, 0);
  std::printf("OM_SEED=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

}  // namespace om::unit
