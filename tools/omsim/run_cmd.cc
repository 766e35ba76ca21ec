// SPDX-License-Identifier: Apache-2.0
// `omsim run`: the lockstep co-simulation of the Verilated om_top and the cycle model
// (the om_cosim library of cosim/, see cli.h for the options). Built in when om_cosim is.
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
