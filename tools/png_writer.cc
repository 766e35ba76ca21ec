// SPDX-License-Identifier: Apache-2.0
#include "png_writer.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace om::tools {
namespace {

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}

/// Append one chunk: length, type, data, CRC-32 of type + data (PNG spec §5.3).
void chunk(std::vector<uint8_t>& out, const char type[4], const std::vector<uint8_t>& data) {
  put_u32(out, static_cast<uint32_t>(data.size()));
  const size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, out.data() + start, static_cast<uInt>(out.size() - start));
  put_u32(out, static_cast<uint32_t>(crc));
}

}  // namespace

std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba) {
  if (width <= 0 || height <= 0 ||
      rgba.size() != static_cast<size_t>(width) * static_cast<size_t>(height) * 4) {
    throw std::invalid_argument("encode_png: " + std::to_string(rgba.size()) + " bytes for " +
                                std::to_string(width) + "x" + std::to_string(height) + " RGBA");
  }
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  put_u32(ihdr, static_cast<uint32_t>(width));
  put_u32(ihdr, static_cast<uint32_t>(height));
  ihdr.insert(ihdr.end(),
              {8, 6, 0, 0, 0});  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  chunk(out, "IHDR", ihdr);
  // Scanlines, each preceded by filter type 0 (None).
  const size_t row = static_cast<size_t>(width) * 4;
  std::vector<uint8_t> raw;
  raw.reserve((row + 1) * static_cast<size_t>(height));
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), rgba.begin() + static_cast<std::ptrdiff_t>(row * y),
               rgba.begin() + static_cast<std::ptrdiff_t>(row * (y + 1)));
  }
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::vector<uint8_t> idat(size);
  if (compress2(idat.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 9) != Z_OK) {
    throw std::runtime_error("encode_png: zlib compress2 failed");
  }
  idat.resize(size);
  chunk(out, "IDAT", idat);
  chunk(out, "IEND", {});
  return out;
}

void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba) {
  const std::vector<uint8_t> png = encode_png(width, height, rgba);
  const std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  if (!f) throw std::runtime_error(path + ": cannot write");
}

}  // namespace om::tools
