// SPDX-License-Identifier: Apache-2.0
// Command-line front ends of the co-simulation, shared by `omsim run` / `omsim coverage`
// (tools/omsim/run_cmd.cc) and the standalone om_cosim_cli:
//
//   run --config NAME --seed N --cycles N [--profile NAME] [--rts N] [--record FILE]
//       [--sides rtl,model] [--fault NAME[@CYCLE]] [--waves DIR] [--window N]
//       [--coverage-out FILE] [--no-scoreboard] [--holes N] [--progress] [--json]
//   run --stimulus FILE [--cycles N] [the same options]
//   coverage FILE... [-o OUT] [--holes N] [--json] [--min PERCENT]
//
// Numbers (--seed, OM_SEED, --rts, --holes, --min, --cycles, --window) go through numbers.h: the
// whole text or a usage error naming the option and the text. Exit codes: 0 pass, 1 mismatch /
// failure, 2 bad command line or stimulus file (message on stderr).
#pragma once

#include <string>
#include <vector>

namespace om::cosim {

int run_main(const std::vector<std::string>& args);
int coverage_main(const std::vector<std::string>& args);

}  // namespace om::cosim
