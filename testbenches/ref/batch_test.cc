// SPDX-License-Identifier: Apache-2.0
// blend_batch() must equal rt_op() per pixel bit for bit, for every format and every kernel/ISA
// level, on random states and operands (NaN, INF, denormals, tiny normals that underflow in
// products, signed zeros), in place and out of place, with odd lengths that exercise the kernels'
// scalar tails.
#include "om/ref/batch.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/ref/fp32.h"
#include "om/ref/rt_op.h"

namespace om::ref {
namespace {

constexpr uint32_t kFactors[17] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19};
constexpr BatchIsa kIsas[] = {BatchIsa::SCALAR, BatchIsa::SSE41, BatchIsa::AVX2, BatchIsa::AUTO};

uint32_t seed() {
  const char* e = std::getenv("OM_SEED");
  const uint32_t s = e ? static_cast<uint32_t>(std::strtoul(e, nullptr, 0)) : 424242u;
  std::printf("OM_SEED=%u\n", s);
  return s;
}

uint32_t operand(std::mt19937& rng, bool integer) {
  if (integer) return rng() % 3 == 0 ? rng() % 300 : rng();
  switch (rng() % 8) {
    case 0: {
      static const uint32_t kSpecial[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u,
                                          0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC12345u,
                                          0x7F800001u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                                          0x3F000000u, 0x477FE000u, 0x7F7FFFFFu, 0x3EFFFFFFu};
      return kSpecial[rng() % 16];
    }
    case 1:
      return rng();
    case 2:
      return 0x00800000u +
             rng() % 0x0D000000u;  // tiny normals 2^-126 .. ~2^-100: products underflow
    case 3:
      return f32_bits(static_cast<float>(rng() % 256) / 255.0f);
    default:
      return f32_bits(std::uniform_real_distribution<float>(-0.5f, 1.5f)(rng));
  }
}

RtBlendDesc random_desc(std::mt19937& rng) {
  RtBlendDesc d;
  d.blend_enable = rng() % 8 != 0;
  auto factor = [&] {
    return static_cast<Blend>(rng() % 16 == 0 ? rng() % 32 : kFactors[rng() % 17]);
  };
  auto op = [&] { return static_cast<BlendOp>(rng() % 16 == 0 ? rng() % 8 : 1 + rng() % 5); };
  d.src_blend = factor();
  d.dest_blend = factor();
  d.blend_op = op();
  d.src_blend_alpha = factor();
  d.dest_blend_alpha = factor();
  d.blend_op_alpha = op();
  d.render_target_write_mask = rng() % 3 == 0 ? rng() % 16 : 0xF;
  return d;
}

struct Case {
  BatchRt rt;
  size_t n;
  std::vector<uint32_t> src, src1;
  std::vector<uint8_t> dest;
};

Case random_case(const FormatInfo& f, std::mt19937& rng, size_t n) {
  Case c;
  c.rt.format = &f;
  c.rt.desc = random_desc(rng);
  c.rt.gamma_space = rng() % 2;
  for (uint32_t& k : c.rt.blend_factor) k = operand(rng, false);
  if (f.cls == FormatClass::UINT && rng() % 2) {
    c.rt.logic_op_enable = true;
    c.rt.logic_op = static_cast<LogicOp>(rng() % 16);
  } else if (rng() % 16 == 0) {
    c.rt.logic_op_enable = true;  // on a non-UINT RT: RT unchanged
  }
  const bool integer = f.cls == FormatClass::UINT || f.cls == FormatClass::SINT;
  c.n = n;
  c.src.resize(4 * n);
  c.src1.resize(4 * n);
  for (uint32_t& v : c.src) v = operand(rng, integer);
  for (uint32_t& v : c.src1) v = operand(rng, integer);
  c.dest.resize(n * texel_bytes(f));
  for (uint8_t& b : c.dest) b = static_cast<uint8_t>(rng());
  // Float16 NaN / INF / denormal destination values appear often enough from random bytes.
  return c;
}

// The reference: rt_op() called per pixel right here.
void expect_matches_rt_op(const Case& c, const std::vector<uint8_t>& out,
                          const std::vector<uint8_t>& written, bool with_s1,
                          const std::string& what) {
  const FormatInfo& f = *c.rt.format;
  const size_t tb = texel_bytes(f);
  int failures = 0;
  for (size_t i = 0; i < c.n && failures < 3; ++i) {
    RtOpIn in;
    in.format = &f;
    in.desc = c.rt.desc;
    in.logic_op_enable = c.rt.logic_op_enable;
    in.logic_op = c.rt.logic_op;
    in.gamma_space = c.rt.gamma_space;
    in.k = c.rt.blend_factor;
    std::memcpy(in.s.data(), &c.src[4 * i], 16);
    if (with_s1) std::memcpy(in.s1.data(), &c.src1[4 * i], 16);
    std::memcpy(in.dest.w.data(), &c.dest[i * tb], tb);
    const RtOpOut r = rt_op(in);
    if (std::memcmp(r.texel.w.data(), &out[i * tb], tb) != 0 || written[i] != r.write) {
      ++failures;
      uint32_t got[4] = {};
      std::memcpy(got, &out[i * tb], tb);
      ADD_FAILURE() << what << " pixel " << i << ": got 0x" << std::hex << got[0] << " " << got[1]
                    << ", rt_op 0x" << r.texel.w[0] << " " << r.texel.w[1] << " (S 0x" << in.s[0]
                    << " " << in.s[1] << " " << in.s[2] << " " << in.s[3] << ")";
    }
  }
}

void check_case(const Case& c, const std::string& what) {
  for (BatchIsa isa : kIsas) {
    for (int variant = 0; variant < 3; ++variant) {  // out of place, in place, no src1
      const bool in_place = variant == 1, with_s1 = variant != 2;
      std::vector<uint8_t> out = in_place ? c.dest : std::vector<uint8_t>(c.dest.size(), 0xCD);
      std::vector<uint8_t> written(c.n, 7);
      const std::string tag = what + " isa " + std::to_string(static_cast<int>(isa)) + " variant " +
                              std::to_string(variant) + " kernel " + blend_batch_kernel(c.rt, isa);
      try {
        blend_batch(c.rt, c.n, c.src.data(), with_s1 ? c.src1.data() : nullptr,
                    in_place ? static_cast<const void*>(out.data()) : c.dest.data(), out.data(),
                    written.data(), isa);
      } catch (const std::invalid_argument&) {
        // Unlatchable values: the reference must reject the same state.
        RtOpIn in;
        in.format = c.rt.format;
        in.desc = c.rt.desc;
        in.logic_op_enable = c.rt.logic_op_enable;
        in.logic_op = c.rt.logic_op;
        std::memcpy(in.dest.w.data(), c.dest.data(), texel_bytes(*c.rt.format));
        EXPECT_THROW(rt_op(in), std::invalid_argument) << tag;
        continue;
      }
      expect_matches_rt_op(c, out, written, with_s1, tag);
    }
  }
}

TEST(Batch, EqualsRtOpForEveryFormatOnRandomStates) {
  std::mt19937 rng(seed());
  for (const FormatInfo& f : kFormatInfo) {
    for (int it = 0; it < 24; ++it) check_case(random_case(f, rng, 37), f.name);
  }
}

TEST(Batch, Rgba8FastPathEqualsRtOpOnEveryFactorAndOp) {
  std::mt19937 rng(seed() + 1);
  for (const char* name : {"R8G8B8A8_UNORM", "B8G8R8A8_UNORM"}) {
    const FormatInfo& f = *find_format(name);
    for (int i = 0; i < 17; ++i) {
      for (int j = 0; j < 17; ++j) {
        Case c = random_case(f, rng, 29);
        c.rt.logic_op_enable = false;
        c.rt.desc.blend_enable = true;
        c.rt.desc.src_blend = static_cast<Blend>(kFactors[i]);
        c.rt.desc.dest_blend = static_cast<Blend>(kFactors[j]);
        c.rt.desc.src_blend_alpha = static_cast<Blend>(kFactors[(i + j) % 17]);
        c.rt.desc.dest_blend_alpha = static_cast<Blend>(kFactors[(i * 3 + 1) % 17]);
        c.rt.desc.blend_op = static_cast<BlendOp>(1 + (i + j) % 5);
        c.rt.desc.blend_op_alpha = static_cast<BlendOp>(1 + (i * j) % 5);
        check_case(c, std::string(name) + " " + std::to_string(i) + "/" + std::to_string(j));
      }
    }
  }
}

TEST(Batch, Rgba8SrcAlphaOverEveryCodePair) {
  const FormatInfo& f = *find_format("R8G8B8A8_UNORM");
  Case c;
  c.rt.format = &f;
  c.rt.desc.blend_enable = true;
  c.rt.desc.src_blend = c.rt.desc.src_blend_alpha = Blend::SRC_ALPHA;
  c.rt.desc.dest_blend = c.rt.desc.dest_blend_alpha = Blend::INV_SRC_ALPHA;
  c.n = 65536;
  c.src.resize(4 * c.n);
  c.src1.assign(4 * c.n, 0);
  c.dest.resize(4 * c.n);
  for (uint32_t s = 0; s < 256; ++s) {
    for (uint32_t d = 0; d < 256; ++d) {
      const size_t i = s * 256 + d;
      const uint32_t sv = f32_bits(static_cast<float>(s) / 255.0f);
      const uint32_t av = f32_bits(static_cast<float>(255 - d) / 255.0f);
      c.src[4 * i] = c.src[4 * i + 1] = c.src[4 * i + 2] = sv;
      c.src[4 * i + 3] = av;
      const uint32_t dw = d | (255 - s) << 8 | (s ^ d) << 16 | s << 24;
      std::memcpy(&c.dest[4 * i], &dw, 4);
    }
  }
  check_case(c, "src-alpha pairs");
}

TEST(Batch, Rgba16fAddAndUintXorUseTheirKernels) {
  std::mt19937 rng(seed() + 2);
  BatchRt h;
  h.format = find_format("R16G16B16A16_FLOAT");
  h.desc.blend_enable = true;
  h.desc.src_blend = h.desc.dest_blend = h.desc.src_blend_alpha = h.desc.dest_blend_alpha =
      Blend::ONE;
  BatchRt x;
  x.format = find_format("R8G8B8A8_UINT");
  x.logic_op_enable = true;
  x.logic_op = LogicOp::XOR;
  EXPECT_STREQ(blend_batch_kernel(x, BatchIsa::SSE41), "scalar-uint8x4-logic");
  std::printf("RGBA16F ONE/ONE ADD kernel: %s; RGBA8 kernel: %s\n", blend_batch_kernel(h),
              blend_batch_kernel([] {
                BatchRt r;
                r.format = find_format("R8G8B8A8_UNORM");
                return r;
              }()));
  for (uint32_t mask : {0xFu, 0x5u, 0x8u}) {
    for (int it = 0; it < 20; ++it) {
      Case c = random_case(*h.format, rng, 101);
      c.rt = h;
      c.rt.desc.render_target_write_mask = mask;
      check_case(c, "rgba16f add mask " + std::to_string(mask));
      Case u = random_case(*x.format, rng, 101);
      u.rt = x;
      u.rt.logic_op = static_cast<LogicOp>(it % 16);
      u.rt.desc.render_target_write_mask = mask;
      check_case(u, "uint8x4 logic mask " + std::to_string(mask));
    }
  }
}

TEST(Batch, Rgba16fAddEveryPairOfSpecialValues) {
  // Signed zeros, binary32 denormals (flushed, sign kept), values that overflow or underflow
  // float16, NaN payloads and INF against every special float16 destination.
  const uint32_t s_special[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x807FFFFFu,
                                0x00800000u, 0x80800000u, 0x33800000u, 0xB3000000u, 0x387FC000u,
                                0x3F800000u, 0xBF800000u, 0x477FE000u, 0x477FFFFFu, 0xC77FF000u,
                                0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC12345u, 0x7F800001u};
  const uint32_t d_special[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00,
                                0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x7D00, 0xFE01, 0x3555};
  Case c;
  c.rt.format = find_format("R16G16B16A16_FLOAT");
  c.rt.desc.blend_enable = true;
  c.rt.desc.src_blend = c.rt.desc.dest_blend = Blend::ONE;
  c.rt.desc.src_blend_alpha = c.rt.desc.dest_blend_alpha = Blend::ONE;
  for (uint32_t s : s_special) {
    for (uint32_t d : d_special) {
      for (int ch = 0; ch < 4; ++ch) c.src.push_back(s);
      const uint64_t texel = d * 0x0001000100010001ull;
      for (int b = 0; b < 8; ++b) c.dest.push_back(static_cast<uint8_t>(texel >> (8 * b)));
    }
  }
  c.n = c.src.size() / 4;
  c.src1.assign(c.src.size(), 0);
  check_case(c, "rgba16f specials");
}

TEST(Batch, RejectsMissingFormatAndUnlatchableValues) {
  BatchRt rt;
  uint32_t src[4] = {};
  uint8_t buf[16] = {};
  EXPECT_THROW(blend_batch(rt, 1, src, nullptr, buf, buf), std::invalid_argument);
  rt.format = find_format("R8G8B8A8_UNORM");
  rt.desc.blend_enable = true;
  rt.desc.src_blend = static_cast<Blend>(40);
  EXPECT_THROW(blend_batch(rt, 1, src, nullptr, buf, buf), std::invalid_argument);
  rt.format = find_format("R8G8B8A8_UINT");
  rt.logic_op_enable = true;
  rt.logic_op = static_cast<LogicOp>(16);
  EXPECT_THROW(blend_batch(rt, 1, src, nullptr, buf, buf), std::invalid_argument);
  EXPECT_EQ(texel_bytes(*find_format("R32G32B32A32_FLOAT")), 16u);
  EXPECT_EQ(texel_bytes(*find_format("R8_UNORM")), 1u);
}

}  // namespace
}  // namespace om::ref
