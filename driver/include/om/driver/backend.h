// SPDX-License-Identifier: Apache-2.0
// Backends: something that implements the register bus and (optionally) the pixel/memory port of
// one output merger, built for a named configuration (defs/configs.toml). The factory registry is
// open: a new backend (the SystemC/TLM one, say) calls register_backend() with its name
// and a factory, and every driver test and `omsim caps --backend NAME` can use it. Built-in
// backends ("model", "rtl") are registered by register_builtin_backends() (library
// om::driver_backends).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "om/driver/bus.h"
#include "om/gen/defs.h"

namespace om::driver {

struct BackendOptions {
  int config = kDefaultConfig;  // index into kConfigs (the configuration strap)
  uint64_t seed = 1;            // randomness of the backend (memory latency, stalls, gaps)
  std::string waves;  // FST file of the whole session ("" = none); "rtl" and "model" trace
};

class Backend {
 public:
  virtual ~Backend() = default;
  /// The registered name ("model", "rtl", ...).
  virtual std::string name() const = 0;
  virtual RegisterBus& bus() = 0;
  /// The pixel/memory port, or nullptr for a register-only backend.
  virtual PixelPort* pixels() = 0;
  /// Asserts (true) or releases (false) the OM's reset. While it is asserted bus transfers end
  /// kTimeout and pixels are not accepted; releasing it leaves every register at its reset value.
  virtual void hold_reset(bool asserted) = 0;
  /// Clock cycles simulated so far.
  virtual uint64_t cycles() const = 0;
};

using BackendFactory = std::function<std::unique_ptr<Backend>(const BackendOptions&)>;

/// Adds (or replaces) a backend. `description` is one line for --help texts.
void register_backend(const std::string& name, const std::string& description,
                      BackendFactory factory);
/// A new backend of that name, reset and out of reset with the configuration strap applied. Throws
/// std::invalid_argument naming the backend when none is registered under `name`, and
/// std::out_of_range when options.config is not a kConfigs index, and std::invalid_argument when
/// options.waves is not a writable file in an existing folder ("waves: ..." naming the path) or is
/// set for a backend that cannot write waves.
std::unique_ptr<Backend> make_backend(const std::string& name, const BackendOptions& options);
/// Registered backend names, sorted.
std::vector<std::string> backend_names();
/// Its description ("" for an unknown name).
std::string backend_description(const std::string& name);

/// Registers "model", "rtl", "ref" (and "tlm" when built; defined in om::driver_backends).
/// Idempotent.
void register_builtin_backends();

/// Index in kConfigs of a configuration name ("fl9_1" ... "fl11_1"), or -1.
int find_config(const std::string& name);

}  // namespace om::driver
