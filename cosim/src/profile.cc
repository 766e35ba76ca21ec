// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/profile.h"

namespace om::cosim {
namespace {

// Each profile as what it changes of the default mix.
std::vector<Profile> make_profiles() {
  std::vector<Profile> v;
  auto add = [&v](const char* name, const char* about) -> Profile& {
    v.emplace_back();
    v.back().name = name;
    v.back().about = about;
    return v.back();
  };
  add("default", "the general mix the regression closes coverage with");
  {
    Profile& p = add("blend", "blending on every descriptor: factors, ops, formats");
    p.illegal = 0.0;
    p.logic = 0.0;
    p.blend = 1.0;
    p.uint_bind = 0.0;
    p.hot = 0.3;
    p.d3d9 = 0.05;
    p.traffic = 1.0 / 300;
    p.mem_mix = {40, 30, 10, 10, 10};
    p.ds = 0.0;
  }
  {
    Profile& p =
        add("logic", "logic ops on UINT render targets (where the configuration has them)");
    p.drain = 0.4;
    p.illegal = 0.02;
    p.logic = 4.0;
    p.uint_bind = 0.9;
    p.ibe = 0.1;
    p.d3d9 = 0.1;
    p.traffic = 1.0 / 300;
    p.mem_mix = {30, 30, 15, 10, 15};
    p.ds = 0.0;
  }
  {
    Profile& p = add("mrt8", "every render-target slot bound, mostly independent blend");
    p.illegal = 0.02;
    p.all_rts = true;
    p.ibe = 0.9;
    p.d3d9 = 0.1;
    p.traffic = 1.0 / 200;
    p.ds = 0.0;
  }
  {
    Profile& p = add("hazards", "tiny render targets and hot addresses under slow memory");
    p.illegal = 0.0;
    p.tiny_areas = true;
    p.hot = 1.0;
    p.d3d9 = 0.1;
    p.traffic = 1.0 / 300;
    p.mem_mix = {5, 20, 30, 30, 15};
    p.ds = 0.0;
  }
  {
    Profile& p = add("d3d9", "the D3D9 fixed function: alpha test and fog in most states");
    p.illegal = 0.02;
    p.ibe = 0.3;
    p.d3d9 = 0.85;
    p.traffic = 1.0 / 300;
    p.ds = 0.0;
  }
  {
    Profile& p =
        add("depth", "depth/stencil: a view of every format in almost every state, hot addresses");
    p.illegal = 0.02;
    p.ds = 0.95;
    p.msaa = 0.7;
    p.hot = 0.8;
    p.d3d9 = 0.1;
    p.traffic = 1.0 / 300;
    p.mem_mix = {20, 30, 20, 15, 15};
  }
  {
    Profile& p = add("bus", "heavy APB traffic: reads, illegal accesses, partial writes, drains");
    p.drain = 0.6;
    p.traffic = 1.0 / 15;
    p.ds = 0.0;
  }
  return v;
}

const std::vector<Profile>& profiles() {
  static const std::vector<Profile> kProfiles = make_profiles();
  return kProfiles;
}

}  // namespace

const Profile* find_profile(const std::string& name) {
  for (const Profile& p : profiles()) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

std::vector<std::string> profile_names() {
  std::vector<std::string> n;
  for (const Profile& p : profiles()) n.emplace_back(p.name);
  return n;
}

std::string profile_list() {
  std::string s;
  for (const Profile& p : profiles()) s += (s.empty() ? "" : ", ") + std::string(p.name);
  return s;
}

}  // namespace om::cosim
