// SPDX-License-Identifier: Apache-2.0
#include "backends.h"

namespace om::driver {

void register_builtin_backends() {
  register_backend("model", "cycle model om::Top with a random-latency memory", make_model_backend);
  register_backend("rtl", "Verilated om_top with a random-latency memory", make_rtl_backend);
  register_backend("ref", "the clock-free reference model om::ref, with the depth/stencil stage",
                   make_ref_backend);
#ifdef OM_HAVE_TLM_BACKEND
  register_backend("tlm",
                   "cycle model as a TLM-2.0 component (register/pixel sockets, memory target)",
                   make_tlm_backend);
#endif
}

}  // namespace om::driver
