// SPDX-License-Identifier: Apache-2.0
// GTKWave's FST writer library (shipped with Verilator), built as Verilator's verilated_fst_c.cpp
// builds it, for the cycle model's waves (fst_writer.cc) when om_top is Verilated without tracing
// (OM_RTL_CHECKS=OFF, and om_rtl_top_xunique); the traced om_top brings it in itself.
#define HAVE_LIBPTHREAD
#define FST_WRITER_PARALLEL
#define FST_CONFIG_INCLUDE "fst_config.h"
#include "gtkwave/fastlz.c"
#include "gtkwave/fstapi.c"
#include "gtkwave/lz4.c"
