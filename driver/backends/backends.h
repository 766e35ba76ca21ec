// Factories of the built-in backends (registered by register_builtin_backends(), builtin.cc).
#pragma once

#include <memory>

#include "om/driver/backend.h"

namespace om::driver {

/// "model": the om_csr cycle model (om::Csr) behind an APB4 master, and the clock-free reference
/// model (om::ref::process_pixel) over a render-target memory image, with the state decoded from
/// the cycle model's state registers (never from the driver's copy).
std::unique_ptr<Backend> make_model_backend(const BackendOptions& options);

#ifdef OM_HAVE_RTL_BACKEND
/// "rtl": the Verilated om_top (testbenches/top's TopHarness: APB4 master, pixel stream, memory
/// model with seeded random latency and stalls).
std::unique_ptr<Backend> make_rtl_backend(const BackendOptions& options);
#endif

#ifdef OM_HAVE_TLM_BACKEND
/// "tlm": the cycle model om::Top as a loosely-timed TLM-2.0 component (om::sim::systemc::OmTopTlm,
/// testbenches/systemc): registers and pixels through its target sockets, memory behind its
/// initiator socket (a TexelMemory with seeded random latency).
std::unique_ptr<Backend> make_tlm_backend(const BackendOptions& options);
#endif

}  // namespace om::driver
