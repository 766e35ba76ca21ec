// SPDX-License-Identifier: Apache-2.0
// The demo's blend gallery: gradients blended by the reference model under common blend modes, on a
// UNORM and an sRGB render target, laid out as one RGBA8 image.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace om::tools {

struct Gallery {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;         // width * height * 4, rows top to bottom
  std::vector<std::string> columns;  // what each column of tiles shows, left to right
  std::vector<std::string> rows;     // what each row of tiles shows, top to bottom
};

/// Render the gallery: every tile blends a source whose colour sweeps a hue ramp left to right and
/// whose alpha rises top to bottom over a checkerboard destination, through om::ref::process_pixel.
Gallery render_gallery();

}  // namespace om::tools
