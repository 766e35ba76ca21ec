// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/stimulus_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "om/cosim/numbers.h"
#include "om/cosim/output_policy.h"
#include "om/cosim/profile.h"
#include "om/gen/regs.h"
#include "om/gen/sizes.h"

namespace om::cosim {
namespace {

constexpr uint64_t kMaxCycles = 1000000000000ull;    // as --cycles
constexpr uint64_t kMaxCoord = (1u << kCoordW) - 1;  // x and y are CoordW bits
constexpr size_t kMaxPalette = 256;                  // PixelRef::palette is 8 bits

}  // namespace

bool bus_kind(const std::string& name, BusOp::Kind* kind) {
  for (const sim::BusKindInfo& k : sim::kBusKinds) {
    if (name == k.name) {
      *kind = k.kind;
      return true;
    }
  }
  return false;
}

std::string bus_op_mismatch(BusOp::Kind kind, uint32_t addr) {
  const auto offset = [](uint32_t a) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%03X", a);
    return std::string(buf);
  };
  const bool write = sim::info(kind)->write;
  const regs::RegInfo* r = (addr & 3u) == 0 ? regs::find_reg(addr) : nullptr;
  // om_csr's rule: a misaligned or unmapped offset, or the wrong direction, ends with PSLVERR.
  std::string err;
  if ((addr & 3u) != 0) {
    err = "is misaligned";
  } else if (r == nullptr) {
    err = "is unmapped";
  } else if (r->access == regs::Access::kR && write) {
    err = std::string("is ") + r->name + ", a read-only register";
  } else if (r->access == regs::Access::kW && !write) {
    err = std::string("is ") + r->name + ", a write-only register";
  }
  if (!err.empty() && !sim::info(kind)->errs) {
    return std::string(sim::to_string(kind)) + " must end without PSLVERR, but the address " + err;
  }
  if (err.empty() && sim::info(kind)->errs) {
    return std::string(sim::to_string(kind)) + " must end with PSLVERR, but the address is " +
           r->name;
  }
  // The testbench clears its expected counters on perf_clear and takes status_poll as the drain.
  const bool clears = addr == regs::kPerfClear && write;
  if (clears != (kind == BusOp::Kind::kPerfClear)) {
    return clears ? "a write to PERF_CLEAR is a perf_clear"
                  : "a perf_clear writes PERF_CLEAR (" + offset(regs::kPerfClear) + ")";
  }
  if (kind == BusOp::Kind::kStatusPoll && addr != regs::kStatus) {
    return "a status_poll reads STATUS (" + offset(regs::kStatus) + ")";
  }
  return "";
}

namespace {

// The fields of one line: positional values, flags (bare words the record knows) and key=value.
struct Fields {
  std::vector<std::string> pos;
  std::vector<std::string> flags;
  std::vector<std::pair<std::string, std::string>> keys;
  bool flag(const char* f) const { return std::find(flags.begin(), flags.end(), f) != flags.end(); }
  const std::string* key(const char* k) const {
    const auto it =
        std::find_if(keys.begin(), keys.end(), [&](const auto& kv) { return kv.first == k; });
    return it == keys.end() ? nullptr : &it->second;
  }
};

class Reader {
 public:
  explicit Reader(std::string name) : name_(std::move(name)) {}

  Stimulus parse(const std::string& text) {
    st_.cfg.profile.clear();  // provenance only when the file gives it
    st_.cfg.seeded = false;
    st_.cfg.seed = 0;
    std::vector<std::string> tok;
    for (size_t at = 0; at < text.size();) {
      size_t end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      ++line_;
      // Tokens: runs of characters other than blanks, up to a '#'.
      tok.clear();
      for (size_t i = at; i < end && text[i] != '#';) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
          ++i;
          continue;
        }
        size_t j = i;
        while (j < end && text[j] != '#' && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        tok.emplace_back(text, i, j - i);
        i = j;
      }
      at = end + 1;
      if (line_ == 1) {
        header(tok);
      } else if (!tok.empty()) {
        if (end_line_ != 0) {
          fail(tok[0], "comes after the file's 'end' (line " + std::to_string(end_line_) + ")");
        }
        record(tok);
      }
    }
    if (line_ == 0) {
      fail("omsim-stimulus", "empty file (the first line is 'omsim-stimulus " +
                                 std::to_string(kStimulusVersion) + "')");
    }
    if (version_ >= 2 && end_line_ == 0) {
      fail("end", "missing: a version " + std::to_string(version_) +
                      " file closes with an 'end' line, so this one is cut short");
    }
    for (const char* k : {"config", "cycles"}) {
      if (seen_.count(k) == 0) fail(k, "missing (the header needs 'config NAME' and 'cycles N')");
    }
    const ConfigInfo& cfg = kConfigs[st_.cfg.cfg_index];
    if (st_.cfg.rts > cfg.max_rts) {
      line_ = seen_["rts"];
      fail("rts", "'" + std::to_string(st_.cfg.rts) + "' is more than " + cfg.name + "'s " +
                      std::to_string(cfg.max_rts) + " render targets");
    }
    derive_states(st_);
    return std::move(st_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw StimulusError(name_ + ":" + std::to_string(line_) + ": " + field + ": " + what);
  }

  uint64_t num(const std::string& field, const std::string& text, uint64_t lo, uint64_t hi) const {
    try {
      return parse_uint(field, text, lo, hi);
    } catch (const std::invalid_argument& e) {
      throw StimulusError(name_ + ":" + std::to_string(line_) + ": " + e.what());
    }
  }

  // A binary32 given as its bits (decimal or 0x hex) or as a decimal number with a point or an
  // exponent (e.g. 1.0, -0.5, 2e-3).
  uint32_t word(const std::string& field, const std::string& text) const {
    const bool is_hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (!is_hex && text.find_first_of(".eE") != std::string::npos) {
      char* end = nullptr;
      const float f = std::strtof(text.c_str(), &end);
      if (end == text.c_str() + text.size() &&
          text.find_first_not_of("0123456789.eE+-") == std::string::npos && std::isfinite(f)) {
        uint32_t bits = 0;
        std::memcpy(&bits, &f, sizeof bits);
        return bits;
      }
      fail(field, "'" + text + "' is not a finite binary32 number");
    }
    return static_cast<uint32_t>(num(field, text, 0, 0xFFFFFFFFu));
  }

  // tok[first..]: the fields of record `rec`; `usage` shows its form in messages.
  Fields split(const std::string& rec, const std::vector<std::string>& tok, size_t first,
               size_t min_pos, size_t max_pos, std::initializer_list<const char*> flags,
               std::initializer_list<const char*> keys, const std::string& usage) const {
    Fields f;
    for (size_t i = first; i < tok.size(); ++i) {
      const std::string& t = tok[i];
      const size_t eq = t.find('=');
      if (eq != std::string::npos) {
        const std::string k = t.substr(0, eq);
        bool known = false;
        for (const char* kk : keys) known = known || k == kk;
        if (!known) fail(rec, "unknown field '" + t + "' (" + usage + ")");
        if (f.key(k.c_str()) != nullptr) fail(rec + " " + k, "given twice");
        f.keys.emplace_back(k, t.substr(eq + 1));
        continue;
      }
      bool is_flag = false;
      for (const char* ff : flags) is_flag = is_flag || t == ff;
      if (is_flag) {
        if (f.flag(t.c_str())) fail(rec + " " + t, "given twice");
        f.flags.push_back(t);
      } else if (f.pos.size() < max_pos && f.keys.empty()) {
        f.pos.push_back(t);
      } else {
        fail(rec, "unexpected '" + t + "' (" + usage + ")");
      }
    }
    if (f.pos.size() < min_pos) fail(rec, "missing values (" + usage + ")");
    return f;
  }

  void header(const std::vector<std::string>& tok) {
    if (tok.empty() || tok[0] != "omsim-stimulus") {
      fail("omsim-stimulus", "not a stimulus file (the first line must be 'omsim-stimulus " +
                                 std::to_string(kStimulusVersion) + "')");
    }
    for (int v = kOldestStimulusVersion; v <= kStimulusVersion && tok.size() == 2; ++v) {
      if (tok[1] == std::to_string(v)) version_ = v;
    }
    if (version_ == 0) {
      fail("omsim-stimulus", "unsupported version '" + (tok.size() > 1 ? tok[1] : "") +
                                 "' (this omsim reads versions " +
                                 std::to_string(kOldestStimulusVersion) + " to " +
                                 std::to_string(kStimulusVersion) + ")");
    }
  }

  Segment& segment(const std::string& rec) {
    if (st_.segments.empty()) fail(rec, "comes before the first 'segment' line");
    return st_.segments.back();
  }

  void once(const std::string& rec) {
    if (!seen_.emplace(rec, line_).second) {
      fail(rec, "given twice (first on line " + std::to_string(seen_[rec]) + ")");
    }
  }

  void record(const std::vector<std::string>& tok) {
    const std::string& rec = tok[0];
    if (rec == "config" || rec == "rts" || rec == "profile" || rec == "seed" || rec == "cycles") {
      once(rec);
      const std::string v = split(rec, tok, 1, 1, 1, {}, {}, rec + " VALUE").pos[0];
      if (rec == "config") {
        st_.cfg.cfg_index = config_index(v);
        if (st_.cfg.cfg_index < 0)
          fail(rec, "unknown configuration '" + v + "' (" + kConfigNames + ")");
      } else if (rec == "rts") {
        st_.cfg.rts = static_cast<int>(num(rec, v, 0, ref::kMaxRts));
      } else if (rec == "profile") {
        if (find_profile(v) == nullptr) {
          fail(rec, "unknown profile '" + v + "' (" + profile_list() + ")");
        }
        st_.cfg.profile = v;
      } else if (rec == "seed") {
        st_.cfg.seed = num(rec, v, 0, UINT64_MAX);
        st_.cfg.seeded = true;
      } else {
        st_.cfg.cycles = num(rec, v, 1, kMaxCycles);
      }
    } else if (rec == "segment") {
      const Fields f = split(rec, tok, 1, 0, 0, {"drain", "nofill", "illegal"}, {"fill_seed"},
                             "segment [drain] [nofill] [illegal] [fill_seed=N]");
      Segment s;
      s.drain = f.flag("drain");
      s.fill = !f.flag("nofill");
      s.illegal = f.flag("illegal");
      if (const std::string* v = f.key("fill_seed"))
        s.fill_seed = num("segment fill_seed", *v, 0, UINT64_MAX);
      st_.segments.push_back(std::move(s));
    } else if (rec == "program" || rec == "traffic") {
      bus_op(tok);
    } else if (rec == "ps") {
      palette(tok);
    } else if (rec == "pixel") {
      pixel(tok);
    } else if (rec == "mem") {
      mem(tok);
    } else if (rec == "end" && version_ >= 2) {
      split(rec, tok, 1, 0, 0, {}, {}, "end");
      end_line_ = line_;
    } else {
      fail(rec,
           "unknown record (config, rts, profile, seed, cycles, mem, segment, program, "
           "traffic, ps, pixel" +
               std::string(version_ >= 2 ? ", end)" : ")"));
    }
  }

  void bus_op(const std::vector<std::string>& tok) {
    const std::string& rec = tok[0];
    Segment& seg = segment(rec);
    const Fields f =
        split(rec, tok, 1, 2, 3, {}, {"strb", "gap"}, rec + " KIND ADDR [DATA] [strb=N] [gap=N]");
    BusOp op;
    if (!bus_kind(f.pos[0], &op.kind)) {
      std::string names;
      for (const sim::BusKindInfo& k : sim::kBusKinds)
        names += (names.empty() ? "" : ", ") + std::string(k.name);
      fail(rec + " kind", "unknown bus operation '" + f.pos[0] + "' (" + names + ")");
    }
    op.write = sim::info(op.kind)->write;
    op.addr = static_cast<uint16_t>(num(rec + " addr", f.pos[1], 0, regs::kSpace - 1));
    const std::string mismatch = bus_op_mismatch(op.kind, op.addr);
    if (!mismatch.empty()) fail(rec + " addr", "'" + f.pos[1] + "': " + mismatch);
    if (f.pos.size() > 2)
      op.data = static_cast<uint32_t>(num(rec + " data", f.pos[2], 0, 0xFFFFFFFFu));
    if (const std::string* v = f.key("strb"))
      op.strb = static_cast<uint8_t>(num(rec + " strb", *v, 0, 0xF));
    if (const std::string* v = f.key("gap"))
      op.gap = static_cast<uint16_t>(num(rec + " gap", *v, 0, 0xFFFF));
    (rec == "program" ? seg.program : seg.traffic).push_back(op);
  }

  void palette(const std::vector<std::string>& tok) {
    const std::string rec = "ps";
    Segment& seg = segment(rec);
    const Fields f = split(rec, tok, 1, 0, 0, {},
                           {"o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "dual", "fog"},
                           "ps [o0..o7=R,G,B,A] [dual=R,G,B,A] [fog=F]");
    if (seg.palette.size() >= kMaxPalette) {
      fail("ps", "a segment holds at most " + std::to_string(kMaxPalette) + " palette entries");
    }
    ref::PixelIn p;
    for (const auto& [k, v] : f.keys) {
      if (k == "fog") {
        p.fog = word("ps fog", v);
        continue;
      }
      ref::Vec4& dst = k == "dual" ? p.oc1 : p.oc[k[1] - '0'];
      std::istringstream vs(v);
      std::string c;
      int n = 0;
      while (std::getline(vs, c, ',')) {
        if (n == 4) break;
        dst[n++] = word("ps " + k, c);
      }
      if (n != 4 || vs.peek() != EOF || v.back() == ',') {
        fail("ps " + k, "'" + v + "' is not 4 comma-separated values R,G,B,A");
      }
    }
    seg.palette.push_back(p);
  }

  void pixel(const std::vector<std::string>& tok) {
    const std::string rec = "pixel";
    Segment& seg = segment(rec);
    const Fields f =
        split(rec, tok, 1, 3, 3, {"clear", "nocov", "back"}, {"gap", "z", "s", "omask"},
              "pixel X Y PALETTE [gap=N] [z=DEPTH] [s=SAMPLE] [omask=0|1] [clear] [nocov] [back]");
    PixelRef p;
    p.x = static_cast<uint16_t>(num("pixel x", f.pos[0], 0, kMaxCoord));
    p.y = static_cast<uint16_t>(num("pixel y", f.pos[1], 0, kMaxCoord));
    const uint64_t pal = num("pixel palette", f.pos[2], 0, kMaxPalette - 1);
    if (pal >= seg.palette.size()) {
      fail("pixel palette", "'" + f.pos[2] + "' names no entry: the segment has " +
                                std::to_string(seg.palette.size()) + " 'ps' lines before it");
    }
    p.palette = static_cast<uint8_t>(pal);
    if (const std::string* v = f.key("gap"))
      p.gap = static_cast<uint8_t>(num("pixel gap", *v, 0, 255));
    p.clear = f.flag("clear");
    p.coverage = !f.flag("nocov");
    p.front = !f.flag("back");
    if (const std::string* v = f.key("z")) p.depth = word("pixel z", *v);
    if (const std::string* v = f.key("s")) {
      p.sample = static_cast<uint8_t>(num("pixel s", *v, 0, kMaxSamples - 1));
    }
    if (const std::string* v = f.key("omask")) {
      p.omask_written = true;
      p.omask = num("pixel omask", *v, 0, 1) != 0;
    }
    seg.pixels.push_back(p);
  }

  void latency(MemPhase& p, const std::string& field, const std::string& v, bool range) const {
    const size_t dots = v.find("..");
    if (!range || dots == std::string::npos) {
      p.lat_lo = p.lat_hi = static_cast<uint8_t>(num(field, v, 1, 255));
      return;
    }
    p.lat_lo = static_cast<uint8_t>(num(field, v.substr(0, dots), 1, 255));
    p.lat_hi = static_cast<uint8_t>(num(field, v.substr(dots + 2), 1, 255));
    if (p.lat_hi < p.lat_lo) fail(field, "'" + v + "' is an empty range (LO..HI with LO <= HI)");
  }

  void mem(const std::vector<std::string>& tok) {
    if (tok.size() < 2) fail("mem", "missing kind (ideal, cycle, random, burst)");
    const std::string& kind = tok[1];
    const std::string rec = "mem " + kind;
    MemPhase p;
    if (kind == "ideal") {
      const Fields f = split(rec, tok, 2, 1, 1, {}, {}, "mem ideal CYCLES");
      p.cycles = num(rec + " cycles", f.pos[0], 1, kMaxCycles);
    } else if (kind == "cycle") {
      const Fields f = split(rec, tok, 2, 0, 1, {}, {"rd", "wr", "lat"},
                             "mem cycle [CYCLES] [rd=0|1] [wr=0|1] [lat=N]");
      p.kind = MemPhase::Kind::kCycle;
      if (!f.pos.empty()) p.cycles = num(rec + " cycles", f.pos[0], 1, kMaxCycles);
      if (const std::string* v = f.key("rd")) p.rd = num(rec + " rd", *v, 0, 1) ? 1000 : 0;
      if (const std::string* v = f.key("wr")) p.wr = num(rec + " wr", *v, 0, 1) ? 1000 : 0;
      if (const std::string* v = f.key("lat")) latency(p, rec + " lat", *v, false);
    } else if (kind == "random" || kind == "burst") {
      const bool burst = kind == "burst";
      const Fields f =
          burst ? split(rec, tok, 2, 1, 1, {}, {"stall", "burst", "lat", "seed"},
                        "mem burst CYCLES [stall=rd|wr|both] [burst=N] [lat=LO..HI] [seed=N]")
                : split(rec, tok, 2, 1, 1, {}, {"rd", "wr", "lat", "seed"},
                        "mem random CYCLES [rd=PERMILLE] [wr=PERMILLE] [lat=LO..HI] [seed=N]");
      p.kind = burst ? MemPhase::Kind::kBurst : MemPhase::Kind::kRandom;
      p.cycles = num(rec + " cycles", f.pos[0], 1, kMaxCycles);
      if (const std::string* v = f.key("rd"))
        p.rd = static_cast<uint16_t>(num(rec + " rd", *v, 0, 1000));
      if (const std::string* v = f.key("wr"))
        p.wr = static_cast<uint16_t>(num(rec + " wr", *v, 0, 1000));
      if (const std::string* v = f.key("lat")) latency(p, rec + " lat", *v, true);
      if (const std::string* v = f.key("seed")) p.seed = num(rec + " seed", *v, 0, UINT64_MAX);
      if (const std::string* v = f.key("stall")) {
        bool known = false;
        for (uint8_t i = 0; i < 3; ++i) {
          if (*v == kStallNames[i]) p.stall = i, known = true;
        }
        if (!known) fail(rec + " stall", "'" + *v + "' is not rd, wr or both");
      }
      if (const std::string* v = f.key("burst")) p.burst = num(rec + " burst", *v, 0, p.cycles);
    } else {
      fail("mem", "unknown kind '" + kind + "' (ideal, cycle, random, burst)");
    }
    st_.mem.push_back(p);
  }

  std::string name_;
  uint64_t line_ = 0;
  int version_ = 0;                       // the header's
  uint64_t end_line_ = 0;                 // the 'end' record's line (0: none yet)
  std::map<std::string, uint64_t> seen_;  // header record -> its line
  Stimulus st_;
};

}  // namespace

Stimulus read_stimulus(const std::string& text, const std::string& name) {
  return Reader(name).parse(text);
}

Stimulus load_stimulus(const std::string& path) {
  std::string text;
  try {
    text = read_input_file(path);
  } catch (const std::runtime_error& e) {
    throw StimulusError(e.what());
  }
  return read_stimulus(text, path);
}

}  // namespace om::cosim
