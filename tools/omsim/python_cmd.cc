// SPDX-License-Identifier: Apache-2.0
// The subcommands written in Python: `omsim regress` (omsim.regress: regressions over omsim.cosim
// and Dask), `omsim wave-diff` and `omsim wave-png` (omsim.waves). Each executes `python -m MODULE
// ARGS` in its place: the interpreter is $OMSIM_PYTHON or the one this build was configured with;
// the package is the one this executable sits in (omsim/bin/omsim in a wheel) or else this build
// tree's (<build>/python).
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "subcommand.h"

namespace om::cli {
namespace {

namespace fs = std::filesystem;

// The directory to put first on PYTHONPATH, or "" when there is none.
std::string package_root() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && fs::exists(exe.parent_path().parent_path() / "__init__.py")) {
    return exe.parent_path().parent_path().parent_path().string();  // <site>/omsim/bin/omsim
  }
  const fs::path tree = OM_REGRESS_PYTHONPATH;
  return !tree.empty() && fs::exists(tree / "omsim" / "__init__.py") ? tree.string() : "";
}

int python_module(const std::vector<std::string>& module_args,
                  const std::vector<std::string>& args) {
  const char* env_python = std::getenv("OMSIM_PYTHON");
  const std::string python = env_python != nullptr && *env_python ? env_python : OM_REGRESS_PYTHON;
  const std::string root = package_root();
  if (!root.empty()) {
    const char* old = std::getenv("PYTHONPATH");
    const std::string path = root + (old != nullptr && *old ? std::string(":") + old : "");
    setenv("PYTHONPATH", path.c_str(), 1);
  }
  std::vector<std::string> argv{python, "-m"};
  argv.insert(argv.end(), module_args.begin(), module_args.end());
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  execvp(python.c_str(), cargv.data());
  throw UsageError{"cannot run " + python + " (" + std::strerror(errno) +
                   "): set OMSIM_PYTHON to a Python with the omsim package"};
}

int regress(const std::vector<std::string>& args) { return python_module({"omsim.regress"}, args); }
int wave_diff(const std::vector<std::string>& args) {
  return python_module({"omsim.waves", "diff"}, args);
}
int wave_png(const std::vector<std::string>& args) {
  return python_module({"omsim.waves", "png"}, args);
}

const SubcommandRegistrar kRegress({"regress",
                                    "regressions over configs x profiles x seeds (Python, Dask)",
                                    regress});
const SubcommandRegistrar kWaveDiff({"wave-diff",
                                     "first difference of two wave files, matched by signal name",
                                     wave_diff});
const SubcommandRegistrar kWavePng({"wave-png", "a window of a wave file drawn to PNG, headless",
                                    wave_png});

}  // namespace
}  // namespace om::cli
