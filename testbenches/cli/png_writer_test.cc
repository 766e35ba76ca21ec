// SPDX-License-Identifier: Apache-2.0
// The demo's PNG writer, read back with libpng (an independent decoder).
#include "png_writer.h"

#include <gtest/gtest.h>
#include <png.h>

#include <stdexcept>

namespace om::tools {
namespace {

TEST(Png, LibpngDecodesWhatWeEncode) {
  const int w = 7, h = 5;  // odd sizes: no row padding assumptions
  std::vector<uint8_t> rgba(w * h * 4);
  for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = static_cast<uint8_t>(i * 37 + 11);
  const std::vector<uint8_t> file = encode_png(w, h, rgba);
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  ASSERT_NE(png_image_begin_read_from_memory(&img, file.data(), file.size()), 0) << img.message;
  EXPECT_EQ(img.width, static_cast<png_uint_32>(w));
  EXPECT_EQ(img.height, static_cast<png_uint_32>(h));
  img.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> back(PNG_IMAGE_SIZE(img));
  ASSERT_NE(png_image_finish_read(&img, nullptr, back.data(), 0, nullptr), 0) << img.message;
  EXPECT_EQ(back, rgba);
}

TEST(Png, RejectsSizeMismatch) {
  EXPECT_THROW(encode_png(2, 2, std::vector<uint8_t>(15)), std::invalid_argument);
  EXPECT_THROW(encode_png(0, 1, {}), std::invalid_argument);
}

}  // namespace
}  // namespace om::tools
