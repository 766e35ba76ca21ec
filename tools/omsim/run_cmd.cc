// SPDX-License-Identifier: Apache-2.0
// `omsim run`: the lockstep co-simulation of the Verilated om_top and the cycle model
// (testbenches/cosim, see cli.h for the options). Built in when the cosim library is (it needs
// the Verilated top, i.e. OM_BUILD_TESTS).
#ifdef OM_HAVE_COSIM
#include "om/cosim/cli.h"
#include "subcommand.h"

namespace om::cli {
namespace {

const SubcommandRegistrar kRun({"run", "lockstep co-simulation of RTL and cycle model (cosim)",
                                [](const std::vector<std::string>& args) {
                                  return om::cosim::run_main(args);
                                }});

}  // namespace
}  // namespace om::cli
#endif
