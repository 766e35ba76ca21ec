// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/output_policy.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace om::cosim {

void check_output_dir(const std::string& opt, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir) || access(dir.c_str(), W_OK) != 0) {
    throw std::invalid_argument(
        opt + ": cannot write to directory '" + dir + "'" +
        (ec ? ": " + ec.message() : std::string(": not a writable directory")));
  }
}

void check_output_file(const std::string& opt, const std::string& file) {
  const std::filesystem::path p(file);
  const std::string parent = p.has_parent_path() ? p.parent_path().string() : ".";
  if (std::filesystem::is_directory(p))
    throw std::invalid_argument(opt + ": '" + file + "' is a directory");
  if (!std::filesystem::is_directory(parent) || access(parent.c_str(), W_OK) != 0) {
    throw std::invalid_argument(opt + ": cannot create '" + file + "': '" + parent +
                                "' is not a writable directory");
  }
  if (std::filesystem::exists(p) && access(file.c_str(), W_OK) != 0) {
    throw std::invalid_argument(opt + ": '" + file + "' is not writable");
  }
}

void check_distinct_files(const std::vector<std::pair<const char*, std::string>>& files) {
  std::vector<std::pair<const char*, std::filesystem::path>> seen;
  for (const auto& [opt, file] : files) {
    std::error_code status_ec, ec;
    const auto type = std::filesystem::status(file, status_ec).type();
    if (file.empty() || (type != std::filesystem::file_type::not_found &&
                         type != std::filesystem::file_type::regular)) {
      continue;
    }
    const std::filesystem::path p =
        std::filesystem::weakly_canonical(std::filesystem::absolute(file, ec), ec);
    for (const auto& [other, q] : seen) {
      if (!ec && p == q)
        throw std::invalid_argument(std::string(opt) + " and " + other + " name one file '" + file +
                                    "'");
    }
    if (!ec) seen.emplace_back(opt, p);
  }
}

std::string read_input_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const int open_errno = errno;
  std::error_code ec;
  if (in && std::filesystem::is_directory(path, ec)) {
    throw std::runtime_error(path + ": cannot read: " + std::strerror(EISDIR));
  }
  if (!in) throw std::runtime_error(path + ": cannot read: " + std::strerror(open_errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int) { g_interrupted = 1; }

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted = 0;
  struct sigaction sa = {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_);
}

InterruptGuard::~InterruptGuard() { sigaction(SIGINT, &old_, nullptr); }

void InterruptGuard::poll() {
  if (g_interrupted) throw Interrupted{};
}

// Where --waves put the files, or why there are none (a passing run writes no window).
std::string waves_note(const RunResult& r) {
  if (!r.open_waves.empty()) return "written; open with: " + r.open_waves;
  if (!r.waves_error.empty()) return "not written: " + r.waves_error;
  if (!r.waves.empty()) return "written: " + r.waves.front() + " ...";
  if (r.interrupted) return "none written: the run was interrupted";
  return r.failures.empty()
             ? "none written: the run passed (--waves writes the window around a failure)"
             : "none written";
}

}  // namespace om::cosim
