// SPDX-License-Identifier: Apache-2.0
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include "om/driver/backend.h"

namespace om::driver {
namespace {

struct Entry {
  std::string description;
  BackendFactory factory;
};

std::map<std::string, Entry>& registry() {
  static std::map<std::string, Entry> r;
  return r;
}
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

// options.waves must be a file the tracer can write: its folder exists and it can be opened for
// appending (a tracer would silently write nothing otherwise). A file the check creates is removed,
// so a backend that cannot trace leaves nothing behind.
// The error_code overloads throughout: a path the file system refuses (too long, a loop) is an
// input error naming the path, not a std::filesystem exception.
void check_waves_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path abs = fs::absolute(path, ec);
  if (ec) throw std::invalid_argument("waves: cannot use '" + path + "': " + ec.message());
  const std::string folder = abs.lexically_normal().parent_path().string();
  if (!fs::is_directory(folder, ec)) {
    throw std::invalid_argument("waves: folder '" + folder + "' " +
                                (fs::exists(folder, ec) ? "is not a folder" : "does not exist"));
  }
  if (fs::is_directory(path, ec)) {
    throw std::invalid_argument("waves: '" + path + "' is a folder; give the path of an .fst file");
  }
  const bool existed = fs::exists(path, ec);
  if (!std::ofstream(path, std::ios::app)) {
    throw std::invalid_argument("waves: cannot write '" + path + "': " + std::strerror(errno));
  }
  if (!existed) unlink(path.c_str());
}

}  // namespace

const char* to_string(BusStatus s) {
  switch (s) {
    case BusStatus::kOk:
      return "ok";
    case BusStatus::kSlaveError:
      return "PSLVERR";
    case BusStatus::kTimeout:
      return "timeout";
  }
  return "?";
}

void register_backend(const std::string& name, const std::string& description,
                      BackendFactory factory) {
  if (name.empty() || !factory) {
    throw std::invalid_argument("register_backend: empty name or factory");
  }
  std::lock_guard<std::mutex> lock(registry_mutex());
  registry()[name] = Entry{description, std::move(factory)};
}

std::unique_ptr<Backend> make_backend(const std::string& name, const BackendOptions& options) {
  BackendFactory factory;
  {
    std::lock_guard<std::mutex> lock(registry_mutex());
    const auto it = registry().find(name);
    if (it == registry().end()) {
      std::string known;
      for (const auto& kv : registry()) known += (known.empty() ? "" : ", ") + kv.first;
      throw std::invalid_argument("backend: unknown backend '" + name + "'; this build has " +
                                  known);
    }
    factory = it->second.factory;
  }
  if (options.config < 0 || options.config >= kNumConfigs) {
    throw std::out_of_range("backend configuration index " + std::to_string(options.config) +
                            " outside 0.." + std::to_string(kNumConfigs - 1));
  }
  if (!options.waves.empty()) check_waves_path(options.waves);
  return factory(options);
}

std::vector<std::string> backend_names() {
  std::lock_guard<std::mutex> lock(registry_mutex());
  std::vector<std::string> names;
  for (const auto& kv : registry()) names.push_back(kv.first);
  return names;
}

std::string backend_description(const std::string& name) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  const auto it = registry().find(name);
  return it == registry().end() ? std::string() : it->second.description;
}

int find_config(const std::string& name) {
  for (int i = 0; i < kNumConfigs; ++i) {
    if (name == kConfigs[i].name) return i;
  }
  return -1;
}

}  // namespace om::driver
