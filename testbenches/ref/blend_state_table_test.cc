// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1's object table (docs/validation.md §1, §4): TV46, TV47, S_FALSE, reference
// counting and slot reuse.
#include "om/ref/blend_state_table.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::alpha_blend_rt;
using testing::config;
using testing::raw_blend;

// The 17 values legal in SrcBlend/DestBlend (docs/behaviour.md §2.2).
const uint32_t kRgbFactors[17] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19};

// Descriptor number k (k < 17*17*5*16): distinct k give distinct normalised descriptors, all valid
// at 11_1.
BlendDesc distinct_desc(uint32_t k) {
  BlendDesc d;
  RtBlendDesc& r = d.render_target[0];
  r.blend_enable = true;
  r.src_blend = raw_blend(kRgbFactors[k % 17]);
  r.dest_blend = raw_blend(kRgbFactors[(k / 17) % 17]);
  r.blend_op = static_cast<BlendOp>(1 + (k / 289) % 5);
  r.render_target_write_mask = (k / 1445) % 16;
  return d;
}

TEST(BlendStateTable, Tv46SameDescriptorTwiceGivesOneObjectWithTwoReferences) {
  BlendStateTable t(config("fl11_1"));
  BlendDesc d;
  d.render_target[0] = alpha_blend_rt();
  const CreateBlendStateResult a = t.create(&d);
  const CreateBlendStateResult b = t.create(&d);
  EXPECT_EQ(a.hr, Hresult::S_OK);
  EXPECT_EQ(b.hr, Hresult::S_OK);
  EXPECT_NE(a.handle, kNullBlendState);
  EXPECT_EQ(a.handle, b.handle);
  EXPECT_EQ(t.ref_count(a.handle), 2u);
  EXPECT_EQ(t.live_count(), 1u);
}

TEST(BlendStateTable, DescriptorsEqualAfterNormalisationShareAnObject) {
  BlendStateTable t(config("fl11_1"));
  BlendDesc a;
  a.render_target[0].src_blend = raw_blend(0);  // blend disabled: not validated, reads ONE
  a.render_target[0].logic_op = LogicOp::XOR;   // logic disabled: reads NOOP
  BlendDesc b;
  b.render_target[5] = alpha_blend_rt();  // IBE=FALSE: ignored
  const CreateBlendStateResult ra = t.create(&a);
  const CreateBlendStateResult rb = t.create(&b);
  const BlendDesc plain;
  const CreateBlendStateResult rc = t.create(&plain);
  EXPECT_EQ(ra.handle, rb.handle);
  EXPECT_EQ(ra.handle, rc.handle);
  EXPECT_EQ(t.ref_count(ra.handle), 3u);
  EXPECT_EQ(t.desc(ra.handle).render_target[0].src_blend, Blend::ONE);  // GetDesc1 is normalised
  EXPECT_EQ(t.desc(ra.handle).render_target[0].logic_op, LogicOp::NOOP);
  EXPECT_EQ(t.desc(ra.handle).render_target[5].blend_enable, false);
  BlendDesc ibe = plain;  // IBE=TRUE is a different descriptor even with equal entries
  ibe.independent_blend_enable = true;
  EXPECT_NE(t.create(&ibe).handle, ra.handle);
  EXPECT_EQ(t.live_count(), 2u);
}

TEST(BlendStateTable, Tv47The4097thUniqueLiveObjectIsRefused) {
  BlendStateTable t(config("fl11_1"));
  std::set<BlendStateHandle> handles;
  for (uint32_t k = 0; k < 4096; ++k) {
    const BlendDesc d = distinct_desc(k);
    const CreateBlendStateResult r = t.create(&d);
    ASSERT_EQ(r.hr, Hresult::S_OK) << k;
    handles.insert(r.handle);
  }
  EXPECT_EQ(handles.size(), 4096u);
  EXPECT_EQ(t.live_count(), 4096u);
  const BlendDesc extra = distinct_desc(4096);
  const CreateBlendStateResult full = t.create(&extra);
  EXPECT_EQ(static_cast<uint32_t>(full.hr),
            0x887C0001u);  // D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS
  EXPECT_EQ(full.handle, kNullBlendState);
  EXPECT_EQ(t.live_count(), 4096u);
  // Duplicates of live objects still succeed; validation-only calls still answer S_FALSE; bad ones
  // E_INVALIDARG.
  const BlendDesc dup = distinct_desc(1234);
  const CreateBlendStateResult again = t.create(&dup);
  EXPECT_EQ(again.hr, Hresult::S_OK);
  EXPECT_EQ(t.ref_count(again.handle), 2u);
  EXPECT_EQ(t.create(&extra, false).hr, Hresult::S_FALSE);
  BlendDesc bad = extra;
  bad.render_target[0].render_target_write_mask = 0x10;
  EXPECT_EQ(t.create(&bad).hr, Hresult::E_INVALIDARG);
  // Releasing the last reference of one object frees its slot for the refused descriptor.
  const BlendDesc victim = distinct_desc(77);
  const BlendStateHandle vh = t.create(&victim).handle;
  EXPECT_EQ(t.release(vh), 1u);
  EXPECT_EQ(t.release(vh), 0u);
  EXPECT_FALSE(t.is_live(vh));
  const CreateBlendStateResult now = t.create(&extra);
  EXPECT_EQ(now.hr, Hresult::S_OK);
  EXPECT_EQ(now.handle, vh);  // lowest free slot
  EXPECT_EQ(t.ref_count(now.handle), 1u);
  EXPECT_EQ(static_cast<uint32_t>(t.create(&victim).hr), 0x887C0001u);
}

TEST(BlendStateTable, NewObjectsTakeTheLowestFreeSlot) {
  BlendStateTable t(config("fl11_1"));
  BlendStateHandle h[4];
  for (uint32_t k = 0; k < 4; ++k) {
    const BlendDesc d = distinct_desc(k);
    h[k] = t.create(&d).handle;
  }
  t.release(h[3]);
  t.release(h[1]);
  const BlendDesc a = distinct_desc(10);
  const BlendDesc b = distinct_desc(11);
  EXPECT_EQ(t.create(&a).handle, h[1]);
  EXPECT_EQ(t.create(&b).handle, h[3]);
  EXPECT_EQ(t.live_count(), 4u);
}

TEST(BlendStateTable, Tv47Identical4096CreatesAreOneObject) {
  BlendStateTable t(config("fl11_1"));
  const BlendDesc d = distinct_desc(500);
  BlendStateHandle h = kNullBlendState;
  for (int i = 0; i < 4096; ++i) {
    const CreateBlendStateResult r = t.create(&d);
    ASSERT_EQ(r.hr, Hresult::S_OK);
    if (i == 0) h = r.handle;
    ASSERT_EQ(r.handle, h);
  }
  EXPECT_EQ(t.live_count(), 1u);
  EXPECT_EQ(t.ref_count(h), 4096u);
  EXPECT_EQ(t.create(&d).hr, Hresult::S_OK);  // a 4097th identical create is still fine
}

TEST(BlendStateTable, ValidationOnlyCallCreatesNothing) {
  BlendStateTable t(config("fl11_1"));
  BlendDesc d;
  d.render_target[0] = alpha_blend_rt();
  const CreateBlendStateResult r = t.create(&d, false);
  EXPECT_EQ(r.hr, Hresult::S_FALSE);
  EXPECT_EQ(r.handle, kNullBlendState);
  EXPECT_EQ(t.live_count(), 0u);
  const BlendStateHandle h = t.create(&d).handle;
  EXPECT_EQ(t.create(&d, false).hr, Hresult::S_FALSE);
  EXPECT_EQ(t.ref_count(h), 1u);  // not referenced by the validation-only call
}

TEST(BlendStateTable, InvalidOrNullDescriptorLeavesTheTableUnchanged) {
  BlendStateTable t(config("fl9_1"));
  EXPECT_EQ(t.create(static_cast<const BlendDesc*>(nullptr)).hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(t.create(static_cast<const BlendDesc*>(nullptr), false).hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(t.create(static_cast<const BlendDesc*>(nullptr)).rule, DescRule::NULL_DESC);
  BlendDesc a2c;
  a2c.alpha_to_coverage_enable = true;  // not at 9_1
  const CreateBlendStateResult r = t.create(&a2c);
  EXPECT_EQ(r.hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(r.rule, DescRule::FL_ALPHA_TO_COVERAGE);
  EXPECT_EQ(t.create(&a2c, false).hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(t.live_count(), 0u);
}

TEST(BlendStateTable, ReferenceCountingAndBadHandles) {
  BlendStateTable t(config("fl10_0"));
  BlendDesc d;
  const BlendStateHandle h = t.create(&d).handle;
  EXPECT_EQ(t.add_ref(h), 2u);
  EXPECT_EQ(t.release(h), 1u);
  EXPECT_EQ(t.release(h), 0u);
  EXPECT_EQ(t.live_count(), 0u);
  EXPECT_THROW(t.release(h), std::out_of_range);
  EXPECT_THROW(t.add_ref(h), std::out_of_range);
  EXPECT_THROW(t.desc(h), std::out_of_range);
  EXPECT_THROW(t.ref_count(kNullBlendState), std::out_of_range);
  EXPECT_THROW(t.release(4097), std::out_of_range);
  EXPECT_FALSE(t.is_live(kNullBlendState));
  const CreateBlendStateResult again = t.create(&d);  // the released descriptor is a new object
  EXPECT_EQ(again.hr, Hresult::S_OK);
  EXPECT_EQ(t.ref_count(again.handle), 1u);
}

TEST(BlendStateTable, LegacyCreateBlendStatePromotesAndShares) {
  BlendStateTable t(config("fl11_1"));
  BlendDesc0 d0;
  d0.render_target[0].blend_enable = true;
  d0.render_target[0].src_blend = Blend::SRC_ALPHA;
  d0.render_target[0].dest_blend = Blend::INV_SRC_ALPHA;
  d0.render_target[0].src_blend_alpha = Blend::SRC_ALPHA;
  d0.render_target[0].dest_blend_alpha = Blend::INV_SRC_ALPHA;
  BlendDesc d1;
  d1.render_target[0] = alpha_blend_rt();
  const CreateBlendStateResult a = t.create_legacy(&d0);
  EXPECT_EQ(a.hr, Hresult::S_OK);
  EXPECT_EQ(t.create(&d1).handle, a.handle);
  EXPECT_EQ(t.create_legacy(nullptr).hr, Hresult::E_INVALIDARG);
  EXPECT_EQ(t.create_legacy(&d0, false).hr, Hresult::S_FALSE);
}

TEST(BlendStateTable, ValidatesAgainstTheCapabilitiesItWasGiven) {
  BlendDesc lop;
  lop.render_target[0].logic_op_enable = true;
  lop.render_target[0].logic_op = LogicOp::XOR;
  EXPECT_EQ(BlendStateTable(caps_from_config(config("fl11_0"))).create(&lop).hr, Hresult::S_OK);
  EXPECT_EQ(BlendStateTable(caps_from_config(config("fl10_0"))).create(&lop).hr,
            Hresult::E_INVALIDARG);
  EXPECT_EQ(BlendStateTable(FeatureLevel::FL_10_0, true).create(&lop).hr, Hresult::S_OK);
  EXPECT_THROW(BlendStateTable(static_cast<FeatureLevel>(0x1234), false), std::invalid_argument);
}

}  // namespace
}  // namespace om::ref
