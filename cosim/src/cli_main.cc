// SPDX-License-Identifier: Apache-2.0
// om_cosim_cli: the co-simulation command line without the rest of omsim (for builds without the
// host driver): `om_cosim_cli run ...`, `om_cosim_cli coverage ...` (see cli.h).
#include <cstdio>
#include <string>
#include <vector>

#include "om/cosim/cli.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + (argc > 1 ? 2 : 1), argv + argc);
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "run") return om::cosim::run_main(args);
  if (cmd == "coverage") return om::cosim::coverage_main(args);
  std::fprintf(stderr, "usage: om_cosim_cli run|coverage [options] (--help)\n");
  return 2;
}
