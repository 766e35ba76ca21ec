#include "backends.h"

namespace om::driver {

void register_builtin_backends() {
  register_backend("model",
                   "om_csr cycle model + reference-model pixel processing over a memory image",
                   make_model_backend);
#ifdef OM_HAVE_RTL_BACKEND
  register_backend("rtl", "Verilated om_top with a random-latency memory model", make_rtl_backend);
#endif
#ifdef OM_HAVE_TLM_BACKEND
  register_backend("tlm",
                   "cycle model as a TLM-2.0 component (register/pixel sockets, memory target)",
                   make_tlm_backend);
#endif
}

}  // namespace om::driver
