// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1 objects through the driver (docs/validation.md §1, §4): identical descriptions
// share one object; 4096 unique live objects and no more, the next refused with
// D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS (docs/driver.md says why not E_OUTOFMEMORY); reference
// counting with the reference OMSetBlendState keeps; S_FALSE for a validation-only call.
#include <set>

#include "fixture.h"
#include "om/ref/validate.h"

namespace om::driver::test {
namespace {

class BlendStates : public DriverTest {
 protected:
  // `n` distinct descriptions that are valid at this configuration: one blend equation per
  // (SrcBlend, DestBlend, BlendOp, write mask), alpha following the colour factors (legal at 9_1).
  std::vector<ref::BlendDesc> unique_descs(size_t n) const {
    std::vector<ref::BlendDesc> v;
    for (uint32_t mask = 0; mask < 16 && v.size() < n; ++mask) {
      for (uint32_t op = 1; op <= 5 && v.size() < n; ++op) {
        for (uint32_t src = 1; src <= 19 && v.size() < n; ++src) {
          for (uint32_t dst = 1; dst <= 19 && v.size() < n; ++dst) {
            if (!is_valid_blend(src) || !is_valid_blend(dst)) continue;
            ref::BlendDesc d;
            ref::RtBlendDesc& r = d.render_target[0];
            r.blend_enable = true;
            r.src_blend = static_cast<Blend>(src);
            r.dest_blend = static_cast<Blend>(dst);
            r.blend_op = static_cast<BlendOp>(op);
            r.src_blend_alpha = ref::alpha_slot_equivalent(r.src_blend);
            r.dest_blend_alpha = ref::alpha_slot_equivalent(r.dest_blend);
            r.blend_op_alpha = r.blend_op;
            r.render_target_write_mask = mask;
            if (ref::validate_blend_desc(&d, cfg()) == Hresult::S_OK) v.push_back(d);
          }
        }
      }
    }
    return v;
  }
};

TEST_P(BlendStates, IdenticalDescriptionsReturnOneObject) {
  ref::BlendDesc a;
  a.render_target[0].blend_enable = true;
  a.render_target[0].src_blend = Blend::SRC_ALPHA;
  a.render_target[0].dest_blend = Blend::INV_SRC_ALPHA;
  a.render_target[0].src_blend_alpha = Blend::SRC_ALPHA;
  a.render_target[0].dest_blend_alpha = Blend::INV_SRC_ALPHA;
  // Same after normalisation (docs/behaviour.md §2.1): ignored RenderTarget[1..7] and a disabled
  // logic op.
  ref::BlendDesc b = a;
  b.render_target[3].blend_enable = true;
  b.render_target[3].src_blend = Blend::DEST_COLOR;
  b.render_target[0].logic_op = LogicOp::XOR;
  BlendState s1 = 0, s2 = 0;
  ASSERT_EQ(dev().create_blend_state1(&a, &s1), Hresult::S_OK);
  ASSERT_EQ(dev().create_blend_state1(&b, &s2), Hresult::S_OK);
  EXPECT_EQ(s1, s2);
  EXPECT_EQ(dev().live_blend_states(), 1u);
  uint32_t count = 0;
  ASSERT_EQ(dev().add_ref(s1, &count), Hresult::S_OK);
  EXPECT_EQ(count, 3u);
  ref::BlendDesc got;
  ASSERT_EQ(dev().get_desc1(s1, &got), Hresult::S_OK);
  EXPECT_EQ(got, ref::normalise(a));
  EXPECT_EQ(got.render_target[3], got.render_target[0]);
  // Validation-only call: S_FALSE, nothing created or referenced.
  ref::BlendDesc c = a;
  c.render_target[0].render_target_write_mask = 0x3;
  EXPECT_EQ(dev().create_blend_state1(&c, nullptr), Hresult::S_FALSE);
  EXPECT_EQ(dev().live_blend_states(), 1u);
  for (uint32_t left : {2u, 1u, 0u}) {
    ASSERT_EQ(dev().release(s1, &count), Hresult::S_OK);
    EXPECT_EQ(count, left);
  }
  EXPECT_EQ(dev().live_blend_states(), 0u);
  EXPECT_EQ(dev().release(s1), Hresult::E_INVALIDARG);
}

TEST_P(BlendStates, At4096UniqueObjectsTheNextIsRefusedUntilOneIsReleased) {
  const std::vector<ref::BlendDesc> descs = unique_descs(4097);
  ASSERT_EQ(descs.size(), 4097u);
  std::vector<BlendState> handles;
  std::set<BlendState> distinct;
  for (size_t i = 0; i < 4096; ++i) {
    BlendState s = 0;
    ASSERT_EQ(dev().create_blend_state1(&descs[i], &s), Hresult::S_OK) << i;
    handles.push_back(s);
    distinct.insert(s);
  }
  EXPECT_EQ(distinct.size(), 4096u);
  EXPECT_EQ(dev().live_blend_states(), 4096u);
  BlendState s = 0;
  EXPECT_EQ(dev().create_blend_state1(&descs[4096], &s),
            Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS);
  EXPECT_EQ(s, 0u);
  EXPECT_EQ(dev().live_blend_states(), 4096u);
  // Duplicates of live objects need no slot.
  BlendState dup = 0;
  EXPECT_EQ(dev().create_blend_state1(&descs[17], &dup), Hresult::S_OK);
  EXPECT_EQ(dup, handles[17]);
  // Releasing an object's only reference frees its slot for a new description.
  uint32_t count = 1;
  ASSERT_EQ(dev().release(handles[5], &count), Hresult::S_OK);
  EXPECT_EQ(count, 0u);
  EXPECT_EQ(dev().live_blend_states(), 4095u);
  EXPECT_EQ(dev().create_blend_state1(&descs[4096], &s), Hresult::S_OK);
  EXPECT_NE(s, 0u);
  EXPECT_EQ(dev().live_blend_states(), 4096u);
  EXPECT_EQ(dev().create_blend_state1(&descs[5], &s),
            Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS);
}

TEST_P(BlendStates, FourThousandNinetySixIdenticalCreatesMakeOneObject) {
  const ref::BlendDesc d = unique_descs(1).at(0);
  BlendState first = 0;
  for (int i = 0; i < 4096; ++i) {
    BlendState s = 0;
    ASSERT_EQ(dev().create_blend_state1(&d, &s), Hresult::S_OK);
    if (i == 0) first = s;
    ASSERT_EQ(s, first);
  }
  EXPECT_EQ(dev().live_blend_states(), 1u);
  uint32_t count = 0;
  ASSERT_EQ(dev().add_ref(first, &count), Hresult::S_OK);
  EXPECT_EQ(count, 4097u);
}

TEST_P(BlendStates, TheBoundObjectIsKeptAliveUntilUnbound) {
  const std::vector<ref::BlendDesc> descs = unique_descs(2);
  BlendState a = 0, b = 0;
  ASSERT_EQ(dev().create_blend_state1(&descs[0], &a), Hresult::S_OK);
  ASSERT_EQ(dev().set_blend_state(a, nullptr, 0xFFFFFFFFu), Hresult::S_OK);
  uint32_t count = 0;
  ASSERT_EQ(dev().release(a, &count), Hresult::S_OK);
  EXPECT_EQ(count, 1u);  // the context's reference (docs/behaviour.md §2.8)
  EXPECT_EQ(dev().live_blend_states(), 1u);
  ASSERT_EQ(dev().create_blend_state1(&descs[1], &b), Hresult::S_OK);
  ASSERT_EQ(dev().set_blend_state(b, nullptr, 0xFFFFFFFFu), Hresult::S_OK);
  EXPECT_EQ(dev().live_blend_states(), 1u);  // a left the table when unbound
  EXPECT_EQ(dev().add_ref(a), Hresult::E_INVALIDARG);
  ASSERT_EQ(dev().set_blend_state(0, nullptr, 0xFFFFFFFFu), Hresult::S_OK);
  EXPECT_EQ(dev().live_blend_states(), 1u);  // b still has the create's reference
}

INSTANTIATE_TEST_SUITE_P(Backends, BlendStates, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test
