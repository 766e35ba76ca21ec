// SPDX-License-Identifier: Apache-2.0
// The host driver of the output merger: D3D's device and immediate-context calls for the OM
// (capability queries, blend-state objects, OMSetBlendState, render-target binding, Clear, draws,
// the D3D9 post-PS states, ValidateDevice), written once over the RegisterBus / PixelPort
// interfaces (bus.h) so it runs on every backend. docs/driver.md maps each call to the D3D call it
// models. Conventions:
//  * Every call that can fail returns an Hresult (D3D's codes, docs/validation.md §1, §6–§7;
//    docs/caps.md §1); a failing call changes nothing (device state, registers, objects), and
//    last_error() names the problem.
//  * Capabilities come from the capability registers only (read at create() and, for the queries,
//    again at each call); nothing about the hardware is a host constant.
//  * The device keeps a shadow of the state registers it programmed and writes only registers
//    whose value changes. validate() reads the registers back and validates what the hardware
//    holds.
//  * A bus transfer that times out (the OM held in reset) makes the call return D3DERR_DEVICELOST;
//    the device then stays lost (every call D3DERR_DEVICELOST) until reset() succeeds, as D3D9's.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "om/driver/bus.h"
#include "om/driver/features.h"
#include "om/driver/reg_image.h"
#include "om/gen/csr_storage.h"
#include "om/gen/defs.h"
#include "om/gen/structs/device.h"  // Rect, ValidateOutcome
#include "om/ref/blend_state_table.h"
#include "om/ref/caps.h"
#include "om/ref/ds_state.h"
#include "om/ref/om_validate.h"
#include "om/ref/state.h"
#include "om/ref/validate.h"

namespace om::driver {

/// True for a failing HRESULT (severity bit set).
constexpr bool failed(Hresult hr) { return (static_cast<uint32_t>(hr) & 0x80000000u) != 0; }

/// An ID3D11BlendState1: handle of a live object in the device's table (0 = none / default state).
using BlendState = ref::BlendStateHandle;
/// An ID3D11DepthStencilState: handle of a live object in the device's depth-stencil table.
using DepthStencilState = ref::DepthStencilStateHandle;

/// A render-target view (CreateRenderTargetView + its resource). The hardware receives format and
/// size; the other fields describe the view's shape for validate() (docs/behaviour.md §5.1;
/// docs/validation.md §7 check 3, 5, 16). format UNKNOWN (0) leaves the slot empty.
struct RenderTargetView {
  Format format = Format::R8G8B8A8_UNORM;
  uint32_t width = 1;
  uint32_t height = 1;
  uint32_t array_size = 1;
  uint32_t sample_count = 1;
  ref::ResourceType type = ref::ResourceType::TEXTURE2D;
  bool cube = false;  // a face of a TextureCube
};
inline constexpr Format kNoView = static_cast<Format>(0);

/// A depth-stencil view (CreateDepthStencilView + its depth texture):
/// D3D11_DEPTH_STENCIL_VIEW_DESC's format and flags and the texture's shape (the shape also feeds
/// validate(), docs/validation.md §7 check 3, 16). The device's depth-stencil buffer belongs to the
/// binding, as render-target memory belongs to the RT slot: binding another view keeps the
/// contents.
struct DepthStencilView {
  uint32_t width = 1;
  uint32_t height = 1;
  uint32_t array_size = 1;
  uint32_t sample_count = 1;
  ref::ResourceType type = ref::ResourceType::TEXTURE2D;
  bool cube = false;
  DsFormat format = DsFormat::D24_UNORM_S8_UINT;
  uint32_t flags = 0;  // DsvFlag bits (D3D11_DSV_FLAG_READ_ONLY_DEPTH / _STENCIL)
};

/// One entry of the pixel shader's output signature (o[i]), as om_validate has it: `written` = o[i]
/// is declared; mask and value_bits only feed validate warnings.
using PsOutputDesc = ref::PsOutput;

/// The PERF_* counters: a member per counter register of rtl/regs/om_csr.rdl, named as its
/// om_pkg::perf_t member (generated; regs::kPerfCounters gives each one's register).
using PerfCounters = regs::PerfCounts;

class Device {
 public:
  /// D3D11CreateDevice for this OM: reads every capability register over `bus`, then programs
  /// the default state (D3D defaults, nothing bound) into every state register. S_OK with
  /// *device set; E_INVALIDARG for a null bus or out pointer; D3DERR_DEVICELOST when the bus does
  /// not answer; D3DERR_DRIVERINTERNALERROR when a capability read ends with PSLVERR or CAP_ID /
  /// CAP_FL hold no OM identification / feature level. `pixels` may be null (register-only
  /// backend: draw/clear/texel calls then fail with E_INVALIDARG).
  static Hresult create(RegisterBus* bus, PixelPort* pixels, std::unique_ptr<Device>* device);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  // -- Capabilities -------------------------------------------------------------------------
  /// ID3D11Device::CheckFeatureSupport. `data`/`size` must be the struct of `feature`
  /// (features.h). E_INVALIDARG: unknown feature, null data, size != sizeof(struct), or a
  /// FORMAT_SUPPORT(2) in_format that is not a DXGI_FORMAT value below 116. D3DERR_DEVICELOST when
  /// the registers do not answer. Formats the OM does not implement report 0.
  Hresult check_feature_support(Feature feature, void* data, uint32_t size);
  /// IDirect3DDevice9::GetDeviceCaps, the OM's members (features.h D3dCaps9).
  Hresult get_device_caps9(D3dCaps9* caps);
  /// Everything decoded from the capability registers at create().
  const ref::Caps& caps() const { return caps_; }
  FeatureLevel feature_level() const { return caps_.fl; }

  // -- Blend-state objects (ID3D11Device1::CreateBlendState1) -----------------------------------
  /// docs/validation.md §2–§3 validation against the FL and OutputMergerLogicOp read from the
  /// registers; an identical (normalised) description returns the live object (ref-count + 1).
  /// S_OK; S_FALSE when `state` is null and the description is valid (nothing created);
  /// E_INVALIDARG; D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS when 4096 unique objects are live
  /// (docs/validation.md §1; E_OUTOFMEMORY is D3D's code for a failed allocation, see
  /// docs/driver.md).
  Hresult create_blend_state1(const ref::BlendDesc* desc, BlendState* state);
  /// ID3D11Device::CreateBlendState (D3D11.0 description, promoted per docs/behaviour.md §2.1).
  Hresult create_blend_state(const ref::BlendDesc0* desc, BlendState* state);
  /// IUnknown::AddRef / Release: the new count in *count (may be null). Release frees the slot at
  /// 0. E_INVALIDARG for a handle that is not live (D3D leaves that undefined).
  Hresult add_ref(BlendState state, uint32_t* count = nullptr);
  Hresult release(BlendState state, uint32_t* count = nullptr);
  /// ID3D11BlendState1::GetDesc1: the normalised description. E_INVALIDARG if not live.
  Hresult get_desc1(BlendState state, ref::BlendDesc* desc) const;
  /// Unique live blend-state objects.
  uint32_t live_blend_states() const { return table_.live_count(); }

  // -- Depth-stencil-state objects (ID3D11Device::CreateDepthStencilState) ----------------------
  /// docs/depth-stencil.md §4: validation, de-duplication on the normalised description, the 4096
  /// limit; codes as create_blend_state1 (S_FALSE when `state` is null and the description is
  /// valid). The hardware has no depth/stencil stage yet: the objects exist, binding them does not.
  Hresult create_depth_stencil_state(const ref::DepthStencilDesc* desc, DepthStencilState* state);
  /// AddRef / Release of a depth-stencil state: the new count in *count (may be null).
  /// E_INVALIDARG for a handle that is not live.
  Hresult add_ref_depth_stencil_state(DepthStencilState state, uint32_t* count = nullptr);
  Hresult release_depth_stencil_state(DepthStencilState state, uint32_t* count = nullptr);
  /// ID3D11DepthStencilState::GetDesc: the normalised description. E_INVALIDARG if not live.
  Hresult get_depth_stencil_desc(DepthStencilState state, ref::DepthStencilDesc* desc) const;
  /// Unique live depth-stencil-state objects.
  uint32_t live_depth_stencil_states() const { return ds_table_.live_count(); }

  // -- Views (docs/driver.md §Views) ------------------------------------------------------------
  /// ID3D11Device::CreateRenderTargetView: S_OK with *view = *desc; S_FALSE when `view` is null and
  /// the description is valid. E_INVALIDARG (last_error() names the rule and the value): null
  /// desc, a format the OM does not implement or whose CAP_FMT has no RENDER_TARGET, width/height 0
  /// or above the feature level's maximum texture size, array_size or sample_count 0, an invalid
  /// resource type, a sample count n > 1 whose CAP_MAX_SAMPLES bit log2(n) is clear or whose
  /// format has no CAP_FMT MULTISAMPLE_RT.
  Hresult create_render_target_view(const RenderTargetView* desc, RenderTargetView* view);
  /// ID3D11Device::CreateDepthStencilView: codes as create_render_target_view. E_INVALIDARG: null
  /// desc, a format that is not a depth format of this feature level (D32 formats need 10_0), flags
  /// other than the two DsvFlag bits, READ_ONLY_STENCIL on a format without stencil, read-only
  /// flags below 11_0, a size of 0 or above the feature level's maximum, array size or sample
  /// count 0, a BUFFER or TEXTURE3D resource or a cube flag on a non-Texture2D, a sample count
  /// n > 1 whose CAP_MAX_SAMPLES bit is clear (depth formats have no CAP_FMT entry).
  Hresult create_depth_stencil_view(const DepthStencilView* desc, DepthStencilView* view);

  // -- The depth/stencil stage (docs/depth-stencil.md §7) ---------------------------------------
  /// OMSetDepthStencilState(state, StencilRef): state 0 = the default state (DepthEnable, LESS,
  /// no stencil); StencilRef's low 8 bits are the reference. Keeps a reference to `state`.
  /// E_INVALIDARG: state not live.
  Hresult set_depth_stencil_state(DepthStencilState state, uint32_t stencil_ref);
  /// ClearDepthStencilView on the bound view, every sample: `flags` ClearFlag bits (DEPTH,
  /// STENCIL; at least one, no other bits), depth binary32 clamped to [0, 1] and converted per
  /// format, stencil 8-bit.
  /// E_INVALIDARG: no view bound, bad flags, a NaN depth, no depth/stencil stage
  /// (CAP_OM.DEPTH_STENCIL = 0).
  Hresult clear_depth_stencil_view(uint32_t flags, uint32_t depth, uint32_t stencil);
  /// Host access to the bound view's depth (UNORM code or binary32 bits) and stencil at (x, y),
  /// sample `sample`. E_INVALIDARG: no view bound, (x, y, sample) outside it, no depth/stencil
  /// stage; for writes a depth code above the format's depth bits or a stencil above 255.
  Hresult read_depth_stencil(uint32_t x, uint32_t y, uint32_t* depth, uint32_t* stencil,
                             uint32_t sample = 0);
  Hresult write_depth_stencil(uint32_t x, uint32_t y, uint32_t depth, uint32_t stencil,
                              uint32_t sample = 0);

  // -- Output-merger state (ID3D11DeviceContext) ------------------------------------------------
  /// OMSetBlendState(state, BlendFactor, SampleMask): state 0 = the default state; blend_factor
  /// null = (1, 1, 1, 1) (binary32 bits); keeps a reference to `state` and drops the previous one.
  /// E_INVALIDARG: state not live; SampleMask 0 at FL 9_x (docs/behaviour.md §2.7); a logic-op
  /// state in D3D9 mode.
  Hresult set_blend_state(BlendState state, const std::array<uint32_t, 4>* blend_factor,
                          uint32_t sample_mask);
  /// OMSetRenderTargets(num_views, views, dsv): slot i gets views[i] (format kNoView = empty),
  /// slots >= num_views are emptied; dsv null = none. E_INVALIDARG: num_views > 8, views null
  /// with num_views > 0, a view create_render_target_view / create_depth_stencil_view refuses,
  /// bound views of different width/height. Views of different sample counts bind (validate()
  /// reports check 3; draws and clears are refused).
  Hresult set_render_targets(uint32_t num_views, const RenderTargetView* views,
                             const DepthStencilView* dsv);
  /// The bound pixel shader's output signature (PSSetShader's part the OM sees). E_INVALIDARG:
  /// type other than FLOAT/UINT/SINT, mask > 0xF, value_bits 0 or > 32.
  Hresult set_ps_outputs(const std::array<PsOutputDesc, ref::kMaxRts>& outputs);

  // -- D3D9 personality (docs/behaviour.md §1.2, §5.3–§5.6)
  // --------------------------------------------------
  /// Turns the D3D9 post-PS states on: alpha test, fog and COLORWRITEENABLE0..3 become
  /// programmable and validate() applies the D3DCAPS9 rules. Turning it off disables alpha test and
  /// fog in the hardware. E_INVALIDARG when enabling while a logic-op state is bound.
  Hresult set_d3d9_mode(bool enable);
  /// D3DRS_ALPHATESTENABLE / ALPHAFUNC (D3DCMP 1..8) / ALPHAREF (0..255). E_INVALIDARG outside
  /// D3D9 mode or out of range.
  Hresult set_alpha_test(bool enable, CmpFunc func, uint32_t alpha_ref);
  /// D3DRS_FOGENABLE / FOGCOLOR (binary32 R, G, B); the fog factor comes with each pixel.
  /// E_INVALIDARG outside D3D9 mode.
  Hresult set_fog(bool enable, const std::array<uint32_t, 3>& color);
  /// D3DRS_COLORWRITEENABLE (index 0), ...1, ...2, ...3: the write mask of RT `index` (slots 4..7
  /// use index 0's). E_INVALIDARG outside D3D9 mode, index > 3 or mask > 0xF.
  Hresult set_color_write_enable(uint32_t index, uint32_t mask);

  /// RSSetViewports' MinDepth / MaxDepth, the part the OM uses: the depth clamp of
  /// docs/depth-stencil.md §2 step 1 (binary32 bits; default 0 and 1). E_INVALIDARG for a value
  /// outside [0, 1] or NaN (D3D11_VIEWPORT: "ranges between 0 and 1") and for MinDepth above
  /// MaxDepth (D3D11.3 §15.6.1; equal is a valid range, -0 equals +0).
  Hresult set_depth_range(uint32_t min_depth, uint32_t max_depth);
  /// The D3D9 depth/stencil render states (ZENABLE, ZWRITEENABLE, ZFUNC, STENCIL*, STENCILREF,
  /// the 32-bit STENCILMASK / STENCILWRITEMASK, TWOSIDEDSTENCILMODE, CCW_*; docs/depth-stencil.md
  /// §5): in D3D9 mode they replace the bound depth-stencil state. E_INVALIDARG outside D3D9 mode
  /// or for a D3DCMPFUNC / D3DSTENCILOP outside 1..8.
  Hresult set_d3d9_depth_stencil(const ref::D3d9DepthStencil& states);

  // -- Commands ---------------------------------------------------------------------------------
  /// IDirect3DDevice9::Clear(D3DCLEAR_TARGET) / ClearRenderTargetView: every sample of every
  /// bound slot gets `color` (binary32 RGBA, converted per format, no blend, no write mask) inside
  /// `rects` (all of the render target when empty; clipped to it): one clear transfer per sample.
  /// E_INVALIDARG: no pixel port, a rect with left > right or top > bottom, bound views of
  /// different sample counts.
  Hresult clear(const std::array<uint32_t, 4>& color, const std::vector<Rect>& rects = {});
  /// Sends shaded pixels through the OM in order (the PS outputs of a draw), each as one transfer
  /// per sample of the bound views' sample count n (Pixel). E_INVALIDARG: no pixel port, a
  /// coordinate >= 16384, a pixel marked as a clear command, a coverage mask other than
  /// kAllSamples with bits at or above n, bound views of different sample counts.
  Hresult draw(const std::vector<Pixel>& pixels);
  /// Host access to sample `sample` of the texel of bound slot `rt` at (x, y) (Map/Unmap).
  /// E_INVALIDARG: no pixel port, slot not bound, (x, y, sample) outside the view, write of bits
  /// above the format's texel width.
  Hresult read_texel(uint32_t rt, uint32_t x, uint32_t y, ref::Texel* texel, uint32_t sample = 0);
  Hresult write_texel(uint32_t rt, uint32_t x, uint32_t y, const ref::Texel& texel,
                      uint32_t sample = 0);

  // -- Validation (IDirect3DDevice9::ValidateDevice, docs/validation.md §7)
  // ---------------------------------
  /// Reads STATUS and every state register back and runs om_validate on what the hardware holds.
  /// D3DERR_DEVICELOST (check 0) when the registers do not answer or STATUS.INITIALISED is 0;
  /// D3DERR_DRIVERINTERNALERROR (check 1) when a register differs from what the driver programmed
  /// or holds an illegal encoding.
  ValidateOutcome validate();
  /// Changes with every successful state-setting call (set_*, reset); a ValidateOutcome is current
  /// only while its state_version equals this.
  uint64_t state_version() const { return state_version_; }
  bool is_current(const ValidateOutcome& v) const { return v.state_version == state_version_; }

  // -- Misc -------------------------------------------------------------------------------------
  Hresult read_perf_counters(PerfCounters* counters);
  /// Writes PERF_CLEAR: every counter restarts from 0.
  Hresult clear_perf_counters();
  /// IDirect3DDevice9::Reset: after a lost device, reprograms the default state (the bound blend
  /// state is released; blend objects stay alive). D3DERR_DEVICELOST while the OM does not answer.
  Hresult reset();
  /// What the last failing call complained about ("" after a success).
  const std::string& last_error() const { return last_error_; }
  /// The state-window image the driver has programmed.
  const RegImage& programmed() const { return programmed_; }

 private:
  struct Shadow;  // the API-level state (device.cc)
  Device(RegisterBus* bus, PixelPort* pixels, const ref::Caps& caps);

  Hresult fail(Hresult hr, const std::string& why) const;
  Hresult ok();
  Hresult read_reg(uint32_t offset, uint32_t* value);
  /// Programs the hardware for `next` and adopts it; nothing changes on failure.
  Hresult commit(const Shadow& next);
  State hw_state(const Shadow& s) const;
  ref::OmState om_state(const State& hw, bool initialised, bool internal_error) const;
  /// D3DERR_DEVICELOST (recorded) when the bus timed out; D3DERR_DRIVERINTERNALERROR for PSLVERR.
  Hresult bus_failure(const BusResult& r, const char* what, uint32_t offset);
  /// S_OK when the OM answers and STATUS.INITIALISED is set, else D3DERR_DEVICELOST.
  Hresult check_ready(const char* what);
  /// A Create*View's answer: E_INVALIDARG naming `why` when it is not empty, else S_OK (S_FALSE
  /// when the out pointer `out` is null).
  Hresult view_created(const char* fn, const std::string& why, const void* out);
  /// The sample count the views of `s` render with: the first bound render-target view's, else the
  /// depth-stencil view's, else 1 (MS_CTRL).
  static uint32_t view_samples(const Shadow& s);
  /// The one sample count of every bound view in *n, or E_INVALIDARG naming a view that differs.
  Hresult check_samples(const char* what, uint32_t* n);
  /// S_OK when a draw with the state `s` needs no depth/stencil stage or the backend has one.
  Hresult check_depth_stencil_stage(const Shadow& s, const char* what);
  /// The state the depth/stencil stage tests with under `s`.
  ref::DepthStencilDesc effective_depth_stencil(const Shadow& s) const;
  /// The depth/stencil stage, or E_INVALIDARG (named) when there is none or no view is bound.
  Hresult ds_port(const char* what, DepthStencilPort** port);
  /// ds_port() and (x, y, sample) inside the bound view.
  Hresult ds_texel(const char* what, uint32_t x, uint32_t y, uint32_t sample,
                   DepthStencilPort** port);
  /// A pixel port, slot `rt` bound and (x, y, sample) inside its view, or E_INVALIDARG (named).
  Hresult rt_texel(const char* what, uint32_t rt, uint32_t x, uint32_t y, uint32_t sample);
  /// Submits and empties `chunk`; D3DERR_DEVICELOST (recorded, with the backend's reason) when the
  /// OM does not drain or the backend fails.
  Hresult submit_chunk(std::vector<SampleTransfer>* chunk, const char* what);

  RegisterBus* bus_;
  PixelPort* pixels_;
  ref::Caps caps_;
  ref::BlendStateTable table_;
  ref::DepthStencilStateTable ds_table_;
  std::unique_ptr<Shadow> shadow_;
  RegImage programmed_;
  uint64_t state_version_ = 1;
  bool lost_ = false;  // a bus transfer timed out; only reset() clears it (D3D9 device-lost rule)
  mutable std::string last_error_;  // also set by const calls that fail
};

}  // namespace om::driver
