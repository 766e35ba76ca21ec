// SPDX-License-Identifier: Apache-2.0
// Minimal PNG writer (8-bit RGBA, no interlace, one IDAT compressed with zlib): enough for the
// demo's images without another dependency.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace om::tools {

/// Encode `rgba` (width * height * 4 bytes, rows top to bottom, R, G, B, A per pixel) as a PNG file
/// image. Throws std::invalid_argument when the sizes disagree or are zero.
std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba);

/// Write encode_png(...) to `path`, creating missing parent directories. Throws std::runtime_error
/// on I/O errors.
void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace om::tools
