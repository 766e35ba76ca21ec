// SPDX-License-Identifier: Apache-2.0
// Types shared by the output merger's top-level stages, its register block and its testbenches.
// Field encodings are the D3D values of om_defs_pkg (generated from defs/enums.toml).
`timescale 1ns/1ps
package om_pkg;

  localparam int MaxRts = 8;
  localparam int CoordW = 14;  // x, y: 0..16383 (D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH)
  localparam int TexelW = 128;  // widest texel: R32G32B32A32
  localparam int MemAddrW = 3 + 2 * CoordW;

  // One render-target blend descriptor as latched in the state registers (D3D11_RENDER_TARGET_BLEND_DESC1).
  // Field widths hold every legal value and some illegal ones; om_validate flags illegal ones.
  typedef struct packed {
    logic       blend_enable;
    logic [4:0] src_blend;
    logic [4:0] dest_blend;
    logic [2:0] blend_op;
    logic [4:0] src_blend_alpha;
    logic [4:0] dest_blend_alpha;
    logic [2:0] blend_op_alpha;
    logic       logic_op_enable;
    logic [3:0] logic_op;
    logic [3:0] write_mask;
  } rt_desc_t;

  // Render-target binding: DXGI format (0 = slot unbound) and view size.
  typedef struct packed {
    logic [7:0]        format;
    logic [CoordW:0]   width;
    logic [CoordW:0]   height;
  } rt_bind_t;

  // All state a draw sees (one consistent snapshot: state writes wait until the pipeline is idle).
  typedef struct packed {
    logic                      independent_blend_enable;
    logic                      alpha_to_coverage_enable;
    logic [31:0]               sample_mask;
    logic [3:0][31:0]          blend_factor;   // binary32 K, index 0 = R
    logic                      alpha_test_enable;
    logic [3:0]                alpha_func;     // D3DCMPFUNC 1..8
    logic [7:0]                alpha_ref;
    logic                      fog_enable;
    logic [2:0][31:0]          fog_color;      // binary32 RGB
    logic [MaxRts-1:0]         ps_outputs;     // o[i] declared by the pixel shader
    logic [MaxRts-1:0][1:0]    ps_output_type; // 0 float, 1 uint, 2 sint (om_validate only)
    rt_desc_t [MaxRts-1:0]     rt_desc;
    rt_bind_t [MaxRts-1:0]     rt_bind;
  } state_t;

  typedef enum logic {
    CMD_DRAW  = 1'b0,  // blend/logic/store the pixel's outputs into the bound RTs
    CMD_CLEAR = 1'b1   // write oc[0] (converted per format) into every bound RT at (x, y); no blend, no mask
  } cmd_e;

  // One pixel (or clear command) from the pixel shader.
  typedef struct packed {
    cmd_e                    cmd;
    logic [CoordW-1:0]       x;
    logic [CoordW-1:0]       y;
    logic                    coverage;  // raster coverage of the single sample
    logic [31:0]             fog;       // D3D9 fog factor f, binary32 (clamped to [0,1] inside)
    logic [3:0][31:0]        oc1;       // second output of slot 0 (dual source)
    logic [MaxRts-1:0][3:0][31:0] oc;   // oC0..oC7: binary32 for float/norm RTs, uint32/int32 for integer RTs
  } pixel_t;

  // Render-target memory address: one texel word per (rt, y, x).
  typedef struct packed {
    logic [2:0]        rt;
    logic [CoordW-1:0] y;
    logic [CoordW-1:0] x;
  } mem_addr_t;

  // STATUS.BUSY and the PERF_* counters as a bus read returns them in this cycle (om_csr perf_o, om_top perf_o),
  // so a lockstep checker compares them every cycle.
  typedef struct packed {
    logic        busy;
    logic [31:0] pixels_in;
    logic [31:0] rt_reads;
    logic [31:0] rt_writes;
    logic [31:0] hazard_stalls;
    logic [31:0] mem_stalls;
    logic [31:0] killed;
  } perf_t;

endpackage
