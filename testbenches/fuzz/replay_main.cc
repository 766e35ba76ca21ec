// SPDX-License-Identifier: Apache-2.0
// A fuzz target without libFuzzer: runs LLVMFuzzerTestOneInput on every file named on the command
// line or found in the folders named there (the kept corpus and crashes), so the default build
// replays them as a regression test. Exit 0 when all ran, 2 when a path cannot be read.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool run_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                   std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(arg)) {
      for (const auto& e : std::filesystem::directory_iterator(arg)) files.push_back(e.path());
    } else {
      files.push_back(arg);
    }
    if (files.empty()) {
      std::fprintf(stderr, "replay: %s holds no inputs\n", argv[i]);
      return 2;
    }
    for (const auto& f : files) {
      if (!run_file(f)) {
        std::fprintf(stderr, "replay: cannot read %s\n", f.c_str());
        return 2;
      }
      ++n;
    }
  }
  std::printf("replay: %zu inputs ran\n", n);
  return 0;
}
