// SPDX-License-Identifier: Apache-2.0
// The render-target memory of every simulation (the lockstep, the blocking harness, the driver's
// rtl backend, the TLM-2.0 target TexelMemory): one 128-bit texel per address (om::mem_addr), with
// the ordering contract of
// om_top's memory ports (docs/interface.md): requests take effect in acceptance order, a read
// accepted after a write to the same address returns the written data, a write and a read accepted
// in the same cycle: the write first. Responses return in order, at most one per cycle, without
// backpressure. Readiness and latency come cycle by cycle from a timing source: seeded random
// phases (RandomTiming) or a recorded per-cycle table (TableTiming, what the stimulus carries, so
// both lockstep sides see the same memory). A transaction-level user (TLM) reads and writes at
// once, in call order, without a timing source.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "om/ref/convert.h"
#include "om/sim/image.h"
#include "om/top_ports.h"

namespace om::sim {

/// Memory behaviour of one cycle. Four bytes with the padding: the memory reads it every cycle
/// (MemTiming::at()), one load instead of three.
struct alignas(4) MemCycle {
  bool rd_ready = true;
  bool wr_ready = true;
  uint8_t latency = 1;  // of a read accepted in this cycle (>= 1)
};

/// Where a memory's readiness and latency come from.
class MemTiming {
 public:
  MemTiming() = default;
  // A copy starts without a window: the window points into the original's storage.
  MemTiming(const MemTiming& /*o*/) {}
  MemTiming& operator=(const MemTiming& /*o*/) {
    window_ = nullptr;
    first_ = 0;
    size_ = 0;
    return *this;
  }
  virtual ~MemTiming() = default;
  /// Behaviour in `cycle`. Cycles never decrease between calls; one cycle may be asked repeatedly
  /// and gets the same answer. Inline from the window the source gave last (the memory asks
  /// every cycle), else from lookup().
  MemCycle at(uint64_t cycle) {
    const uint64_t i = cycle - first_;
    return i < size_ ? window_[i] : lookup(cycle);
  }
  /// A copy that goes on with the same answers (random state included): a checkpoint's.
  virtual std::unique_ptr<MemTiming> clone() const = 0;

 protected:
  /// at(cycle) for a cycle outside the window; may set a new window.
  virtual MemCycle lookup(uint64_t cycle) = 0;
  /// Cycles first .. first + size - 1 are window[0 .. size - 1] until the next lookup(): `window`
  /// must stay valid and unchanged that long.
  void set_window(const MemCycle* window, uint64_t first, uint64_t size) {
    window_ = window;
    first_ = first;
    size_ = size;
  }

 private:
  const MemCycle* window_ = nullptr;
  uint64_t first_ = 0;
  uint64_t size_ = 0;
};

/// Recorded timing: entry `cycle` of a table (beyond its end: always ready, latency 1). The table
/// must outlive the timing source.
class TableTiming final : public MemTiming {
 public:
  explicit TableTiming(const std::vector<MemCycle>& table) : table_(table) {}
  std::unique_ptr<MemTiming> clone() const override { return std::make_unique<TableTiming>(*this); }

 private:
  MemCycle lookup(uint64_t cycle) override {
    set_window(table_.data(), 0, table_.size());
    return cycle < table_.size() ? table_[cycle] : MemCycle{};
  }

  const std::vector<MemCycle>& table_;
};

/// Parameters of random timing.
struct MemConfig {
  int latency_min = 1;      // cycles from read acceptance to the response (>= 1)
  int latency_max = 1;      // latency drawn uniformly from [latency_min, latency_max] (<= 255)
  double rd_ready_p = 1.0;  // probability that mem_rd_ready_i is high in a cycle (> 0)
  double wr_ready_p = 1.0;  // probability that mem_wr_ready_i is high in a cycle (> 0)
};

/// Seeded random timing: each new cycle draws its readiness and latency from one engine.
class RandomTiming final : public MemTiming {
 public:
  /// Throws std::invalid_argument naming the bad parameter.
  RandomTiming(const MemConfig& cfg, uint64_t seed);
  std::unique_ptr<MemTiming> clone() const override {
    return std::make_unique<RandomTiming>(*this);
  }

 private:
  MemCycle lookup(uint64_t cycle) override;

  MemConfig cfg_;
  std::mt19937_64 rng_;
  bool drawn_ = false;
  uint64_t cycle_ = 0;
  MemCycle cur_;
};

/// The response half of the ordering contract (Memory's, and the TLM model's memory port's): read
/// responses in acceptance order, at most one per cycle, each due `latency` (>= 1) cycles after
/// its read was accepted or in the cycle after the previous one, whichever is later.
class ResponseQueue {
 public:
  void push(uint64_t cycle, uint64_t latency, const ref::Texel& data) {
    last_due_ = std::max(cycle + std::max<uint64_t>(1, latency), last_due_ + 1);
    if (size_ == ring_.size()) grow();
    ring_[(head_ + size_) & (ring_.size() - 1)] = {last_due_, data};
    ++size_;
  }
  /// A response is due in `cycle`.
  bool valid(uint64_t cycle) const { return size_ != 0 && ring_[head_].due <= cycle; }
  /// Data of the oldest response (not empty()).
  const ref::Texel& front() const { return ring_[head_].data; }
  /// The oldest response was delivered.
  void pop() {
    head_ = (head_ + 1) & (ring_.size() - 1);
    --size_;
  }
  /// Drops the responses not yet delivered (a reset); the next response still comes after their
  /// cycles.
  void clear() {
    head_ = 0;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

 private:
  struct Rsp {
    uint64_t due;
    ref::Texel data;
  };
  // Twice the room (a power of two), the oldest response first.
  void grow() {
    std::vector<Rsp> r(ring_.empty() ? 16 : 2 * ring_.size());
    for (size_t i = 0; i < size_; ++i) r[i] = ring_[(head_ + i) & (ring_.size() - 1)];
    ring_ = std::move(r);
    head_ = 0;
  }
  // A ring buffer (the memory asks for the front every cycle): responses head_ .. head_ + size_ - 1
  // modulo its size, a power of two.
  std::vector<Rsp> ring_;
  size_t head_ = 0;
  size_t size_ = 0;
  uint64_t last_due_ = 0;
};

class Memory {
 public:
  /// Without a timing source the ports are always ready with latency 1 (a transaction-level
  /// memory).
  explicit Memory(std::unique_ptr<MemTiming> timing = nullptr) : timing_(std::move(timing)) {}
  /// A copy that goes on as `o` would: contents, responses in flight and the timing's state.
  Memory(const Memory& o)
      : timing_(o.timing_ ? o.timing_->clone() : nullptr),
        image_(o.image_),
        rsp_(o.rsp_),
        reads_(o.reads_),
        writes_(o.writes_) {}
  Memory& operator=(const Memory&) = delete;
  Memory(Memory&&) = default;
  Memory& operator=(Memory&&) = default;

  /// Inputs of `cycle`: all of them (one lookup), or each.
  MemCycle timing(uint64_t cycle) { return at(cycle); }
  bool rd_ready(uint64_t cycle) { return at(cycle).rd_ready; }
  bool wr_ready(uint64_t cycle) { return at(cycle).wr_ready; }
  /// Latency of a read accepted in `cycle`.
  uint8_t latency(uint64_t cycle) { return at(cycle).latency; }
  bool rsp_valid(uint64_t cycle) const { return rsp_.valid(cycle); }
  /// Data of the due response (only when rsp_valid).
  const ref::Texel& rsp_data() const { return rsp_.front(); }

  /// Applies the handshakes of `cycle`: the delivered response leaves, then the write, then the
  /// read (its response is due after the cycle's latency, after the previous response).
  void commit(uint64_t cycle, bool wr_fire, MemAddr wr_addr, const ref::Texel& wr_data,
              bool rd_fire, MemAddr rd_addr, bool rsp_delivered) {
    // Most cycles have no handshake on a port: they cost no call.
    if (wr_fire || rd_fire || rsp_delivered) {
      commit_fired(cycle, wr_fire, wr_addr, wr_data, rd_fire, rd_addr, rsp_delivered);
    }
  }

  /// A read or write that takes effect at once (a transaction), counted like a handshake.
  ref::Texel read(MemAddr addr);
  void write(MemAddr addr, const ref::Texel& data);
  /// The texel at `addr` (zero when never written), not counted.
  ref::Texel peek(MemAddr addr) const;

  Image& image() { return image_; }
  const Image& image() const { return image_; }
  /// No response outstanding.
  bool idle() const { return rsp_.empty(); }
  size_t outstanding() const { return rsp_.size(); }
  uint64_t reads() const { return reads_; }
  uint64_t writes() const { return writes_; }

 private:
  MemCycle at(uint64_t cycle) { return timing_ ? timing_->at(cycle) : MemCycle{}; }
  void commit_fired(uint64_t cycle, bool wr_fire, MemAddr wr_addr, const ref::Texel& wr_data,
                    bool rd_fire, MemAddr rd_addr, bool rsp_delivered);

  std::unique_ptr<MemTiming> timing_;
  Image image_;
  ResponseQueue rsp_;
  uint64_t reads_ = 0;
  uint64_t writes_ = 0;
};

}  // namespace om::sim
