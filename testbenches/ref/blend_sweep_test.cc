// SPDX-License-Identifier: Apache-2.0
// Exhaustive and random sweeps of the blend path against independent references:
// * every UNORM8 (S code, D code) pair, for every factor in each of the four factor positions (RGB
//   src/dest, alpha src/dest) and every op in both slots, checked (a) against the exact rational
//   result and (b) bit for bit against the straight-line host-float oracle of blend_oracle.h;
// * random operands, including NaN, INF, denormals and signed zeros, on float32, float16, SNORM,
//   UNORM of other widths and sRGB RTs, bit for bit against the oracle.
//
// Exact-reference tolerance: with S = s/255, D = d/255, K = k/255, S1 = t/255 exactly, every factor
// is x/255 (SRC_ALPHA_SAT: min(a, 255 - d)/255), so the exact blend result is N/255^2 for an
// integer N, clamped to [0, 255^2]. The stored code must satisfy |code - N/255| <= 0.5 + 2^-10:
// round-to-nearest of the exact value plus the accumulated binary32 error (< 2e-4 codes here),
// strictly inside D3D's 0.6-ULP window (docs/arithmetic.md §6), which is checked as well. (N/255 is
// never an exact tie x.5 because 255 is odd; the ties of docs/vectors.md come from operands that
// are not multiples of 1/255 and are covered by the vector tests.)
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "blend_oracle.h"
#include "om/ref/blend.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

constexpr uint32_t kFactors[17] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19};
constexpr uint32_t kOps[5] = {1, 2, 3, 4, 5};

uint32_t seed() {
  const char* e = std::getenv("OM_SEED");
  const uint32_t s = e ? static_cast<uint32_t>(std::strtoul(e, nullptr, 0)) : 20240611u;
  std::printf("OM_SEED=%u\n", s);
  return s;
}

// Exact numerator (over 255) of factor f for channel c; codes indexed R, G, B, A.
int64_t factor_num(uint32_t f, int c, const int* s, const int* t, const int* k, const int* d) {
  switch (f) {
    case 1:
      return 0;
    case 2:
      return 255;
    case 3:
      return s[c];
    case 4:
      return 255 - s[c];
    case 5:
      return s[3];
    case 6:
      return 255 - s[3];
    case 7:
      return d[3];
    case 8:
      return 255 - d[3];
    case 9:
      return d[c];
    case 10:
      return 255 - d[c];
    case 11:
      return c == 3 ? 255 : std::min(s[3], 255 - d[3]);
    case 14:
      return k[c];
    case 15:
      return 255 - k[c];
    case 16:
      return t[c];
    case 17:
      return 255 - t[c];
    case 18:
      return t[3];
    case 19:
      return 255 - t[3];
  }
  ADD_FAILURE() << "factor " << f;
  return 0;
}

// Exact blend result of channel c as N / 255^2, clamped to [0, 255^2].
int64_t exact_num(uint32_t op, uint32_t fs, uint32_t fd, int c, const int* s, const int* t,
                  const int* k, const int* d) {
  int64_t n;
  if (op == 4) {
    n = 255 * std::min(s[c], d[c]);
  } else if (op == 5) {
    n = 255 * std::max(s[c], d[c]);
  } else {
    const int64_t ts = s[c] * factor_num(fs, c, s, t, k, d);
    const int64_t td = d[c] * factor_num(fd, c, s, t, k, d);
    n = op == 1 ? ts + td : (op == 2 ? ts - td : td - ts);
  }
  return n < 0 ? 0 : (n > 65025 ? 65025 : n);
}

TEST(BlendSweep, EveryUnorm8PairForEveryFactorAndOpMatchesExactAndOracle) {
  const FormatInfo& f = *find_format("R8G8B8A8_UNORM");
  float code_f[256];
  for (int i = 0; i < 256; ++i) code_f[i] = static_cast<float>(i) / 255.0f;
  int64_t checked = 0;
  for (int i = 0; i < 17; ++i) {
    for (int j = 0; j < 5; ++j) {
      RtBlendDesc desc;
      desc.blend_enable = true;
      desc.src_blend = static_cast<Blend>(kFactors[i]);
      desc.dest_blend = static_cast<Blend>(kFactors[(i + 7) % 17]);
      desc.src_blend_alpha = static_cast<Blend>(kFactors[(i + 3) % 17]);
      desc.dest_blend_alpha = static_cast<Blend>(kFactors[(i + 11) % 17]);
      desc.blend_op = static_cast<BlendOp>(kOps[j]);
      desc.blend_op_alpha = static_cast<BlendOp>(kOps[(j + 2) % 5]);
      const uint32_t fac[4][2] = {{kFactors[i], kFactors[(i + 7) % 17]},
                                  {kFactors[i], kFactors[(i + 7) % 17]},
                                  {kFactors[i], kFactors[(i + 7) % 17]},
                                  {kFactors[(i + 3) % 17], kFactors[(i + 11) % 17]}};
      const uint32_t ops[4] = {kOps[j], kOps[j], kOps[j], kOps[(j + 2) % 5]};
      int failures = 0;
      for (int sc = 0; sc < 256 && failures < 5; ++sc) {
        for (int dc = 0; dc < 256 && failures < 5; ++dc) {
          // R and A carry the exhaustive pair; G and B get decorrelated codes (so alpha and colour
          // differ).
          const int s[4] = {sc, (sc * 13 + dc * 7 + 5) & 255, (sc * 101 + dc * 43 + 77) & 255, sc};
          const int d[4] = {dc, (dc * 29 + sc * 3 + 11) & 255, (sc ^ dc ^ 0xA5), dc};
          const int k[4] = {(sc + dc) & 255, (sc * 5) & 255, 255 - dc, (dc * 3 + 1) & 255};
          const int t[4] = {(sc * 7) & 255, (dc + 100) & 255, (sc * dc) & 255, (sc + 2 * dc) & 255};
          Vec4 sv, kv, tv;
          Raw4 draw;
          float so[4], ko[4], to[4], dof[4];
          for (int c = 0; c < 4; ++c) {
            sv[c] = f32_bits(code_f[s[c]]);
            kv[c] = f32_bits(code_f[k[c]]);
            tv[c] = f32_bits(code_f[t[c]]);
            draw[c] = static_cast<uint32_t>(d[c]);
            so[c] = oracle::clamp(code_f[s[c]], 0.0f, 1.0f);
            ko[c] = oracle::clamp(code_f[k[c]], 0.0f, 1.0f);
            to[c] = oracle::clamp(code_f[t[c]], 0.0f, 1.0f);
            dof[c] = oracle::unorm_decode(draw[c], 8);
          }
          const Raw4 got = blend_rt(f, desc, false, sv, tv, kv, raw_to_texel(f, draw));
          for (int c = 0; c < 4; ++c) {
            const float r = oracle::equation(ops[c], fac[c][0], fac[c][1], c, so, to, ko, dof);
            const uint32_t want = oracle::unorm_encode(r, 8);
            const int64_t n = exact_num(ops[c], fac[c][0], fac[c][1], c, s, t, k, d);
            const int64_t err =
                std::abs(255 * static_cast<int64_t>(got[c]) - n);  // 255 x |code - exact|
            ++checked;
            if (got[c] != want || err * 1024 > 255 * 513 || err * 10 > 255 * 6) {
              ++failures;
              ADD_FAILURE() << "factors " << fac[c][0] << "/" << fac[c][1] << " op " << ops[c]
                            << " channel " << c << " s=" << sc << " d=" << dc << ": got " << got[c]
                            << ", oracle " << want << ", exact " << n / 255.0;
            }
          }
        }
      }
    }
  }
  std::printf("%lld channel results checked\n", static_cast<long long>(checked));
  EXPECT_EQ(checked, 17LL * 5 * 65536 * 4);
}

// ---- Random operands on other formats, bit for bit against the oracle. ----

struct OracleFormat {
  const FormatInfo* f;
  float decode(int c, uint32_t raw) const {
    const int n = f->ch[c].bits;
    if (n == 0) return c == 3 ? 1.0f : 0.0f;
    switch (f->cls) {
      case FormatClass::UNORM:
        return oracle::unorm_decode(raw, n);
      case FormatClass::UNORM_SRGB:
        return c == 3 ? oracle::unorm_decode(raw, n) : oracle::srgb_decode(raw);
      case FormatClass::SNORM:
        return oracle::snorm_decode(raw, n);
      default:
        return n == 32 ? oracle::val(raw) : oracle::f16_decode(raw);
    }
  }
  float clamp(float x) const {
    switch (f->cls) {
      case FormatClass::UNORM:
      case FormatClass::UNORM_SRGB:
        return oracle::clamp(x, 0.0f, 1.0f);
      case FormatClass::SNORM:
        return oracle::clamp(x, -1.0f, 1.0f);
      default:
        return x;
    }
  }
  uint32_t encode(int c, float x) const {
    const int n = f->ch[c].bits;
    if (n == 0) return 0;
    switch (f->cls) {
      case FormatClass::UNORM:
        return oracle::unorm_encode(x, n);
      case FormatClass::UNORM_SRGB:
        return c == 3 ? oracle::unorm_encode(x, n) : oracle::srgb_encode(x);
      case FormatClass::SNORM:
        return oracle::snorm_encode(x, n);
      default:
        return n == 32 ? oracle::bits(x) : oracle::f16_encode(x);
    }
  }
};

uint32_t random_operand(std::mt19937& rng) {
  static const uint32_t kSpecial[] = {
      0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u, 0x00000001u, 0x807FFFFFu,
      0x00800000u, 0x80800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u,
      0x7FC12345u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x477FE000u, 0x477FF000u, 0x33800000u, 0x38800000u,
      0x3F7FFFFFu, 0x3F800001u, 0x40000000u, 0xC0000000u, 0x3EFFFFFFu};
  switch (rng() % 4) {
    case 0:
      return kSpecial[rng() % (sizeof kSpecial / sizeof kSpecial[0])];
    case 1:
      return rng();  // any bit pattern
    default:
      return f32_bits(std::uniform_real_distribution<float>(-2.5f, 2.5f)(rng));
  }
}

void random_sweep(const char* name, int count, std::mt19937& rng) {
  const FormatInfo& f = *find_format(name);
  const OracleFormat of{&f};
  int failures = 0;
  for (int it = 0; it < count && failures < 10; ++it) {
    RtBlendDesc desc;
    desc.blend_enable = true;
    desc.src_blend = static_cast<Blend>(kFactors[rng() % 17]);
    desc.dest_blend = static_cast<Blend>(kFactors[rng() % 17]);
    desc.src_blend_alpha = static_cast<Blend>(kFactors[rng() % 17]);
    desc.dest_blend_alpha = static_cast<Blend>(kFactors[rng() % 17]);
    desc.blend_op = static_cast<BlendOp>(kOps[rng() % 5]);
    desc.blend_op_alpha = static_cast<BlendOp>(kOps[rng() % 5]);
    Vec4 s, t, k;
    Raw4 draw{};
    float so[4], to[4], ko[4], dof[4];
    for (int c = 0; c < 4; ++c) {
      s[c] = random_operand(rng);
      t[c] = random_operand(rng);
      k[c] = random_operand(rng);
      const int n = f.ch[c].bits;
      if (n != 0) draw[c] = n == 32 ? random_operand(rng) : rng() & ((1u << n) - 1u);
      so[c] = of.clamp(oracle::val(s[c]));
      to[c] = of.clamp(oracle::val(t[c]));
      ko[c] = of.clamp(oracle::val(k[c]));
      dof[c] = of.clamp(of.decode(c, draw[c]));
    }
    const Raw4 got = blend_rt(f, desc, false, s, t, k, raw_to_texel(f, draw));
    for (int c = 0; c < 4; ++c) {
      const bool alpha = c == 3;
      const float r =
          oracle::equation(static_cast<uint32_t>(alpha ? desc.blend_op_alpha : desc.blend_op),
                           static_cast<uint32_t>(alpha ? desc.src_blend_alpha : desc.src_blend),
                           static_cast<uint32_t>(alpha ? desc.dest_blend_alpha : desc.dest_blend),
                           c, so, to, ko, dof);
      const uint32_t want = of.encode(c, r);
      if (got[c] != want) {
        ++failures;
        ADD_FAILURE() << name << " iteration " << it << " channel " << c << ": got 0x" << std::hex
                      << got[c] << ", oracle 0x" << want << " (S 0x" << s[c] << ", D raw 0x"
                      << draw[c] << ")";
      }
    }
  }
}

TEST(BlendSweep, RandomSpecialOperandsMatchTheOracleOnEveryNonIntegerClass) {
  std::mt19937 rng(seed());
  for (const char* name : {"R32G32B32A32_FLOAT", "R32_FLOAT", "R16G16B16A16_FLOAT", "R16G16_FLOAT",
                           "R8G8B8A8_SNORM", "R16G16_SNORM", "R8G8B8A8_UNORM", "R10G10B10A2_UNORM",
                           "R16_UNORM", "B5G6R5_UNORM", "B5G5R5A1_UNORM", "B4G4R4A4_UNORM",
                           "R8G8B8A8_UNORM_SRGB", "B8G8R8X8_UNORM_SRGB", "A8_UNORM"}) {
    SCOPED_TRACE(name);
    random_sweep(name, 40000, rng);
  }
}

}  // namespace
}  // namespace om::ref
