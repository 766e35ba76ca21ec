// SPDX-License-Identifier: Apache-2.0
// The register block's storage generated for the cycle model om::Csr (om/gen/csr_storage.h) against
// the register table generated from the same description (om/gen/regs.h): every register a bus
// write stores has a word of its own, the words are FieldStorage and all of it, and offsets no
// register stores (hardware wires, unmapped) have none; each performance counter's word drives the
// perf_t member its table entry names.
#include "om/gen/csr_storage.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>

#include "om/gen/regs.h"

namespace om::unit {
namespace {

// Byte position of a word inside the storage it belongs to.
ptrdiff_t position(const regs::FieldStorage& fs, const uint32_t* word) {
  return reinterpret_cast<const char*>(word) - reinterpret_cast<const char*>(&fs);
}

TEST(CsrStorage, EveryStoredRegisterHasItsOwnWord) {
  const regs::FieldStorage fs{};
  std::map<ptrdiff_t, const char*> owner;  // word position -> register
  for (const regs::RegInfo& r : regs::kRegs) {
    const uint32_t* w = regs::storage_word(fs, r.offset);
    if (w == nullptr) {
      // No word: the value is a wire (capability ROM, status input), so software only reads it.
      EXPECT_EQ(r.access, regs::Access::kR) << r.name << " is writable but has no storage word";
      EXPECT_TRUE(r.hw_driven) << r.name << " is read-only, not hardware-driven, and has no word";
      continue;
    }
    const ptrdiff_t at = position(fs, w);
    EXPECT_GE(at, 0) << r.name;
    EXPECT_LE(at + 4, static_cast<ptrdiff_t>(sizeof fs)) << r.name;
    const auto [it, fresh] = owner.emplace(at, r.name);
    EXPECT_TRUE(fresh) << r.name << " shares its storage word with " << it->second;
  }
  // No member of FieldStorage is out of reach of the offsets.
  EXPECT_EQ(owner.size() * 4, sizeof fs);
}

TEST(CsrStorage, EachCounterDrivesItsPerfMember) {
  regs::FieldStorage fs{};
  for (int i = 0; i < regs::kNumPerfCounters; ++i) {
    const regs::PerfCounter& c = regs::kPerfCounters[i];
    const regs::RegInfo* r = regs::find_reg(c.offset);
    ASSERT_NE(r, nullptr) << c.name;
    EXPECT_STREQ(r->name, c.name);
    uint32_t* w = regs::storage_word(fs, c.offset);
    ASSERT_NE(w, nullptr) << c.name;
    *w = 100u + static_cast<uint32_t>(i);
  }
  Perf p;
  regs::put_perf(p, fs);
  for (int i = 0; i < regs::kNumPerfCounters; ++i) {
    const regs::PerfCounter& c = regs::kPerfCounters[i];
    EXPECT_EQ(p.*c.member, 100u + static_cast<uint32_t>(i)) << c.name;
  }
  // A clear restarts every counter from 0 before the increments.
  regs::count_perf(fs, true, regs::PerfIncr{});
  for (const regs::PerfCounter& c : regs::kPerfCounters) {
    EXPECT_EQ(*regs::storage_word(fs, c.offset), 0u) << c.name;
  }
}

TEST(CsrStorage, UnmappedOffsetsHaveNoWord) {
  regs::FieldStorage fs{};
  for (uint32_t offset = 0; offset < regs::kSpace; ++offset) {
    if (regs::find_reg(offset) == nullptr) {
      EXPECT_EQ(regs::storage_word(fs, offset), nullptr) << "offset 0x" << std::hex << offset;
    }
  }
}

}  // namespace
}  // namespace om::unit
