// SPDX-License-Identifier: Apache-2.0
// CreateDepthStencilState's validation, normalisation and object table (docs/depth-stencil.md §4).
#include "om/ref/ds_state.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>

namespace om::ref {
namespace {

struct Case {
  const char* what;
  std::function<void(DepthStencilDesc&)> edit;
  DsRule rule;
};

TEST(DsState, EachRuleIsReportedWithItsDebugLayerName) {
  const auto bad_cmp = static_cast<CmpFunc>(9);
  const auto bad_op = static_cast<StencilOp>(0);
  const Case cases[] = {
      {"DepthFunc 0", [](auto& d) { d.depth_func = static_cast<CmpFunc>(0); }, DsRule::DEPTH_FUNC},
      {"DepthFunc 9", [&](auto& d) { d.depth_func = bad_cmp; }, DsRule::DEPTH_FUNC},
      {"DepthWriteMask 2", [](auto& d) { d.depth_write_mask = static_cast<DepthWriteMask>(2); },
       DsRule::DEPTH_WRITE_MASK},
      {"front func",
       [&](auto& d) {
         d.stencil_enable = true;
         d.front_face.stencil_func = bad_cmp;
       },
       DsRule::FRONT_STENCIL_FUNC},
      {"front fail",
       [&](auto& d) {
         d.stencil_enable = true;
         d.front_face.stencil_fail_op = bad_op;
       },
       DsRule::FRONT_STENCIL_FAIL_OP},
      {"front zfail",
       [&](auto& d) {
         d.stencil_enable = true;
         d.front_face.stencil_depth_fail_op = bad_op;
       },
       DsRule::FRONT_STENCIL_DEPTH_FAIL_OP},
      {"front pass",
       [](auto& d) {
         d.stencil_enable = true;
         d.front_face.stencil_pass_op = static_cast<StencilOp>(9);
       },
       DsRule::FRONT_STENCIL_PASS_OP},
      {"back func",
       [&](auto& d) {
         d.stencil_enable = true;
         d.back_face.stencil_func = bad_cmp;
       },
       DsRule::BACK_STENCIL_FUNC},
      {"back fail",
       [&](auto& d) {
         d.stencil_enable = true;
         d.back_face.stencil_fail_op = bad_op;
       },
       DsRule::BACK_STENCIL_FAIL_OP},
      {"back zfail",
       [&](auto& d) {
         d.stencil_enable = true;
         d.back_face.stencil_depth_fail_op = bad_op;
       },
       DsRule::BACK_STENCIL_DEPTH_FAIL_OP},
      {"back pass",
       [&](auto& d) {
         d.stencil_enable = true;
         d.back_face.stencil_pass_op = bad_op;
       },
       DsRule::BACK_STENCIL_PASS_OP},
  };
  for (const Case& c : cases) {
    DepthStencilDesc d;
    c.edit(d);
    const DsCheck r = check_depth_stencil_desc(&d);
    EXPECT_EQ(r.hr, Hresult::E_INVALIDARG) << c.what;
    EXPECT_EQ(r.rule, c.rule) << c.what;
    EXPECT_NE(std::string(message(r.rule)).find("CREATEDEPTHSTENCILSTATE_INVALID"),
              std::string::npos);
  }
  EXPECT_EQ(check_depth_stencil_desc(nullptr).rule, DsRule::NULL_DESC);
  EXPECT_EQ(check_depth_stencil_desc(nullptr).hr, Hresult::E_INVALIDARG);
}

TEST(DsState, FieldsOfADisabledPartAreNeitherCheckedNorKept) {
  DepthStencilDesc d;
  d.depth_enable = false;
  d.depth_func = static_cast<CmpFunc>(0);
  d.depth_write_mask = static_cast<DepthWriteMask>(7);
  d.stencil_enable = false;
  d.front_face.stencil_pass_op = static_cast<StencilOp>(99);
  d.stencil_read_mask = 3;
  EXPECT_EQ(check_depth_stencil_desc(&d).hr, Hresult::S_OK);
  const DepthStencilDesc n = normalise(d);
  EXPECT_EQ(n.depth_func, CmpFunc::LESS);
  EXPECT_EQ(n.depth_write_mask, DepthWriteMask::ALL);
  EXPECT_EQ(n.front_face.stencil_pass_op, StencilOp::KEEP);
  EXPECT_EQ(n.stencil_read_mask, 0xFF);
  EXPECT_EQ(normalise(n), n);
}

TEST(DsStateTable, DescriptorsEqualAfterNormalisationShareOneObject) {
  DepthStencilStateTable t;
  DepthStencilDesc a, b;
  a.stencil_read_mask = 0x0F;  // ignored: stencil is off
  const auto ra = t.create(&a);
  const auto rb = t.create(&b);
  ASSERT_EQ(ra.hr, Hresult::S_OK);
  EXPECT_EQ(ra.handle, rb.handle);
  EXPECT_EQ(t.ref_count(ra.handle), 2u);
  EXPECT_EQ(t.desc(ra.handle).stencil_read_mask, 0xFF);
  b.depth_func = CmpFunc::GREATER;
  EXPECT_NE(t.create(&b).handle, ra.handle);
  EXPECT_EQ(t.live_count(), 2u);
}

TEST(DsStateTable, InvalidOrNoObjectRequestedChangesNothing) {
  DepthStencilStateTable t;
  DepthStencilDesc bad;
  bad.depth_func = static_cast<CmpFunc>(0);
  const auto r = t.create(&bad);
  EXPECT_EQ(r.hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(r.rule, DsRule::DEPTH_FUNC);
  EXPECT_EQ(r.handle, 0u);
  const DepthStencilDesc good;
  EXPECT_EQ(t.create(&good, false).hr, Hresult::S_FALSE);
  EXPECT_EQ(t.live_count(), 0u);
}

TEST(DsStateTable, The4097thUniqueObjectIsRefusedUntilOneIsReleased) {
  DepthStencilStateTable t;
  DepthStencilDesc d;
  d.stencil_enable = true;
  StateHandle first = 0;
  for (uint32_t i = 0; i < kMaxUniqueStateObjects; ++i) {
    d.stencil_read_mask = static_cast<uint8_t>(i);
    d.stencil_write_mask = static_cast<uint8_t>(i >> 8);
    const auto r = t.create(&d);
    ASSERT_EQ(r.hr, Hresult::S_OK) << i;
    if (i == 0) first = r.handle;
  }
  d.stencil_read_mask = 0;
  d.stencil_write_mask = 0x10;
  EXPECT_EQ(t.create(&d).hr, Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS);
  EXPECT_EQ(t.release(first), 0u);
  EXPECT_FALSE(t.is_live(first));
  EXPECT_THROW(t.desc(first), std::out_of_range);
  const auto again = t.create(&d);
  EXPECT_EQ(again.hr, Hresult::S_OK);
  EXPECT_EQ(again.handle, first);  // the lowest free slot
}

}  // namespace
}  // namespace om::ref

namespace om::ref {
namespace {

TEST(DsState, D3d9StatesSelectTheDescriptionOfSection5) {
  D3d9DepthStencil s;
  DepthStencilDesc d = d3d9_depth_stencil_desc(s);
  EXPECT_EQ(d.depth_func, CmpFunc::LESS_EQUAL);  // D3D9's ZFUNC default, not D3D11's LESS
  EXPECT_TRUE(d.depth_enable);
  EXPECT_EQ(d.depth_write_mask, DepthWriteMask::ALL);
  EXPECT_FALSE(d.stencil_enable);
  EXPECT_EQ(d.stencil_read_mask, 0xFF);  // 0xFFFFFFFF: the low 8 bits
  s.z_write_enable = false;
  s.stencil_mask = 0x12345678u;
  s.stencil_write_mask = 0xFFFFFF0Fu;
  s.stencil = {StencilOp::INCR, StencilOp::DECR, StencilOp::INVERT, CmpFunc::GREATER};
  s.ccw_stencil = {StencilOp::ZERO, StencilOp::REPLACE, StencilOp::INCR_SAT, CmpFunc::NEVER};
  d = d3d9_depth_stencil_desc(s);
  EXPECT_EQ(d.depth_write_mask, DepthWriteMask::ZERO);
  EXPECT_EQ(d.stencil_read_mask, 0x78);
  EXPECT_EQ(d.stencil_write_mask, 0x0F);
  EXPECT_EQ(d.back_face.stencil_func, CmpFunc::GREATER);  // one-sided: both faces the same
  s.two_sided_stencil_mode = true;
  d = d3d9_depth_stencil_desc(s);
  EXPECT_EQ(d.front_face.stencil_pass_op, StencilOp::INVERT);
  EXPECT_EQ(d.back_face.stencil_func, CmpFunc::NEVER);
  EXPECT_EQ(d.back_face.stencil_depth_fail_op, StencilOp::REPLACE);
}

}  // namespace
}  // namespace om::ref
