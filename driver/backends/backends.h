// SPDX-License-Identifier: Apache-2.0
// Factories of the built-in backends (registered by register_builtin_backends(), builtin.cc).
#pragma once

#include <memory>

#include "om/driver/backend.h"

namespace om::driver {

/// "model": the cycle model om::Top and "rtl": the Verilated om_top, each through the platform's
/// blocking harness (sim::TopHarness: APB4 master, pixel stream, memory with seeded random latency
/// and stalls); for one seed both see the same inputs every cycle.
std::unique_ptr<Backend> make_model_backend(const BackendOptions& options);
std::unique_ptr<Backend> make_rtl_backend(const BackendOptions& options);
/// "ref": the reference model om::ref behind a register file of the register map, with the
/// depth/stencil stage (DepthStencilPort); clock-free.
std::unique_ptr<Backend> make_ref_backend(const BackendOptions& options);

#ifdef OM_HAVE_TLM_BACKEND
/// "tlm": the cycle model om::Top as a loosely-timed TLM-2.0 component (om::sim::systemc::OmTopTlm,
/// testbenches/systemc): registers and pixels through its target sockets, memory behind its
/// initiator socket (a TexelMemory with seeded random latency).
std::unique_ptr<Backend> make_tlm_backend(const BackendOptions& options);
#endif

}  // namespace om::driver
