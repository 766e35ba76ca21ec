// SPDX-License-Identifier: Apache-2.0
// Spellings accepted by the conformance-vector schema (tests/data/conformance/README.md): format
// names in DXGI or Vulkan spelling, blend enums with or without their D3D11 prefixes and
// underscores or as D3D11 numbers, write masks as numbers, "0x..." strings or letters. Every parser
// throws std::invalid_argument naming the bad text.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "om/gen/defs.h"

namespace om::conformance {

/// The output-merger format named `name`, in DXGI spelling ("R8G8B8A8_UNORM_SRGB", optional
/// "DXGI_FORMAT_") or Vulkan spelling ("R8G8B8A8_SRGB", "A2B10G10R10_UNORM_PACK32", optional
/// "VK_FORMAT_"), case-insensitive. nullptr for "NONE", "UNKNOWN" and "UNDEFINED" (nothing bound).
/// Throws for a name the model does not implement.
const FormatInfo* parse_format(std::string_view name);

/// The Vulkan spelling of `f` as the lavapipe results print it ("R16G16B16A16_SFLOAT"), or "" if
/// Vulkan has none.
std::string vulkan_format_name(const FormatInfo& f);

/// D3D11_BLEND from a name ("SRC_ALPHA", "D3D11_BLEND_SRC_ALPHA", "INVSRC1COLOR",
/// case-insensitive).
Blend parse_blend(std::string_view name);
/// D3D11_BLEND from its numeric value 1..19 (12 and 13 are reserved and rejected).
Blend blend_from_number(int64_t v);
/// D3D11_BLEND_OP from a name ("REV_SUBTRACT", "D3D11_BLEND_OP_REV_SUBTRACT", "REVSUBTRACT").
BlendOp parse_blend_op(std::string_view name);
/// D3D11_BLEND_OP from its numeric value 1..5.
BlendOp blend_op_from_number(int64_t v);
/// D3D11_LOGIC_OP from a name ("XOR", "LOGIC_OP_XOR", "D3D11_LOGIC_OP_XOR", "ANDREVERSE").
LogicOp parse_logic_op(std::string_view name);
/// D3D11_LOGIC_OP from its numeric value 0..15.
LogicOp logic_op_from_number(int64_t v);
/// Write mask from a string: "0x..." (value 0..15), or letters from {R,G,B,A} ("RGA"), or "ALL" /
/// "NONE".
uint32_t parse_write_mask(std::string_view text);

/// binary32 bits of a float given as a string: "0x..." raw bits (at most 8 hex digits), "nan",
/// "inf", "+inf",
/// "-inf", "infinity", or a decimal literal converted with strtof (round to nearest). Whole string
/// must parse.
uint32_t parse_float_string(std::string_view text);
/// binary32 bits of a decimal literal (JSON number text) converted directly with strtof.
uint32_t parse_float_literal(std::string_view text);
/// Value of a "0x..." string of at most `max_bits` (<= 64) bits; throws if it is not hex or too
/// wide.
uint64_t parse_hex(std::string_view text, int max_bits);
/// A "0x..." string of at most `max_bits` (<= 128) bits as four little-endian 32-bit words (word 0
/// = bits 0..31).
std::array<uint32_t, 4> parse_hex_words(std::string_view text, int max_bits);

}  // namespace om::conformance
