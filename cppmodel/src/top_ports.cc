// SPDX-License-Identifier: Apache-2.0
// make_pixel(); the port structs' comparisons are generated (tools/gen/top_ports.py: top_ports.cc).
#include "om/top_ports.h"

namespace om {

Pixel make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px) {
  Pixel p;
  make_pixel(x, y, px, &p);
  return p;
}

void make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px, Pixel* out) {
  Pixel& p = *out;
  p.cmd = px.clear ? Cmd::kClear : Cmd::kDraw;
  p.x = x;
  p.y = y;
  p.sample = px.sample;
  p.coverage = px.coverage;
  p.omask_written = px.omask_written;
  p.omask = px.omask;
  p.front_face = true;  // every non-triangle primitive is front-facing
  p.fog = px.fog;
  p.oc1 = px.oc1;
  p.oc = px.oc;
}

}  // namespace om
