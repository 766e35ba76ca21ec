// SPDX-License-Identifier: Apache-2.0
#include "om/top_ports.h"

#include <array>
#include <cstdio>
#include <initializer_list>
#include <utility>

namespace om {
namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}
std::string dec(uint32_t v) { return std::to_string(v); }

std::string field(const char* name, const std::string& a, const std::string& b) {
  return std::string(name) + ": " + a + " vs " + b;
}

// Bits [lsb, lsb + width) of a packed image as hex, most significant digit first.
std::string field_hex(const uint32_t* w, int lsb, int width) {
  std::string s = "0x";
  for (int d = (width + 3) / 4 - 1; d >= 0; --d) {
    uint32_t nib = 0;
    for (int b = 0; b < 4 && 4 * d + b < width; ++b) {
      const int bit = lsb + 4 * d + b;
      nib |= ((w[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    s += "0123456789abcdef"[nib];
  }
  return s;
}

// The first field (in the type's member order) in which two payloads differ, as "name.path: a vs
// b".
template <typename T, size_t N>
std::string payload_diff(const char* name, const T& a, const T& b,
                         const std::array<FieldInfo, N>& fields) {
  const auto pa = pack(a);
  const auto pb = pack(b);
  if (pa == pb) return "";
  for (size_t i = N; i-- > 0;) {
    const FieldInfo& f = fields[i];
    const std::string va = field_hex(pa.data(), f.lsb, f.width);
    const std::string vb = field_hex(pb.data(), f.lsb, f.width);
    if (va != vb) return field((std::string(name) + "." + f.path).c_str(), va, vb);
  }
  return "";
}

std::string first(std::initializer_list<std::string> diffs) {
  for (const std::string& d : diffs) {
    if (!d.empty()) return d;
  }
  return "";
}

std::string flag_diff(const char* name, bool a, bool b) {
  return a == b ? "" : field(name, dec(a), dec(b));
}

}  // namespace

Pixel make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px) {
  Pixel p;
  p.cmd = px.clear ? Cmd::kClear : Cmd::kDraw;
  p.x = x;
  p.y = y;
  p.sample = px.sample;
  p.coverage = px.coverage;
  p.omask_written = px.omask_written;
  p.omask = px.omask;
  p.front_face = true;  // every non-triangle primitive is front-facing
  p.fog = px.fog;
  p.oc1 = px.oc1;
  p.oc = px.oc;
  return p;
}

bool operator==(const TopOut& a, const TopOut& b) {
  return a.prdata == b.prdata && a.pready == b.pready && a.pslverr == b.pslverr &&
         a.in_ready == b.in_ready && a.mem_rd_valid == b.mem_rd_valid &&
         a.mem_rd_addr == b.mem_rd_addr && a.mem_wr_valid == b.mem_wr_valid &&
         a.mem_wr_addr == b.mem_wr_addr && a.mem_wr_data == b.mem_wr_data &&
         a.ds_rd_valid == b.ds_rd_valid && a.ds_rd_addr == b.ds_rd_addr &&
         a.ds_wr_valid == b.ds_wr_valid && a.ds_wr_addr == b.ds_wr_addr &&
         a.ds_wr_data == b.ds_wr_data && a.perf == b.perf;
}
bool operator!=(const TopOut& a, const TopOut& b) { return !(a == b); }

std::string diff(const TopOut& a, const TopOut& b) {
  if (a.prdata != b.prdata) return field("prdata_o", hex(a.prdata), hex(b.prdata));
  if (a.pready != b.pready) return field("pready_o", dec(a.pready), dec(b.pready));
  if (a.pslverr != b.pslverr) return field("pslverr_o", dec(a.pslverr), dec(b.pslverr));
  if (a.in_ready != b.in_ready) return field("in_ready_o", dec(a.in_ready), dec(b.in_ready));
  if (a.mem_rd_valid != b.mem_rd_valid) {
    return field("mem_rd_valid_o", dec(a.mem_rd_valid), dec(b.mem_rd_valid));
  }
  if (a.mem_rd_addr != b.mem_rd_addr) {
    return field("mem_rd_addr_o", hex(a.mem_rd_addr), hex(b.mem_rd_addr));
  }
  if (a.mem_wr_valid != b.mem_wr_valid) {
    return field("mem_wr_valid_o", dec(a.mem_wr_valid), dec(b.mem_wr_valid));
  }
  if (a.mem_wr_addr != b.mem_wr_addr) {
    return field("mem_wr_addr_o", hex(a.mem_wr_addr), hex(b.mem_wr_addr));
  }
  for (int i = 0; i < 4; ++i) {
    if (a.mem_wr_data.w[i] != b.mem_wr_data.w[i]) {
      const std::string name =
          "mem_wr_data_o[" + std::to_string(32 * i + 31) + ":" + std::to_string(32 * i) + "]";
      return field(name.c_str(), hex(a.mem_wr_data.w[i]), hex(b.mem_wr_data.w[i]));
    }
  }
  if (a.ds_rd_valid != b.ds_rd_valid) {
    return field("ds_rd_valid_o", dec(a.ds_rd_valid), dec(b.ds_rd_valid));
  }
  if (a.ds_rd_addr != b.ds_rd_addr) {
    return field("ds_rd_addr_o", hex(a.ds_rd_addr), hex(b.ds_rd_addr));
  }
  if (a.ds_wr_valid != b.ds_wr_valid) {
    return field("ds_wr_valid_o", dec(a.ds_wr_valid), dec(b.ds_wr_valid));
  }
  if (a.ds_wr_addr != b.ds_wr_addr) {
    return field("ds_wr_addr_o", hex(a.ds_wr_addr), hex(b.ds_wr_addr));
  }
  if (a.ds_wr_data != b.ds_wr_data) {
    return field("ds_wr_data_o", field_hex(a.ds_wr_data.w.data(), 0, kTexelW),
                 field_hex(b.ds_wr_data.w.data(), 0, kTexelW));
  }
  const Perf& p = a.perf;
  const Perf& q = b.perf;
  if (p.busy != q.busy) return field("perf_o.busy", dec(p.busy), dec(q.busy));
  if (p.pixels_in != q.pixels_in) {
    return field("perf_o.pixels_in", dec(p.pixels_in), dec(q.pixels_in));
  }
  if (p.rt_reads != q.rt_reads) return field("perf_o.rt_reads", dec(p.rt_reads), dec(q.rt_reads));
  if (p.rt_writes != q.rt_writes) {
    return field("perf_o.rt_writes", dec(p.rt_writes), dec(q.rt_writes));
  }
  if (p.hazard_stalls != q.hazard_stalls) {
    return field("perf_o.hazard_stalls", dec(p.hazard_stalls), dec(q.hazard_stalls));
  }
  if (p.mem_stalls != q.mem_stalls) {
    return field("perf_o.mem_stalls", dec(p.mem_stalls), dec(q.mem_stalls));
  }
  if (p.killed != q.killed) return field("perf_o.killed", dec(p.killed), dec(q.killed));
  return "";
}

std::string diff(const TopTaps& a, const TopTaps& b) {
  const bool ds = a.ds_valid && b.ds_valid;
  const bool acc = a.acc_valid && b.acc_valid;
  const bool hz = a.hz_valid && b.hz_valid;
  const bool rd = a.rd_valid && b.rd_valid;
  const bool dp = a.dp_valid && b.dp_valid;
  const std::array<std::pair<const char*, std::string>, 5> stages = {{
      {"om_depth -> om_accept",
       first({flag_diff("ds_valid", a.ds_valid, b.ds_valid),
              flag_diff("ds_ready", a.ds_ready, b.ds_ready),
              ds ? payload_diff("ds_px", a.ds_px, b.ds_px, kPixelFields) : ""})},
      {"om_accept -> om_hazard",
       first({flag_diff("acc_valid", a.acc_valid, b.acc_valid),
              flag_diff("acc_ready", a.acc_ready, b.acc_ready),
              acc ? payload_diff("acc_op", a.acc_op, b.acc_op, kOpFields) : ""})},
      {"om_hazard -> om_dest_read",
       first({flag_diff("hz_valid", a.hz_valid, b.hz_valid),
              flag_diff("hz_ready", a.hz_ready, b.hz_ready),
              hz ? payload_diff("hz_op", a.hz_op, b.hz_op, kOpFields) : ""})},
      {"om_dest_read -> om_rt_datapath",
       first({flag_diff("rd_valid", a.rd_valid, b.rd_valid), flag_diff("dp_en", a.dp_en, b.dp_en),
              rd ? payload_diff("rd_op", a.rd_op, b.rd_op, kOpDstFields) : ""})},
      {"om_rt_datapath -> om_write",
       first({flag_diff("dp_valid", a.dp_valid, b.dp_valid),
              flag_diff("wr_ready", a.wr_ready, b.wr_ready),
              dp ? flag_diff("dp_write", a.dp_write, b.dp_write) : "",
              dp && a.dp_addr != b.dp_addr ? field("dp_addr", hex(a.dp_addr), hex(b.dp_addr)) : "",
              dp && a.dp_texel != b.dp_texel
                  ? field("dp_texel", field_hex(a.dp_texel.w.data(), 0, kTexelW),
                          field_hex(b.dp_texel.w.data(), 0, kTexelW))
                  : ""})},
  }};
  for (const auto& [name, d] : stages) {
    if (!d.empty()) return std::string(name) + ": " + d;
  }
  return "";
}

std::string to_string(const TopOut& o) {
  std::string s = "prdata=" + hex(o.prdata) + " pready=" + dec(o.pready) +
                  " pslverr=" + dec(o.pslverr) + " in_ready=" + dec(o.in_ready) +
                  " mem_rd_valid=" + dec(o.mem_rd_valid) + " mem_rd_addr=" + hex(o.mem_rd_addr) +
                  " mem_wr_valid=" + dec(o.mem_wr_valid) + " mem_wr_addr=" + hex(o.mem_wr_addr) +
                  " mem_wr_data=";
  for (int i = 3; i >= 0; --i) s += hex(o.mem_wr_data.w[i]).substr(i == 3 ? 0 : 2);
  s += " ds_rd_valid=" + dec(o.ds_rd_valid) + " ds_rd_addr=" + hex(o.ds_rd_addr) +
       " ds_wr_valid=" + dec(o.ds_wr_valid) + " ds_wr_addr=" + hex(o.ds_wr_addr) + " ds_wr_data=";
  for (int i = 3; i >= 0; --i) s += hex(o.ds_wr_data.w[i]).substr(i == 3 ? 0 : 2);
  const Perf& p = o.perf;
  s += " perf={busy=" + dec(p.busy) + " pixels_in=" + dec(p.pixels_in) +
       " rt_reads=" + dec(p.rt_reads) + " rt_writes=" + dec(p.rt_writes) +
       " hazard_stalls=" + dec(p.hazard_stalls) + " mem_stalls=" + dec(p.mem_stalls) +
       " killed=" + dec(p.killed) + "}";
  return s;
}

}  // namespace om
