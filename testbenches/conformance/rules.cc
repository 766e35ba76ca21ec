// SPDX-License-Identifier: Apache-2.0
// The README's rules for vectors the renderer accepts, and the renderer's device description.
#include <stdexcept>

#include "json_lines.h"
#include "names.h"
#include "reader.h"

namespace om::conformance {
namespace {

bool is_integer(const FormatInfo& f) {
  return f.cls == FormatClass::UINT || f.cls == FormatClass::SINT;
}

bool is_color_factor(Blend b) {
  switch (b) {
    case Blend::SRC_COLOR:
    case Blend::INV_SRC_COLOR:
    case Blend::DEST_COLOR:
    case Blend::INV_DEST_COLOR:
    case Blend::SRC1_COLOR:
    case Blend::INV_SRC1_COLOR:
      return true;
    default:
      return false;
  }
}

}  // namespace

DeviceInfo read_device_info(const std::string& path) {
  std::vector<JsonLine> lines = read_json_lines(path);
  std::string text;
  for (const JsonLine& l : lines) text += l.text + "\n";
  Json j;
  try {
    j = parse_json_line(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
  DeviceInfo d;
  if (const Json* v = member(j, "device"); v && v->is_string()) d.device = v->get<std::string>();
  if (const Json* v = member(j, "maxcolorattachments"); v && v->is_number_integer()) {
    d.max_color_attachments = v->get<int>();
  }
  if (const Json* v = member(j, "maxfragmentdualsrcattachments"); v && v->is_number_integer()) {
    d.max_dual_src_attachments = v->get<int>();
  }
  const Json* formats = member(j, "formats");
  if (formats == nullptr || !formats->is_object())
    throw std::invalid_argument(path + ": no \"formats\" object");
  for (auto it = formats->begin(); it != formats->end(); ++it) {
    const Json* blend = member(it.value(), "blend");
    // Keys were folded to lower case; format names compare upper case.
    std::string name = it.key();
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    d.blendable[name] = blend != nullptr && blend->is_boolean() && blend->get<bool>();
  }
  return d;
}

std::string check_rules(const Vector& v, const DeviceInfo& dev) {
  int bound = 0, logic = 0, dual_rt = -1;
  const om::ref::RtBlendDesc* logic_desc = nullptr;
  for (int i = 0; i < 8; ++i) {
    const RtVector& rt = v.rt[i];
    if (rt.format == nullptr) continue;
    ++bound;
    const om::ref::RtBlendDesc& d = rt.desc;
    std::string at = "rt[" + std::to_string(i) + "]: ";
    if (d.blend_enable && d.logic_op_enable) return at + "blendEnable and logicOpEnable both set";
    if (d.blend_enable) {
      if (is_integer(*rt.format)) {
        return at + "blending enabled on integer format " + rt.format->name + " (not blendable)";
      }
      auto it = dev.blendable.find(vulkan_format_name(*rt.format));
      if (it != dev.blendable.end() && !it->second) {
        return at + "blending enabled on " + rt.format->name + ", which " + dev.device +
               " does not advertise as blendable";
      }
      if (is_color_factor(d.src_blend_alpha) || is_color_factor(d.dest_blend_alpha)) {
        return at + "a *_COLOR factor in the alpha equation";
      }
      if (uses_dual_source(d)) {
        if (dual_rt >= 0 || i != 0) return at + "dual-source factor outside slot 0";
        dual_rt = i;
        if (d.blend_op == BlendOp::MIN || d.blend_op == BlendOp::MAX ||
            d.blend_op_alpha == BlendOp::MIN || d.blend_op_alpha == BlendOp::MAX) {
          return at + "dual-source blending with MIN/MAX (undefined in D3D11)";
        }
      }
    }
    if (d.logic_op_enable) {
      ++logic;
      if (logic_desc != nullptr &&
          (logic_desc->logic_op != d.logic_op ||
           logic_desc->render_target_write_mask != d.render_target_write_mask)) {
        return at + "logic op or write mask differs from another RT's (one logic op per pixel)";
      }
      logic_desc = &d;
    }
  }
  if (bound > dev.max_color_attachments) return "more RTs bound than the device has attachments";
  if (logic != 0 && logic != bound) return "logicOpEnable set on some bound RTs but not all";
  if (dual_rt >= 0 && bound != 1) return "dual-source blending with more than one RT bound";
  return "";
}

}  // namespace om::conformance
