// SPDX-License-Identifier: Apache-2.0
// Subcommands of the `omsim` command line. Each lives in its own file (<name>_cmd.cc) and registers
// itself with a static OM_SUBCOMMAND(...) object, so adding one ("run", "regress", ...) means
// adding a file to tools/omsim/ (CMakeLists.txt globs *_cmd.cc) and nothing else.
// Exit codes: 0 success, 1 failure while running, 2 bad command line (unknown subcommand, option,
// configuration or backend), with a message naming the problem on stderr.
#pragma once

#include <string>
#include <vector>

namespace om::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

struct Subcommand {
  const char* name;
  const char* summary;  // one line for `omsim --help`
  /// Runs with the arguments after the subcommand name; returns the exit code.
  int (*run)(const std::vector<std::string>& args);
};

/// Adds a subcommand; duplicate names are a programming error (std::logic_error).
void register_subcommand(const Subcommand& s);
/// Registered subcommands sorted by name.
std::vector<Subcommand> subcommands();

struct SubcommandRegistrar {
  explicit SubcommandRegistrar(const Subcommand& s) { register_subcommand(s); }
};

/// Command-line error: main prints "omsim <subcommand>: <what>" and exits kExitUsage.
struct UsageError {
  std::string what;
};

}  // namespace om::cli
