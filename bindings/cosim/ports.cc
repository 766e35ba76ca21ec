// SPDX-License-Identifier: Apache-2.0
// om_top's ports <-> Python dicts, and the argument checks of the extension (see cosim_py.h).
#include <sstream>
#include <stdexcept>

#include "cosim_py.h"
#include "om/cosim/stimulus.h"
#include "om/sim/side.h"

namespace omsim_cosim {
namespace {

[[noreturn]] void type_error(const std::string& msg) { throw py::type_error(msg); }
[[noreturn]] void value_error(const std::string& msg) { throw py::value_error(msg); }

std::string type_name(const py::handle& v) {
  return py::str(py::type::of(v).attr("__name__")).cast<std::string>();
}

// The Python int of `v` (bool, int or an object with __index__); TypeError naming `what`.
py::int_ as_int(const py::handle& v, const std::string& what, bool allow_bool) {
  if (PyBool_Check(v.ptr()) && !allow_bool) type_error(what + ": expected an int, got bool");
  if (PyFloat_Check(v.ptr()) || !PyIndex_Check(v.ptr())) {
    type_error(what + ": expected an int, got " + type_name(v));
  }
  return py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
}

bool is_negative(const py::int_& i) {
  return PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) == 1;
}

int bit_length(const py::int_& i) { return py::cast<int>(i.attr("bit_length")()); }

bool bool_field(const py::handle& v, const std::string& what) { return uint_arg(v, what, 1) != 0; }

om::ref::Vec4 words4(const py::handle& v, const std::string& what) {
  if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v)) {
    type_error(what + ": expected a sequence of 4 ints (32-bit words), got " + type_name(v));
  }
  const py::sequence s = py::reinterpret_borrow<py::sequence>(v);
  if (py::len(s) != 4) {
    value_error(what + ": expected 4 words, got " + std::to_string(py::len(s)));
  }
  om::ref::Vec4 out{};
  for (size_t c = 0; c < 4; ++c) {
    out[c] = static_cast<uint32_t>(uint_arg(s[c], what + "[" + std::to_string(c) + "]", 32));
  }
  return out;
}

py::tuple words4_tuple(const om::ref::Vec4& v) { return py::make_tuple(v[0], v[1], v[2], v[3]); }

om::Pixel pixel_from_dict(const py::handle& obj, const std::string& what) {
  if (!py::isinstance<py::dict>(obj)) type_error(what + ": expected a dict, got " + type_name(obj));
  om::Pixel p;
  for (const auto& kv : py::reinterpret_borrow<py::dict>(obj)) {
    if (!py::isinstance<py::str>(kv.first)) type_error(what + ": field names must be str");
    const std::string k = kv.first.cast<std::string>();
    const std::string f = what + "['" + k + "']";
    const py::handle v = kv.second;
    if (k == "cmd") {
      if (py::isinstance<py::str>(v)) {
        const std::string s = v.cast<std::string>();
        if (s != "draw" && s != "clear") value_error(f + ": '" + s + "' is not 'draw' or 'clear'");
        p.cmd = s == "clear" ? om::Cmd::kClear : om::Cmd::kDraw;
      } else {
        p.cmd = uint_arg(v, f, 1) ? om::Cmd::kClear : om::Cmd::kDraw;
      }
    } else if (k == "x") {
      p.x = static_cast<uint32_t>(uint_arg(v, f, om::kCoordW));
    } else if (k == "y") {
      p.y = static_cast<uint32_t>(uint_arg(v, f, om::kCoordW));
    } else if (k == "coverage") {
      p.coverage = bool_field(v, f);
    } else if (k == "fog") {
      p.fog = static_cast<uint32_t>(uint_arg(v, f, 32));
    } else if (k == "oc1") {
      p.oc1 = words4(v, f);
    } else if (k == "oc") {
      if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v)) {
        type_error(f + ": expected a sequence of up to " + std::to_string(om::kMaxRts) +
                   " outputs of 4 words, got " + type_name(v));
      }
      const py::sequence s = py::reinterpret_borrow<py::sequence>(v);
      if (py::len(s) > static_cast<size_t>(om::kMaxRts)) {
        value_error(f + ": " + std::to_string(py::len(s)) + " outputs, at most " +
                    std::to_string(om::kMaxRts));
      }
      for (size_t i = 0; i < py::len(s); ++i)
        p.oc[i] = words4(s[i], f + "[" + std::to_string(i) + "]");
    } else {
      value_error(what + ": unknown field '" + k + "' (cmd, x, y, coverage, fog, oc1, oc)");
    }
  }
  return p;
}

py::dict pixel_to_dict(const om::Pixel& p) {
  py::dict d;
  d["cmd"] = static_cast<uint32_t>(p.cmd);
  d["x"] = p.x;
  d["y"] = p.y;
  d["coverage"] = p.coverage;
  d["fog"] = p.fog;
  d["oc1"] = words4_tuple(p.oc1);
  py::list oc;
  for (const om::ref::Vec4& v : p.oc) oc.append(words4_tuple(v));
  d["oc"] = oc;
  return d;
}

}  // namespace

uint64_t uint_arg(const py::handle& v, const std::string& what, int bits) {
  const py::int_ i = as_int(v, what, bits == 1);
  if (is_negative(i) || bit_length(i) > bits) {
    value_error(what + ": " + py::str(i).cast<std::string>() + " does not fit in " +
                std::to_string(bits) + (bits == 1 ? " bit" : " bits"));
  }
  return i.cast<uint64_t>();
}

uint64_t range_arg(const py::handle& v, const std::string& what, uint64_t lo, uint64_t hi) {
  const py::int_ i = as_int(v, what, false);
  if (is_negative(i) || bit_length(i) > 64 || i.cast<uint64_t>() < lo || i.cast<uint64_t>() > hi) {
    value_error(what + ": " + py::str(i).cast<std::string>() + " is outside " + std::to_string(lo) +
                ".." + std::to_string(hi));
  }
  return i.cast<uint64_t>();
}

py::int_ texel_to_int(const om::ref::Texel& t) {
  const uint64_t lo = static_cast<uint64_t>(t.w[1]) << 32 | t.w[0];
  const uint64_t hi = static_cast<uint64_t>(t.w[3]) << 32 | t.w[2];
  if (hi == 0) return py::int_(lo);
  return py::reinterpret_steal<py::int_>(
      PyNumber_Or((py::int_(hi) << py::int_(64)).ptr(), py::int_(lo).ptr()));
}

om::ref::Texel texel_from_int(const py::handle& v, const std::string& what) {
  const py::int_ i = as_int(v, what, false);
  if (is_negative(i) || bit_length(i) > om::kTexelW) {
    value_error(what + ": " + py::str(i).cast<std::string>() + " does not fit in " +
                std::to_string(om::kTexelW) + " bits");
  }
  const std::string s = py::bytes(i.attr("to_bytes")(16, "little"));
  om::ref::Texel t;
  for (int w = 0; w < 4; ++w) {
    for (int b = 0; b < 4; ++b) {
      t.w[w] |= static_cast<uint32_t>(static_cast<unsigned char>(s[4 * w + b])) << (8 * b);
    }
  }
  return t;
}

om::TopIn top_in_from_dict(const py::handle& obj, const std::string& what) {
  if (!py::isinstance<py::dict>(obj)) type_error(what + ": expected a dict, got " + type_name(obj));
  om::TopIn in;
  for (const auto& kv : py::reinterpret_borrow<py::dict>(obj)) {
    if (!py::isinstance<py::str>(kv.first)) type_error(what + ": port names must be str");
    const std::string k = kv.first.cast<std::string>();
    const std::string f = what + "['" + k + "']";
    const py::handle v = kv.second;
    if (k == "rst_n") {
      in.rst_n = bool_field(v, f);
    } else if (k == "cfg") {
      in.cfg = static_cast<uint32_t>(uint_arg(v, f, 3));
    } else if (k == "psel") {
      in.psel = bool_field(v, f);
    } else if (k == "penable") {
      in.penable = bool_field(v, f);
    } else if (k == "pwrite") {
      in.pwrite = bool_field(v, f);
    } else if (k == "paddr") {
      in.paddr = static_cast<uint32_t>(uint_arg(v, f, 12));
    } else if (k == "pwdata") {
      in.pwdata = static_cast<uint32_t>(uint_arg(v, f, 32));
    } else if (k == "pstrb") {
      in.pstrb = static_cast<uint32_t>(uint_arg(v, f, 4));
    } else if (k == "in_valid") {
      in.in_valid = bool_field(v, f);
    } else if (k == "in_data") {
      in.in_data = pixel_from_dict(v, f);
    } else if (k == "mem_rd_ready") {
      in.mem_rd_ready = bool_field(v, f);
    } else if (k == "mem_rsp_valid") {
      in.mem_rsp_valid = bool_field(v, f);
    } else if (k == "mem_rsp_data") {
      in.mem_rsp_data = texel_from_int(v, f);
    } else if (k == "mem_wr_ready") {
      in.mem_wr_ready = bool_field(v, f);
    } else {
      value_error(what + ": unknown port '" + k +
                  "' (rst_n, cfg, psel, penable, pwrite, paddr, pwdata, pstrb, in_valid, in_data, "
                  "mem_rd_ready, mem_rsp_valid, mem_rsp_data, mem_wr_ready)");
    }
  }
  return in;
}

py::dict top_in_to_dict(const om::TopIn& in) {
  py::dict d;
  d["rst_n"] = in.rst_n;
  d["cfg"] = in.cfg;
  d["psel"] = in.psel;
  d["penable"] = in.penable;
  d["pwrite"] = in.pwrite;
  d["paddr"] = in.paddr;
  d["pwdata"] = in.pwdata;
  d["pstrb"] = in.pstrb;
  d["in_valid"] = in.in_valid;
  d["in_data"] = pixel_to_dict(in.in_data);
  d["mem_rd_ready"] = in.mem_rd_ready;
  d["mem_rsp_valid"] = in.mem_rsp_valid;
  d["mem_rsp_data"] = texel_to_int(in.mem_rsp_data);
  d["mem_wr_ready"] = in.mem_wr_ready;
  return d;
}

py::dict perf_to_dict(const om::Perf& p) {
  py::dict d;
  d["busy"] = p.busy;
  d["pixels_in"] = p.pixels_in;
  d["rt_reads"] = p.rt_reads;
  d["rt_writes"] = p.rt_writes;
  d["hazard_stalls"] = p.hazard_stalls;
  d["mem_stalls"] = p.mem_stalls;
  d["killed"] = p.killed;
  return d;
}

py::dict top_out_to_dict(const om::TopOut& out) {
  py::dict d;
  d["prdata"] = out.prdata;
  d["pready"] = out.pready;
  d["pslverr"] = out.pslverr;
  d["in_ready"] = out.in_ready;
  d["mem_rd_valid"] = out.mem_rd_valid;
  d["mem_rd_addr"] = out.mem_rd_addr;
  d["mem_wr_valid"] = out.mem_wr_valid;
  d["mem_wr_addr"] = out.mem_wr_addr;
  d["mem_wr_data"] = texel_to_int(out.mem_wr_data);
  d["perf"] = perf_to_dict(out.perf);
  return d;
}

int config_arg(const std::string& name, const std::string& what) {
  const int i = om::cosim::config_index(name);
  if (i >= 0) return i;
  std::string names;
  for (const om::ConfigInfo& c : om::kConfigs)
    names += (names.empty() ? "" : ", ") + std::string(c.name);
  value_error(what + ": unknown configuration '" + name + "' (" + names + ")");
}

std::vector<std::string> side_names() {
  std::vector<std::string> s{"rtl"};
  if (om::sim::have_model()) s.emplace_back("model");
  return s;
}

std::vector<std::string> fault_list() {
  std::vector<std::string> out;
  std::istringstream in(om::sim::fault_names());
  for (std::string f; std::getline(in, f, ',');) {
    const size_t b = f.find_first_not_of(' ');
    if (b != std::string::npos) out.push_back(f.substr(b));
  }
  return out;
}

void check_fault(const std::string& fault, const std::string& what) {
  if (fault.empty()) return;
  for (const std::string& f : fault_list()) {
    if (f == fault) return;
  }
  value_error(what + ": unknown fault '" + fault + "' (" + om::sim::fault_names() + ")");
}

}  // namespace omsim_cosim
