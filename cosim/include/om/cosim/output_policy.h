// SPDX-License-Identifier: Apache-2.0
// What `omsim run` does about its files and interruptions (cosim/README.md, exit status): outputs
// are checked before the run, so an output problem is a usage error that costs nothing rather than
// a lost verdict; an input that cannot be read says why; Ctrl-C ends the run at the next poll with
// what was checked; the summary says where the waves went or why there are none.
#pragma once

#include <csignal>
#include <string>
#include <utility>
#include <vector>

#include "om/cosim/lockstep.h"

namespace om::cosim {

/// Creates `dir` if needed; throws std::invalid_argument naming option and path when it is not a
/// writable directory.
void check_output_dir(const std::string& opt, const std::string& dir);
/// Throws std::invalid_argument naming option and path when `file` could not be created or written
/// (a directory, a missing or read-only parent, a read-only file). Writes nothing.
void check_output_file(const std::string& opt, const std::string& file);
/// Throws std::invalid_argument naming both options when two of `files` ({option, path}; "" for
/// none) are one file, also spelled differently: the later write would silently replace the
/// earlier one, or the input read. Devices (/dev/null, /dev/stdout) may repeat.
void check_distinct_files(const std::vector<std::pair<const char*, std::string>>& files);
/// The whole content of the input file `path`; std::runtime_error "PATH: cannot read: REASON" when
/// it is missing, unreadable or a directory (which a stream opens and reads as empty).
std::string read_input_file(const std::string& path);

/// While alive, SIGINT sets a flag that poll() (RunOptions::poll) turns into Interrupted; the
/// previous handler comes back at destruction.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  static void poll();

 private:
  struct sigaction old_ = {};
};

/// Where --waves put the files, or why there are none (a passing run writes no window).
std::string waves_note(const RunResult& r);

}  // namespace om::cosim
