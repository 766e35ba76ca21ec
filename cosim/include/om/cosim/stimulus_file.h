// SPDX-License-Identifier: Apache-2.0
// The stimulus file (docs/stimulus.md): a versioned, line-oriented text form of om::cosim::Stimulus
// that `omsim run --record` writes and `omsim run --stimulus` replays bit-identically, and that a
// user may write by hand (directed tests). This is the only reader and writer of the format; the
// Python package goes through it.
#pragma once

#include <stdexcept>
#include <string>

#include "om/cosim/stimulus.h"

namespace om::cosim {

/// The memory-burst stall names of the file, by MemPhase::stall (0 rd, 1 wr, 2 both).
inline constexpr const char* kStallNames[] = {"rd", "wr", "both"};

/// Version written in the first line ("omsim-stimulus 2"). Version 2 files close with an `end`
/// line, so a file cut short is refused instead of replaying less; version 1 files (no `end`) are
/// still read.
constexpr int kStimulusVersion = 2;
constexpr int kOldestStimulusVersion = 1;

/// A malformed stimulus file: the message is "FILE:LINE: FIELD: what is wrong with which value".
class StimulusError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The bus operation kind named `name` (sim::to_string()) into `*kind`; false for no such name.
bool bus_kind(const std::string& name, BusOp::Kind* kind);
/// Why a transfer of `kind` cannot go to `addr` as its kind says (the register map decides whether
/// it ends with PSLVERR; perf_clear and status_poll name one register each), or "" when it can.
std::string bus_op_mismatch(BusOp::Kind kind, uint32_t addr);

/// The text of `st`: reading it back gives `st` again (segment states derived from the writes).
/// Throws std::invalid_argument for a lazy stimulus (generate_lazy()).
std::string write_stimulus(const Stimulus& st);

/// Parses the text of a stimulus file; `name` stands for the file in messages. Throws
/// StimulusError for the first malformed line.
Stimulus read_stimulus(const std::string& text, const std::string& name);

/// read_stimulus() of the file at `path`; StimulusError also when it cannot be read.
Stimulus load_stimulus(const std::string& path);

/// Writes write_stimulus(st) to `path`. Throws std::runtime_error naming it when it cannot.
void save_stimulus(const Stimulus& st, const std::string& path);

}  // namespace om::cosim
