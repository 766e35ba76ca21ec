// SPDX-License-Identifier: Apache-2.0
// Reader of the conformance schema (tests/data/conformance/README.md): vectors, lavapipe results,
// device info. Every error is a std::invalid_argument whose message starts "<file>:<line>: " and
// names the field and the problem, e.g. `unorm8.vectors.jsonl.gz:17: rt[0].blend.srcBlend: unknown
// blend factor "FOO"`.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "vector.h"

namespace om::conformance {

/// Parse one vector line (JSON object text). Errors carry "line <line>: " when file is empty.
Vector parse_vector(std::string_view text, int line, const std::string& file = "");
/// Parse one result line.
Result parse_result(std::string_view text, int line, const std::string& file = "");

/// Every vector of a .jsonl or .jsonl.gz file, in order.
std::vector<Vector> read_vectors(const std::string& path);
/// Every result of a .jsonl or .jsonl.gz file, in order.
std::vector<Result> read_results(const std::string& path);

/// What the renderer's device advertises (lavapipe-info.json).
struct DeviceInfo {
  std::string device;
  int max_color_attachments = 8;
  int max_dual_src_attachments = 1;
  std::map<std::string, bool> blendable;  // Vulkan format name -> COLOR_ATTACHMENT_BLEND_BIT
};
DeviceInfo read_device_info(const std::string& path);

/// "" when `v` obeys the README's rules for vectors the renderer accepts (no blend+logic on one RT,
/// no blending on integer or non-blendable formats, logic op on all bound RTs or none with one op
/// and one mask, dual source only with one RT in slot 0 and ADD/SUBTRACT/REV_SUBTRACT, no *_COLOR
/// factor in an alpha equation); else the reason.
std::string check_rules(const Vector& v, const DeviceInfo& dev);

/// True when the desc names a SRC1_* factor in any of its four factor fields.
bool uses_dual_source(const om::ref::RtBlendDesc& d);

}  // namespace om::conformance
