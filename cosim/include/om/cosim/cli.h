// SPDX-License-Identifier: Apache-2.0
// Command-line front ends of the co-simulation, shared by `omsim run` / `omsim coverage`
// (tools/omsim/run_cmd.cc) and the standalone om_cosim_cli:
//
//   run --config NAME --seed N --cycles N [--rts N] [--sides rtl,model] [--fault NAME]
//       [--waves DIR] [--window N] [--coverage-out FILE] [--no-scoreboard] [--holes N]
//       [--progress] [--json]
//   coverage FILE... [-o OUT] [--holes N] [--json] [--min PERCENT]
//
// Exit codes: 0 pass, 1 mismatch / failure, 2 bad command line (message on stderr).
#pragma once

#include <string>
#include <vector>

namespace om::cosim {

int run_main(const std::vector<std::string>& args);
int coverage_main(const std::vector<std::string>& args);

/// Parses a cycle count: decimal ("100000") or scientific ("1e6", "2.5e5") notation, a positive
/// whole number up to 1e12. Throws std::invalid_argument naming the text.
uint64_t parse_count(const std::string& text);

}  // namespace om::cosim
