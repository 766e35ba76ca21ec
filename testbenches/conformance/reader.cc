// SPDX-License-Identifier: Apache-2.0
#include "reader.h"

#include <stdexcept>

#include "json_lines.h"
#include "names.h"
#include "om/ref/fp32.h"
#include "texel_bits.h"

namespace om::conformance {
namespace {

using om::ref::Raw4;
using om::ref::RtBlendDesc;
using om::ref::Vec4;

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw std::invalid_argument(where + ": " + what);
}

std::string field(const std::string& parent, const char* key) {
  return parent.empty() ? std::string(key) : parent + "." + key;
}

std::string elem(const std::string& parent, size_t i) {
  return parent + "[" + std::to_string(i) + "]";
}

bool is_int(const Json& j) { return j.is_number_integer(); }

int64_t as_int(const Json& j, const std::string& where, int64_t lo, int64_t hi) {
  if (!is_int(j)) fail(where, "expected an integer, got " + type_name(j) + " " + to_text(j));
  if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
    fail(where, to_text(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  int64_t v = j.get<int64_t>();
  if (v < lo || v > hi) {
    fail(where, to_text(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  return v;
}

bool as_bool(const Json& j, const std::string& where) {
  if (j.is_boolean()) return j.get<bool>();
  if (is_int(j) && (j.get<int64_t>() == 0 || j.get<int64_t>() == 1)) return j.get<int64_t>() == 1;
  fail(where, "expected true/false, got " + to_text(j));
}

/// Runs `parse` on the string and re-throws its message under `where`.
template <typename F>
auto with_where(const std::string& where, F parse) -> decltype(parse()) {
  try {
    return parse();
  } catch (const std::invalid_argument& e) {
    fail(where, e.what());
  }
}

template <typename E>
E as_enum(const Json& j, const std::string& where, E (*by_name)(std::string_view),
          E (*by_number)(int64_t)) {
  if (j.is_string()) return with_where(where, [&] { return by_name(j.get<std::string>()); });
  if (is_int(j)) return with_where(where, [&] { return by_number(as_int(j, where, -1, 1 << 20)); });
  fail(where, "expected an enum name or number, got " + type_name(j) + " " + to_text(j));
}

const Json& as_array(const Json& j, const std::string& where, size_t min_n, size_t max_n) {
  if (!j.is_array()) fail(where, "expected an array, got " + type_name(j));
  if (j.size() < min_n || j.size() > max_n) {
    fail(where, "expected " +
                    (min_n == max_n ? std::to_string(min_n)
                                    : std::to_string(min_n) + ".." + std::to_string(max_n)) +
                    " entries, got " + std::to_string(j.size()));
  }
  return j;
}

bool is_integer_class(const FormatInfo* f) {
  return f != nullptr && (f->cls == FormatClass::UINT || f->cls == FormatClass::SINT);
}

/// A shader output value: binary32 bits, or the raw 32-bit integer for UINT/SINT render targets.
uint32_t shader_value(const Json& j, const std::string& where, bool integer_rt) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (integer_rt)
      return static_cast<uint32_t>(with_where(where, [&] { return parse_hex(s, 32); }));
    return with_where(where, [&] { return parse_float_string(s); });
  }
  if (auto lit = float_literal(j)) {
    if (integer_rt) fail(where, "integer render target needs an integer output, got " + *lit);
    return with_where(where, [&] { return parse_float_literal(*lit); });
  }
  if (is_int(j)) {
    if (integer_rt) return static_cast<uint32_t>(as_int(j, where, INT32_MIN, UINT32_MAX));
    // One correct rounding (the FPU's round-to-nearest), the same as strtof on the integer's text.
    float f = j.is_number_unsigned() ? static_cast<float>(j.get<uint64_t>())
                                     : static_cast<float>(j.get<int64_t>());
    return om::ref::f32_bits(f);
  }
  fail(where, "expected a number or string, got " + type_name(j) + " " + to_text(j));
}

Vec4 vec4(const Json& j, const std::string& where, bool integer_rt) {
  as_array(j, where, 4, 4);
  Vec4 v{};
  for (size_t i = 0; i < 4; ++i) v[i] = shader_value(j[i], elem(where, i), integer_rt);
  return v;
}

Raw4 dest_components(const Json& rt, const FormatInfo& f, const std::string& where) {
  const Json* dest = member(rt, "dest");
  const Json* hex = member(rt, "desthex");
  Raw4 raw{};
  if (dest != nullptr && hex != nullptr) fail(where, "give either dest or destHex, not both");
  if (hex != nullptr) {
    std::string w = field(where, "destHex");
    if (!hex->is_string()) fail(w, "expected a \"0x...\" string, got " + type_name(*hex));
    std::array<uint32_t, 4> t =
        with_where(w, [&] { return parse_hex_words(hex->get<std::string>(), f.texel_bits); });
    for (int c = 0; c < 4; ++c) {
      if (f.ch[c].bits != 0) raw[c] = field_bits(t, f.ch[c].offset, f.ch[c].bits);
    }
    return raw;
  }
  if (dest == nullptr) return raw;
  std::string wd = field(where, "dest");
  as_array(*dest, wd, 4, 4);
  bool is_signed = f.cls == FormatClass::SNORM || f.cls == FormatClass::SINT;
  for (size_t c = 0; c < 4; ++c) {
    std::string wc = elem(wd, c);
    int bits = f.ch[c].bits;
    const Json& j = (*dest)[c];
    int64_t v;
    if (j.is_string()) {
      v = static_cast<int64_t>(with_where(wc, [&] { return parse_hex(j.get<std::string>(), 64); }));
    } else {
      v = as_int(j, wc, INT64_MIN, INT64_MAX);
    }
    int64_t lo = is_signed && bits > 0 ? -(int64_t{1} << (bits - 1)) : 0;
    int64_t hi = (int64_t{1} << bits) - 1;
    if (v < lo || v > hi) {
      fail(wc, to_text(j) + " does not fit the " + std::to_string(bits) + "-bit " +
                   (bits == 0 ? "(absent) " : "") + "component of " + f.name);
    }
    raw[c] = static_cast<uint32_t>(static_cast<uint64_t>(v) & static_cast<uint64_t>(hi));
  }
  return raw;
}

RtBlendDesc blend_desc(const Json& b, const std::string& where) {
  RtBlendDesc d;
  if (!b.is_object()) fail(where, "expected an object, got " + type_name(b));
  struct FactorField {
    const char* key;
    const char* name;
    Blend RtBlendDesc::*m;
  };
  const FactorField factors[] = {
      {"srcblend", "srcBlend", &RtBlendDesc::src_blend},
      {"destblend", "destBlend", &RtBlendDesc::dest_blend},
      {"srcblendalpha", "srcBlendAlpha", &RtBlendDesc::src_blend_alpha},
      {"destblendalpha", "destBlendAlpha", &RtBlendDesc::dest_blend_alpha}};
  for (const FactorField& f : factors) {
    if (const Json* j = member(b, f.key)) {
      d.*f.m = as_enum<Blend>(*j, field(where, f.name), parse_blend, blend_from_number);
    }
  }
  if (const Json* j = member(b, "blendop")) {
    d.blend_op =
        as_enum<BlendOp>(*j, field(where, "blendOp"), parse_blend_op, blend_op_from_number);
  }
  if (const Json* j = member(b, "blendopalpha")) {
    d.blend_op_alpha =
        as_enum<BlendOp>(*j, field(where, "blendOpAlpha"), parse_blend_op, blend_op_from_number);
  }
  if (const Json* j = member(b, "logicop")) {
    d.logic_op =
        as_enum<LogicOp>(*j, field(where, "logicOp"), parse_logic_op, logic_op_from_number);
  }
  if (const Json* j = member(b, "blendenable"))
    d.blend_enable = as_bool(*j, field(where, "blendEnable"));
  if (const Json* j = member(b, "logicopenable")) {
    d.logic_op_enable = as_bool(*j, field(where, "logicOpEnable"));
  }
  const Json* mask = member(b, "writemask");
  const Json* mask2 = member(b, "rendertargetwritemask");
  if (mask != nullptr && mask2 != nullptr) {
    fail(where, "give either writeMask or renderTargetWriteMask, not both");
  }
  if (mask == nullptr) mask = mask2;
  if (mask != nullptr) {
    std::string w = field(where, "writeMask");
    if (mask->is_string()) {
      d.render_target_write_mask =
          with_where(w, [&] { return parse_write_mask(mask->get<std::string>()); });
    } else {
      d.render_target_write_mask = static_cast<uint32_t>(as_int(*mask, w, 0, 15));
    }
  }
  return d;
}

Vector parse_vector_json(const Json& root) {
  Vector v;
  if (!root.is_object()) fail("vector", "expected a JSON object, got " + type_name(root));
  if (const Json* id = member(root, "id")) v.id = to_text(*id);
  const Json* rts = member(root, "rt");
  if (rts != nullptr && member(root, "rts") != nullptr)
    fail("rt", "give either rt or rts, not both");
  if (rts == nullptr) rts = member(root, "rts");
  if (rts == nullptr) fail("rt", "missing (the render targets, 1..8 entries)");
  as_array(*rts, "rt", 1, 8);
  v.num_slots = static_cast<int>(rts->size());
  const Json* oc = member(root, "oc");
  if (oc != nullptr) as_array(*oc, "oC", 0, 8);
  for (size_t i = 0; i < rts->size(); ++i) {
    const Json& r = (*rts)[i];
    std::string w = elem("rt", i);
    if (r.is_null()) continue;
    if (!r.is_object()) fail(w, "expected an object or null, got " + type_name(r));
    const Json* fmt = member(r, "format");
    if (fmt == nullptr) fail(field(w, "format"), "missing");
    if (fmt->is_null()) continue;
    if (!fmt->is_string())
      fail(field(w, "format"), "expected a format name, got " + type_name(*fmt));
    RtVector& rt = v.rt[i];
    rt.format =
        with_where(field(w, "format"), [&] { return parse_format(fmt->get<std::string>()); });
    if (rt.format == nullptr) continue;
    if (const Json* b = member(r, "blend")) rt.desc = blend_desc(*b, field(w, "blend"));
    rt.dest = dest_components(r, *rt.format, w);
    const Json* own = member(r, "oc");
    const Json* shared =
        oc != nullptr && i < oc->size() && !(*oc)[i].is_null() ? &(*oc)[i] : nullptr;
    if (own != nullptr && shared != nullptr) fail(w, "output given both as rt[i].oC and oC[i]");
    if (own == nullptr && shared == nullptr)
      fail(elem("oC", i), "missing for a bound render target");
    rt.oc = own ? vec4(*own, field(w, "oC"), is_integer_class(rt.format))
                : vec4(*shared, elem("oC", i), is_integer_class(rt.format));
  }
  if (const Json* j = member(root, "oc1"))
    v.oc1 = vec4(*j, "oC1", is_integer_class(v.rt[0].format));
  if (const Json* j = member(root, "blendfactor")) v.blend_factor = vec4(*j, "blendFactor", false);
  for (int i = 0; i < 8; ++i) {
    if (v.rt[i].format != nullptr && !v.oc1 && uses_dual_source(v.rt[i].desc) &&
        v.rt[i].desc.blend_enable) {
      fail(elem("rt", i), "blend uses a SRC1_* factor but oC1 is missing");
    }
  }
  return v;
}

Result parse_result_json(const Json& root) {
  Result r;
  if (!root.is_object()) fail("result", "expected a JSON object, got " + type_name(root));
  if (const Json* id = member(root, "id")) r.id = to_text(*id);
  if (const Json* l = member(root, "line"))
    r.line = static_cast<int>(as_int(*l, "line", 1, INT32_MAX));
  if (const Json* e = member(root, "error")) {
    r.error = e->is_string() ? e->get<std::string>() : to_text(*e);
    return r;
  }
  const Json* rts = member(root, "rt");
  if (rts == nullptr) fail("rt", "missing (and no error given)");
  as_array(*rts, "rt", 1, 8);
  for (size_t i = 0; i < rts->size(); ++i) {
    const Json& t = (*rts)[i];
    std::string w = elem("rt", i);
    if (t.is_null()) continue;
    const Json* fmt = member(t, "format");
    if (fmt == nullptr || !fmt->is_string()) fail(field(w, "format"), "missing or not a string");
    const FormatInfo* f =
        with_where(field(w, "format"), [&] { return parse_format(fmt->get<std::string>()); });
    if (f == nullptr) continue;
    r.format[i] = f;
    const Json* raw = member(t, "raw");
    if (raw == nullptr) fail(field(w, "raw"), "missing");
    as_array(*raw, field(w, "raw"), 4, 4);
    Raw4 comp{};
    for (size_t c = 0; c < 4; ++c) {
      int bits = f->ch[c].bits;
      comp[c] = static_cast<uint32_t>(
          as_int((*raw)[c], elem(field(w, "raw"), c), 0, (int64_t{1} << bits) - 1));
    }
    if (const Json* hex = member(t, "hex")) {
      if (!hex->is_string()) fail(field(w, "hex"), "expected a string");
      std::array<uint32_t, 4> words = with_where(
          field(w, "hex"), [&] { return parse_hex_words(hex->get<std::string>(), 128); });
      for (int c = 0; c < 4; ++c) {
        if (f->ch[c].bits != 0 && field_bits(words, f->ch[c].offset, f->ch[c].bits) != comp[c]) {
          fail(field(w, "hex"), "disagrees with raw[" + std::to_string(c) + "]");
        }
      }
    }
    r.rt[i] = comp;
  }
  return r;
}

std::string location(const std::string& file, int line) {
  return (file.empty() ? "line " + std::to_string(line) : file + ":" + std::to_string(line)) + ": ";
}

std::string base_name(const std::string& path) {
  size_t p = path.find_last_of('/');
  return p == std::string::npos ? path : path.substr(p + 1);
}

}  // namespace

bool uses_dual_source(const RtBlendDesc& d) {
  auto src1 = [](Blend b) {
    return b == Blend::SRC1_COLOR || b == Blend::INV_SRC1_COLOR || b == Blend::SRC1_ALPHA ||
           b == Blend::INV_SRC1_ALPHA;
  };
  return src1(d.src_blend) || src1(d.dest_blend) || src1(d.src_blend_alpha) ||
         src1(d.dest_blend_alpha);
}

Vector parse_vector(std::string_view text, int line, const std::string& file) {
  try {
    Vector v = parse_vector_json(parse_json_line(text));
    v.line = line;
    return v;
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(location(file, line) + e.what());
  }
}

Result parse_result(std::string_view text, int line, const std::string& file) {
  try {
    Result r = parse_result_json(parse_json_line(text));
    if (r.line == 0) r.line = line;
    return r;
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(location(file, line) + e.what());
  }
}

std::vector<Vector> read_vectors(const std::string& path) {
  std::vector<Vector> out;
  for (const JsonLine& l : read_json_lines(path))
    out.push_back(parse_vector(l.text, l.line, base_name(path)));
  return out;
}

std::vector<Result> read_results(const std::string& path) {
  std::vector<Result> out;
  for (const JsonLine& l : read_json_lines(path))
    out.push_back(parse_result(l.text, l.line, base_name(path)));
  return out;
}

}  // namespace om::conformance
