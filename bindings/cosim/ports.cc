// SPDX-License-Identifier: Apache-2.0
// om_top's ports <-> Python dicts through one table per port struct (see cosim_py.h):
// om::PortTable, the RTL port names without their suffix and each port's width (generated from
// defs/top_ports.toml and defs/types.toml, perf_t's counters from the register map), used both ways
// and for the messages.
#include <stdexcept>
#include <tuple>
#include <utility>

#include "common.h"
#include "cosim_py.h"

namespace omsim_cosim {
namespace {

using omsim_py::type_name;
using omsim_py::uint_arg;

[[noreturn]] void type_error(const std::string& msg) { throw py::type_error(msg); }
[[noreturn]] void value_error(const std::string& msg) { throw py::value_error(msg); }

py::sequence sequence(const py::handle& v, const std::string& what, const std::string& of) {
  if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v)) {
    type_error(what + ": expected a sequence of " + of + ", got " + type_name(v));
  }
  return py::reinterpret_borrow<py::sequence>(v);
}

om::ref::Vec4 words4(const py::handle& v, const std::string& what) {
  const py::sequence s = sequence(v, what, "4 ints (32-bit words)");
  if (py::len(s) != 4) value_error(what + ": expected 4 words, got " + std::to_string(py::len(s)));
  om::ref::Vec4 out{};
  for (size_t c = 0; c < 4; ++c)
    out[c] = static_cast<uint32_t>(uint_arg(s[c], what + "[" + std::to_string(c) + "]", 32));
  return out;
}

template <class M>
void load(const py::handle& v, M& out, const std::string& f, int bits) {
  if constexpr (std::is_same_v<M, om::Cmd>) {
    if (py::isinstance<py::str>(v)) {
      const std::string s = v.cast<std::string>();
      if (s != "draw" && s != "clear") value_error(f + ": '" + s + "' is not 'draw' or 'clear'");
      out = s == "clear" ? om::Cmd::kClear : om::Cmd::kDraw;
    } else {
      out = uint_arg(v, f, 1) ? om::Cmd::kClear : om::Cmd::kDraw;
    }
  } else if constexpr (std::is_same_v<M, om::ref::Vec4>) {
    out = words4(v, f);
  } else if constexpr (std::is_same_v<M, std::array<om::ref::Vec4, om::kMaxRts>>) {
    const py::sequence s = sequence(v, f, "up to 8 outputs of 4 words");
    if (py::len(s) > out.size()) {
      value_error(f + ": " + std::to_string(py::len(s)) + " outputs, at most " +
                  std::to_string(out.size()));
    }
    for (size_t i = 0; i < py::len(s); ++i)
      out[i] = words4(s[i], f + "[" + std::to_string(i) + "]");
  } else if constexpr (std::is_same_v<M, om::ref::Texel>) {
    out = omsim_py::texel_from_int(v, f.c_str(), bits, nullptr);
  } else if constexpr (std::is_same_v<M, om::Pixel>) {
    out = from_dict<om::Pixel>(v, f);
  } else {
    out = static_cast<M>(uint_arg(v, f, bits));
  }
}

template <class M>
py::object to_py(const M& v) {
  if constexpr (std::is_same_v<M, om::ref::Vec4>) {
    return py::make_tuple(v[0], v[1], v[2], v[3]);
  } else if constexpr (std::is_same_v<M, std::array<om::ref::Vec4, om::kMaxRts>>) {
    py::list l;
    for (const om::ref::Vec4& x : v) l.append(to_py(x));
    return std::move(l);
  } else if constexpr (std::is_same_v<M, om::ref::Texel>) {
    return omsim_py::texel_to_int(v);
  } else if constexpr (std::is_same_v<M, om::Pixel> || std::is_same_v<M, om::Perf>) {
    return to_dict(v);
  } else if constexpr (std::is_same_v<M, bool>) {
    return py::bool_(v);
  } else {
    return py::int_(static_cast<uint64_t>(v));
  }
}

}  // namespace

template <class S>
py::dict to_dict(const S& s) {
  py::dict d;
  std::apply([&](const auto&... p) { ((d[p.name] = to_py(s.*p.member)), ...); },
             om::PortTable<S>::kFields);
  return d;
}
template py::dict to_dict(const om::TopIn&);
template py::dict to_dict(const om::TopOut&);
template py::dict to_dict(const om::Perf&);

template <class S>
S from_dict(const py::handle& obj, const std::string& what) {
  S out;
  if (!py::isinstance<py::dict>(obj)) type_error(what + ": expected a dict, got " + type_name(obj));
  for (const std::pair<py::handle, py::handle> kv : py::reinterpret_borrow<py::dict>(obj)) {
    const py::handle key = kv.first, value = kv.second;
    if (!py::isinstance<py::str>(key))
      type_error(what + ": " + om::PortTable<S>::kNoun + " names must be str");
    const std::string k = key.cast<std::string>();
    bool found = false;
    std::string names;
    auto try_port = [&](const auto& p) {
      names += (names.empty() ? "" : ", ") + std::string(p.name);
      if (found || k != p.name) return;
      load(value, out.*p.member, what + "['" + k + "']", p.bits);
      found = true;
    };
    std::apply([&](const auto&... p) { (try_port(p), ...); }, om::PortTable<S>::kFields);
    if (!found)
      value_error(what + ": unknown " + om::PortTable<S>::kNoun + " '" + k + "' (" + names + ")");
  }
  return out;
}
template om::TopIn from_dict(const py::handle&, const std::string&);

}  // namespace omsim_cosim
