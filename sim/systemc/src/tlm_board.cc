// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/tlm_board.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>

namespace om::sim::systemc {

TlmBoard::TlmBoard(const sc_core::sc_module_name& name)
    : sc_core::sc_module(name),
      reg_init("reg_init"),
      pixel_init("pixel_init"),
      om("om", kDefaultConfig, sc_core::sc_time(10, sc_core::SC_NS), /*background=*/false),
      mem("mem"),
      ds_mem("ds_mem") {
  reg_init.bind(om.reg_socket);
  pixel_init.bind(om.pixel_socket);
  om.mem_socket.bind(mem.socket);
  om.ds_mem_socket.bind(ds_mem.socket);
}

void TlmBoard::restart(int cfg_index, const MemoryTiming& timing) {
  for (TexelMemory* m : {&mem, &ds_mem}) {
    m->set_timing(timing);
    m->clear(timing.seed);
  }
  om.hold_reset(false);
  om.set_timeout(OmTopTlm::kDefaultTimeout);
  om.reset(cfg_index);
  const sc_core::sc_time now = om.model_time();
  const sc_core::sc_time stamp = sc_core::sc_time_stamp();
  local_ = now > stamp ? now - stamp : sc_core::SC_ZERO_TIME;
}

TlmBoard::RegResult TlmBoard::transfer(bool write, uint32_t addr, uint32_t data) {
  unsigned char bytes[4];
  std::memcpy(bytes, &data, 4);
  trans_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  trans_.set_address(addr);
  trans_.set_data_ptr(bytes);
  trans_.set_data_length(4);
  trans_.set_streaming_width(4);
  trans_.set_byte_enable_ptr(nullptr);
  trans_.set_byte_enable_length(0);
  trans_.set_dmi_allowed(false);
  trans_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  reg_init->b_transport(trans_, local_);
  RegResult r;
  r.status = trans_.get_response_status();
  if (r.ok() && !write) std::memcpy(&r.data, bytes, 4);
  return r;
}

TlmBoard::RegResult TlmBoard::read(uint32_t addr) { return transfer(false, addr, 0); }
TlmBoard::RegResult TlmBoard::write(uint32_t addr, uint32_t data) {
  return transfer(true, addr, data);
}

tlm::tlm_response_status TlmBoard::send(const std::vector<Pixel>& pixels) {
  std::vector<unsigned char> bytes = pack_pixels(pixels);
  trans_.set_command(tlm::TLM_WRITE_COMMAND);
  trans_.set_address(0);
  trans_.set_data_ptr(bytes.data());
  trans_.set_data_length(static_cast<unsigned>(bytes.size()));
  trans_.set_streaming_width(static_cast<unsigned>(bytes.size()));
  trans_.set_byte_enable_ptr(nullptr);
  trans_.set_byte_enable_length(0);
  trans_.set_dmi_allowed(false);
  trans_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  pixel_init->b_transport(trans_, local_);
  return trans_.get_response_status();
}

namespace {

struct Pool {
  std::mutex m;
  std::vector<TlmBoard*> boards;
  std::vector<bool> used;
};

Pool& pool() {
  static Pool* p = new Pool;  // never destroyed: SystemC objects live until the process ends
  return *p;
}

void elaborate(Pool& p) {
  if (sc_core::sc_get_status() != sc_core::SC_ELABORATION) {
    throw std::runtime_error(
        "om::sim::systemc::BoardPool: SystemC was elaborated before the first board was requested; "
        "request boards before any sc_start() in this process");
  }
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);  // before the kernel prints its banner
  for (int i = 0; i < BoardPool::kBoards; ++i) {
    p.boards.push_back(new TlmBoard(("om_tlm_board_" + std::to_string(i)).c_str()));
    p.used.push_back(false);
  }
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration: binds the sockets
}

}  // namespace

std::shared_ptr<TlmBoard> BoardPool::acquire(int cfg_index, const MemoryTiming& timing) {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.m);
  if (p.boards.empty()) elaborate(p);
  for (size_t i = 0; i < p.boards.size(); ++i) {
    if (p.used[i]) continue;
    TlmBoard* b = p.boards[i];
    b->restart(cfg_index, timing);
    p.used[i] = true;
    return std::shared_ptr<TlmBoard>(b, [i](TlmBoard*) {
      Pool& q = pool();
      std::lock_guard<std::mutex> l(q.m);
      q.used[i] = false;
    });
  }
  throw std::runtime_error("om::sim::systemc::BoardPool: all " + std::to_string(kBoards) +
                           " boards are in use");
}

}  // namespace om::sim::systemc

// libsystemc.so's main() calls sc_main(), so every program linking libsystemc must define it, even
// one with its own main() that uses boards from plain C++ (GoogleTest suites, the driver's "tlm"
// backend). This weak definition satisfies the linker there; a real sc_main elsewhere overrides it,
// and it is never called while the program has its own main().
__attribute__((weak)) int sc_main(int, char*[]) {
  std::fprintf(stderr, "sc_main: this program has no SystemC entry point\n");
  return 1;
}
