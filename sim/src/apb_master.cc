// SPDX-License-Identifier: Apache-2.0
#include "om/sim/apb_master.h"

namespace om::sim {

ApbMaster::Pins ApbMaster::next_busy() {
  if (phase_ == Phase::kIdle && !q_.empty()) {
    if (!gap_loaded_) {
      gap_left_ = q_.front().gap;
      gap_loaded_ = true;
    }
    if (gap_left_ > 0) {
      --gap_left_;
    } else {
      cur_ = q_.front();
      q_.pop_front();
      gap_loaded_ = false;
      phase_ = Phase::kSetup;
      waited_ = 0;
    }
  }
  Pins p;
  if (phase_ == Phase::kIdle) return p;
  p.psel = true;
  p.penable = phase_ == Phase::kAccess;
  p.pwrite = cur_.write;
  p.paddr = cur_.addr;
  p.pwdata = cur_.write ? cur_.data : 0u;
  p.pstrb = cur_.write ? cur_.strb : 0u;
  return p;
}

void ApbMaster::abort() {
  if (phase_ != Phase::kIdle) q_.push_front(cur_);
  phase_ = Phase::kIdle;
  gap_loaded_ = false;
}

bool ApbMaster::sample(bool pready, bool pslverr, uint32_t prdata, Done* done) {
  if (phase_ == Phase::kSetup) {
    phase_ = Phase::kAccess;
    return false;
  }
  if (phase_ != Phase::kAccess) return false;
  if (!pready) {
    ++waited_;
    return false;
  }
  done->op = cur_;
  done->err = pslverr;
  done->rdata = prdata;
  done->waited = waited_;
  phase_ = Phase::kIdle;
  return true;
}

}  // namespace om::sim
