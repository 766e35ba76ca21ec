// SPDX-License-Identifier: Apache-2.0
#include "json_lines.h"

#include <zlib.h>

#include <cctype>
#include <memory>
#include <stdexcept>

namespace om::conformance {
namespace {

// Key of the one-member object that stands for a float literal. It cannot clash with a schema key:
// those are folded to lower case letters, digits and underscores only by the schema, and this one
// starts with a control byte.
const char kFloatKey[] =
    "\x01"
    "float";

std::string fold(const std::string& s) {
  std::string out = s;
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Builds the DOM (as nlohmann's json_sax_dom_parser does) with folded keys and float literals kept
/// as text.
class DomBuilder {
 public:
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  bool null() { return put(Json(nullptr)); }
  bool boolean(bool v) { return put(Json(v)); }
  bool number_integer(number_integer_t v) { return put(Json(v)); }
  bool number_unsigned(number_unsigned_t v) { return put(Json(v)); }
  bool number_float(number_float_t, const string_t& literal) {
    Json j = Json::object();
    j[kFloatKey] = literal;
    return put(std::move(j));
  }
  bool string(string_t& v) { return put(Json(v)); }
  bool binary(binary_t&) { return fail("binary values are not JSON"); }
  bool start_object(std::size_t) {
    Json* j = put_ref(Json::object());
    if (j == nullptr) return false;
    stack_.push_back(j);
    return true;
  }
  bool key(string_t& k) {
    key_ = fold(k);
    if (stack_.back()->contains(key_))
      return fail("duplicate key \"" + k + "\" (keys are case-insensitive)");
    return true;
  }
  bool end_object() {
    stack_.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    Json* j = put_ref(Json::array());
    if (j == nullptr) return false;
    stack_.push_back(j);
    return true;
  }
  bool end_array() {
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
    return fail(ex.what());
  }

  Json root;
  std::string error;

 private:
  bool fail(std::string msg) {
    error = std::move(msg);
    return false;
  }
  bool put(Json v) { return put_ref(std::move(v)) != nullptr; }
  Json* put_ref(Json v) {
    if (stack_.empty()) {
      root = std::move(v);
      return &root;
    }
    Json& top = *stack_.back();
    if (top.is_array()) {
      top.push_back(std::move(v));
      return &top.back();
    }
    Json& slot = top[key_];
    slot = std::move(v);
    return &slot;
  }

  std::vector<Json*> stack_;
  std::string key_;
};

}  // namespace

std::vector<JsonLine> read_json_lines(const std::string& path) {
  std::unique_ptr<gzFile_s, int (*)(gzFile)> f(gzopen(path.c_str(), "rb"), gzclose);
  if (!f) throw std::invalid_argument(path + ": cannot open for reading");
  std::vector<JsonLine> out;
  std::string cur;
  char buf[1 << 14];
  int line = 0;
  bool eof = false;
  while (!eof) {
    // gzgets returns at most sizeof(buf)-1 bytes; a line longer than that arrives in several
    // pieces.
    if (gzgets(f.get(), buf, sizeof buf) == nullptr) {
      int err = 0;
      const char* msg = gzerror(f.get(), &err);
      if (err != Z_OK && err != Z_BUF_ERROR) {
        throw std::invalid_argument(path + ": read error after line " + std::to_string(line) +
                                    ": " + msg);
      }
      eof = true;
      if (cur.empty()) break;
    } else {
      cur += buf;
      if (cur.back() != '\n') continue;
      cur.pop_back();
    }
    ++line;
    if (!cur.empty() && cur.back() == '\r') cur.pop_back();
    size_t first = cur.find_first_not_of(" \t");
    if (first != std::string::npos && cur[first] != '#') out.push_back({line, cur});
    cur.clear();
  }
  return out;
}

Json parse_json_line(std::string_view text) {
  DomBuilder b;
  if (!Json::sax_parse(text, &b) || !b.error.empty()) {
    throw std::invalid_argument("malformed JSON: " + (b.error.empty() ? "parse failed" : b.error));
  }
  return std::move(b.root);
}

std::optional<std::string> float_literal(const Json& j) {
  if (j.is_object() && j.size() == 1) {
    auto it = j.find(kFloatKey);
    if (it != j.end()) return it->get<std::string>();
  }
  return std::nullopt;
}

const Json* member(const Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string to_text(const Json& j) {
  if (auto lit = float_literal(j)) return *lit;
  if (j.is_array()) {
    std::string s = "[";
    for (size_t i = 0; i < j.size(); ++i) s += (i ? "," : "") + to_text(j[i]);
    return s + "]";
  }
  if (j.is_object()) {
    std::string s = "{";
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      s += (first ? "\"" : ",\"") + it.key() + "\":" + to_text(it.value());
      first = false;
    }
    return s + "}";
  }
  return j.dump();
}

std::string type_name(const Json& j) {
  if (float_literal(j)) return "number";
  if (j.is_number_integer()) return "integer";
  return j.type_name();
}

}  // namespace om::conformance
