// SPDX-License-Identifier: Apache-2.0
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
      throw std::invalid_argument("unknown backend '" + name + "' (known: " + known + ")");
    }
    factory = it->second.factory;
  }
  if (options.config < 0 || options.config >= kNumConfigs) {
    throw std::out_of_range("backend configuration index " + std::to_string(options.config) +
                            " outside 0.." + std::to_string(kNumConfigs - 1));
  }
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
