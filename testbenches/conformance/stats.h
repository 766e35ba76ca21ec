// SPDX-License-Identifier: Apache-2.0
// Tallies of a conformance run: per tolerance class, how many components matched lavapipe exactly
// and how many were within tolerance; for UNORM components, how often each side is a correct
// rounding of the exact ideal.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge.h"

namespace om::conformance {

struct ClassTally {
  int64_t components = 0;
  int64_t exact = 0;   // canonical model == lavapipe
  int64_t within = 0;  // inside the class tolerance
  double max_distance = 0;
};

/// Distance of stored codes to the exact rational ideal (exact_ref.h), for one side.
struct IdealTally {
  int64_t components = 0;
  int64_t correctly_rounded = 0;  // |code - ideal| <= 1/2
  double max_distance = 0;        // max |code - ideal|, in codes
  double sum_distance = 0;
};

struct FileTally {
  std::string name;
  int64_t vectors = 0;
  std::array<ClassTally, static_cast<int>(Tol::kCount)> cls{};
  /// Keyed by "<format>, blend on|off" (UNORM formats only): [0] the model, [1] lavapipe.
  std::map<std::string, std::array<IdealTally, 2>> ideal;
  int64_t exact_model_outside =
      0;  // components where the exact model's nearest code is outside tolerance
  std::vector<std::string> failures;  // one line per out-of-tolerance component
  std::vector<std::string> samples;   // the first few inexact-but-within components of each class

  void add(const FileTally& o);
};

/// A table: one row per class present, with the exact-match rate and the within-tolerance count,
/// then the UNORM rows comparing both sides with the exact ideal.
std::string format_tally(const FileTally& t);

}  // namespace om::conformance
