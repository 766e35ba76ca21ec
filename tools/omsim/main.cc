// SPDX-License-Identifier: Apache-2.0
// omsim: the project's command line. `omsim <subcommand> [options]`; `omsim --help` lists the
// subcommands (subcommand.h explains how to add one).
#include <cstdio>
#include <exception>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "subcommand.h"

namespace om::cli {
namespace {

std::map<std::string, Subcommand>& table() {
  static std::map<std::string, Subcommand> t;
  return t;
}

void usage(std::FILE* f) {
  std::fprintf(f, "usage: omsim <subcommand> [options]   (omsim <subcommand> --help)\n\n");
  for (const Subcommand& s : subcommands()) std::fprintf(f, "  %-10s %s\n", s.name, s.summary);
}

}  // namespace

void register_subcommand(const Subcommand& s) {
  if (!table().emplace(s.name, s).second) {
    throw std::logic_error(std::string("omsim: subcommand registered twice: ") + s.name);
  }
}

std::vector<Subcommand> subcommands() {
  std::vector<Subcommand> v;
  for (const auto& kv : table()) v.push_back(kv.second);
  return v;
}

}  // namespace om::cli

int main(int argc, char** argv) {
  using namespace om::cli;
  if (argc < 2) {
    usage(stderr);
    return kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(stdout);
    return kExitOk;
  }
  for (const Subcommand& s : subcommands()) {
    if (name != s.name) continue;
    try {
      return s.run(std::vector<std::string>(argv + 2, argv + argc));
    } catch (const UsageError& e) {
      std::fprintf(stderr, "omsim %s: %s\n", s.name, e.what.c_str());
      return kExitUsage;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "omsim %s: %s\n", s.name, e.what());
      return kExitFailure;
    }
  }
  std::fprintf(stderr, "omsim: unknown subcommand '%s'\n\n", name.c_str());
  usage(stderr);
  return kExitUsage;
}
