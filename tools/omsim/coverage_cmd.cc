// SPDX-License-Identifier: Apache-2.0
// `omsim coverage FILE...`: merges the functional-coverage files of `omsim run --coverage-out`
// and reports percentage, per-group counts and holes (cosim/, see cli.h).
#ifdef OM_HAVE_COSIM
#include "om/cosim/cli.h"
#include "subcommand.h"

namespace om::cli {
namespace {

const SubcommandRegistrar kCoverage({"coverage", "merge and report co-simulation coverage files",
                                     [](const std::vector<std::string>& args) {
                                       return om::cosim::coverage_main(args);
                                     }});

}  // namespace
}  // namespace om::cli
#endif
