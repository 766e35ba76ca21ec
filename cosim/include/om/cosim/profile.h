// SPDX-License-Identifier: Apache-2.0
// Named stimulus mixes (`omsim run --profile NAME`): the knobs of the constrained-random generator
// (stimulus.cc, stim_state.cc). `default` is the general mix the regression closes coverage with;
// the others lean on one area: blending, logic ops, eight render targets, address hazards, the
// D3D9 fixed function, or bus traffic. cosim/README.md describes each.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace om::cosim {

/// The knobs of a mix; the defaults are the `default` profile.
struct Profile {
  const char* name = "default";
  const char* about = "";   // one line: what the mix stresses
  double drain = 0.3;       // segments that drain, rebind render targets and refill memory
  double illegal = 0.04;    // segments with one deliberately illegal register value
  double logic = 1.0;       // scale of the chance of a logic op (where the configuration has them)
  double blend = 0.8;       // descriptors with BlendEnable set (without a logic op)
  double uint_bind = 0.25;  // bindings of UINT formats only (where the configuration has logic ops)
  bool all_rts = false;     // bind every slot of the configuration (unless --rts says otherwise)
  double ibe = 0.5;         // IndependentBlendEnable
  bool tiny_areas = false;  // 1x1..2x2 render targets: address collisions on almost every pixel
  double hot = 0.5;         // segments whose coordinates favour 4 hot addresses
  double d3d9 = 0.2;        // alpha test and fog each enabled in this fraction of states
  double traffic = 1.0 / 150;  // bus transfers per estimated cycle of a segment
  // Memory phase kinds in percent: fast, typical, slow, long latency, stall burst.
  std::array<int, 5> mem_mix = {25, 30, 15, 15, 15};
  double ds = 0.3;  // states with a depth-stencil view bound (stim_ds.h); 0 in the focused mixes
  double msaa =
      0.6;  // rebindings to more than one sample (stim_ms.h; configurations with samples > 1)
};

/// The profile named `name`, or nullptr.
const Profile* find_profile(const std::string& name);
/// Every profile name, in the order of the documentation.
std::vector<std::string> profile_names();
/// The names joined with ", " (for messages).
std::string profile_list();

}  // namespace om::cosim
