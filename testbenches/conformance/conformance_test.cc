// SPDX-License-Identifier: Apache-2.0
// Conformance of the reference model against Mesa lavapipe: every vector of
// tests/data/conformance through om::ref::process_pixel, every written component judged by the
// README's tolerance classes. Zero components may be outside; the exact-match rates are printed per
// file and class, with how often the model and lavapipe are correctly rounded versions of the exact
// rational result.
#include "conformance.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace om::conformance {
namespace {

const std::string kDir = OM_CONFORMANCE_DATA;
const char* const kFiles[] = {"unorm8", "mixed", "logic", "dual", "noblend"};

void report(const FileTally& t) {
  const std::string text = format_tally(t);
  std::printf("%s", text.c_str());
  if (std::getenv("OM_CONFORMANCE_VERBOSE") != nullptr) {
    for (const std::string& l : t.samples) std::printf("  inexact: %s\n", l.c_str());
  }
  std::fflush(stdout);
  // Kept in the build tree for the record (ctest hides the output of passing tests).
  std::ofstream(std::string(OM_CONFORMANCE_REPORT_DIR) + "/conformance_" + t.name + ".txt") << text;
}

void expect_conforms(const FileTally& t) {
  int64_t judged = 0;
  for (const ClassTally& c : t.cls) {
    judged += c.components;
    EXPECT_EQ(c.within, c.components);
  }
  EXPECT_GT(judged, t.vectors) << "every vector writes at least one component";
  EXPECT_EQ(t.exact_model_outside, 0);
  const size_t shown = std::min<size_t>(t.failures.size(), 40);
  for (size_t i = 0; i < shown; ++i) ADD_FAILURE() << t.failures[i];
  if (t.failures.size() > shown)
    ADD_FAILURE() << "... and " << t.failures.size() - shown << " more";
}

class LavapipeConformance : public testing::TestWithParam<const char*> {};

TEST_P(LavapipeConformance, EveryComponentIsWithinTolerance) {
  const DeviceInfo dev = read_device_info(kDir + "/lavapipe-info.json");
  const FileTally t = run_file(kDir, GetParam(), dev);
  report(t);
  expect_conforms(t);
}

INSTANTIATE_TEST_SUITE_P(Files, LavapipeConformance, testing::ValuesIn(kFiles),
                         [](const testing::TestParamInfo<const char*>& p) { return p.param; });

TEST(LavapipeConformanceSummary, AllFilesTogether) {
  const DeviceInfo dev = read_device_info(kDir + "/lavapipe-info.json");
  FileTally all;
  all.name = "all files (" + dev.device + ")";
  for (const char* f : kFiles) all.add(run_file(kDir, f, dev));
  report(all);
  EXPECT_EQ(all.vectors, 2000 + 3000 + 600 + 600 + 800);
  // Every class the README's vectors exercise is present, so a classification bug cannot hide a
  // whole class.
  for (Tol t : {Tol::kMasked, Tol::kLogic, Tol::kInteger, Tol::kUnormNoBlend, Tol::kSnormNoBlend,
                Tol::kSrgbNoBlend, Tol::kFp16NoBlend, Tol::kFp32NoBlend, Tol::kUnormBlend,
                Tol::kSrgbBlend, Tol::kFp16Blend, Tol::kFp32Blend}) {
    EXPECT_GT(all.cls[static_cast<int>(t)].components, 0) << tol_name(t);
  }
  expect_conforms(all);
}

}  // namespace
}  // namespace om::conformance
