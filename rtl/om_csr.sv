// SPDX-License-Identifier: Apache-2.0
// Register file of the output merger: the generated APB4 register block (om_csr_reg, from rtl/regs/om_csr.rdl)
// plus the capability ROM of the strap-selected configuration, the state_t view of the state registers, and the
// rule that state writes wait while the pipeline is busy. Zero-wait-state transfers: PREADY in the access phase.
//
// Ports
//   clk_i, rst_ni           clock; asynchronous active-low reset.
//   cfg_i[2:0]              configuration strap: index into om_defs_pkg::cfg_info(). Sampled on every clk_i edge
//                           while rst_ni is low (hold reset for at least one edge); an index >= NumConfigs selects
//                           DefaultConfig. Ignored out of reset.
//   cfg_o[2:0]              the latched configuration index; cfg_info_o = cfg_info(cfg_o).
//   psel_i ... pslverr_o    APB4 slave, 12-bit byte address. PSLVERR (with PREADY, read data 0, nothing changed) for:
//                           writes to read-only registers, reads of write-only ones, unmapped addresses, and
//                           misaligned addresses (paddr_i[1:0] != 0). prdata_o is 0 except in the cycle a read
//                           completes without error. pprot is not used.
//   busy_i                  the pipeline holds pixels or memory requests. Must come from registered state (not from
//                           psel_i). While busy_i, a write to the state window 0x200-0x2FF is held with PREADY low.
//   state_write_pending_o   a state-window write is on the bus and not yet completed: the top must accept no new
//                           pixel while it is high, so the write lands between two pixels (docs/behaviour.md §2.8).
//   state_o                 om_pkg::state_t assembled from the state registers.
//   init_done_i             STATUS.INITIALISED (tie high when nothing needs initialising after reset).
//   perf_incr_i             one-cycle increment strobes of the PERF_* counters (32-bit, wrapping), a bit per counter
//                           named as its perf_t member (om_csr_map_pkg::perf_incr_t, generated from the .rdl).
//   perf_o                  STATUS.BUSY (= busy_i) and the PERF_* counter values, as a bus read returns them now.
`timescale 1ns/1ps
module om_csr
  import om_pkg::*;
  import om_defs_pkg::*;
  import om_csr_reg_pkg::*;
  import om_csr_map_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [2:0]  cfg_i,
  output logic [2:0]  cfg_o,
  output cfg_info_t   cfg_info_o,

  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  output logic [31:0] prdata_o,
  output logic        pready_o,
  output logic        pslverr_o,

  input  logic        busy_i,
  output logic        state_write_pending_o,
  output state_t      state_o,

  input  logic        init_done_i,
  input  perf_incr_t  perf_incr_i,
  output perf_t       perf_o
);

  localparam int NumCapFmt = 116;  // CAP_FMT[k], k = DXGI value 0..115

  // ---------------------------------------------------------------------------------------------------------------
  // Configuration strap, sampled while in reset
  // ---------------------------------------------------------------------------------------------------------------
  logic [2:0] cfg_d, cfg_q;

  always_comb begin
    cfg_d = cfg_q;
    if (!rst_ni) begin
      cfg_d = (int'(cfg_i) < NumConfigs) ? cfg_i : 3'(DefaultConfig);
    end
  end

  always_ff @(posedge clk_i) begin
    cfg_q <= cfg_d;
  end

  cfg_info_t cfg;
  assign cfg        = cfg_info(cfg_q);
  assign cfg_o      = cfg_q;
  assign cfg_info_o = cfg;

  // ---------------------------------------------------------------------------------------------------------------
  // Capability ROM (docs/caps.md §6–§7)
  // ---------------------------------------------------------------------------------------------------------------
  // The capability fields of hwif_in for configuration c, everything else 0. CAP_FMT[k] = {MULTISAMPLE_RT, LOGIC_OP,
  // BLENDABLE, RENDER_TARGET}: the format's per-FL support at the configured FL; logic ops on UINT render targets
  // when the configuration has OutputMergerLogicOp; multisample-capable when the configuration has samples > 1.
  function automatic om_csr__in_t caps_of(input logic [2:0] c);
    cfg_info_t  ci;
    fmt_info_t  f;
    logic [7:0] rt_mask, blend_mask;
    logic [NumCapFmt-1:0] rt, blendable, logic_op, multisample;
    om_csr__in_t h;
    ci = cfg_info(c);
    h = '0;
    h.CAP_ID.REVISION.next                        = SpecRevision;
    h.CAP_FL.FL.next                              = ci.fl_code;
    h.CAP_OM.MAX_RTS.next                         = ci.max_rts;
    // The bits set from a feature level on (om_min_fl in rtl/regs/om_csr.rdl).
    h                                             = with_fl_caps(h, ci.fl_index);
    h.CAP_OM.LOGIC_OP.next                        = ci.logic_op;
    h.CAP_D3D9_OPTIONS1.FULL_NON_POW2_TEXTURE.next       = ci.d3d9_options1[0];
    h.CAP_D3D9_OPTIONS1.DEPTH_AS_TEXTURE_LESS_EQUAL.next = ci.d3d9_options1[1];
    h.CAP_D3D9_OPTIONS1.SIMPLE_INSTANCING.next           = ci.d3d9_options1[2];
    h.CAP_D3D9_OPTIONS1.CUBE_FACE_RT_NON_CUBE_DS.next    = ci.d3d9_options1[3];
    h.CAP_D3D9_NUMRT.NUM_RTS.next                 = ci.d3d9_num_rts;
    h.CAP_D3D9_PMISC.PMISC.next                   = ci.pmisc;
    h.CAP_D3D9_BLEND.SRC_BLEND_CAPS.next          = ci.src_blend_caps;
    h.CAP_D3D9_BLEND.DEST_BLEND_CAPS.next         = ci.dest_blend_caps;
    // Every power of two up to the configuration's samples (a power of two itself).
    h.CAP_MAX_SAMPLES.SAMPLE_COUNTS.next          = {3'd0, ci.samples, 1'b0} - 8'd1;
    // Per-format bits gathered into vectors first: Icarus 11 indexes struct members (CAP_FMT[k], rt_fl_mask[i])
    // only with constants.
    for (int k = 0; k < NumCapFmt; k++) begin
      f            = fmt_info(8'(k));
      rt_mask      = 8'(f.rt_fl_mask);
      blend_mask   = 8'(f.blend_fl_mask);
      rt[k]        = f.valid & rt_mask[ci.fl_index];
      blendable[k] = f.valid & blend_mask[ci.fl_index];
      logic_op[k]  = rt[k] & (int'(f.cls) == FMT_CLASS_UINT) & ci.logic_op;
      multisample[k] = rt[k] & (ci.samples > 4'd1);
    end
    return with_cap_fmt(h, rt, blendable, logic_op, multisample);
  endfunction

  // The ROM word of the latched configuration, loaded beside cfg_q while rst_ni is low (caps_of() is evaluated in
  // reset only), so the bus and perf inputs that hwif_in also carries do not re-read it every cycle.
  om_csr__in_t caps_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) caps_q <= caps_of(cfg_d);
  end

  om_csr__in_t hwif_in;
  om_csr__out_t hwif_out;

  always_comb begin
    hwif_in = with_perf_incr(caps_q, perf_incr_i);
    hwif_in.STATUS.BUSY.next                    = busy_i;
    hwif_in.STATUS.INITIALISED.next             = init_done_i;
  end

  // ---------------------------------------------------------------------------------------------------------------
  // Bus: misaligned accesses answered here; state writes held while busy; everything else to the register block
  // ---------------------------------------------------------------------------------------------------------------
  logic misaligned, state_write, hold;
  logic rb_psel, rb_pready, rb_pslverr;
  logic [31:0] rb_prdata;

  assign misaligned  = paddr_i[1:0] != 2'b00;
  assign state_write = psel_i & pwrite_i & !misaligned & (paddr_i[11:8] == 4'h2);
  assign hold        = state_write & busy_i;
  // The register block takes a request at the first cycle it sees PSEL and answers one cycle later, so gating PSEL
  // delays the whole transfer; once taken, the request completes whatever busy_i does.
  assign rb_psel     = psel_i & !misaligned & !hold;

  om_csr_reg u_reg (
    .clk           (clk_i),
    .arst_n        (rst_ni),
    .s_apb_psel    (rb_psel),
    .s_apb_penable (penable_i),
    .s_apb_pwrite  (pwrite_i),
    .s_apb_pprot   (3'b000),
    .s_apb_paddr   (paddr_i),
    .s_apb_pwdata  (pwdata_i),
    .s_apb_pstrb   (pstrb_i),
    .s_apb_pready  (rb_pready),
    .s_apb_prdata  (rb_prdata),
    .s_apb_pslverr (rb_pslverr),
    .hwif_in       (hwif_in),
    .hwif_out      (hwif_out)
  );

  always_comb begin
    pready_o  = rb_pready;
    pslverr_o = rb_pslverr;
    prdata_o  = (rb_pready && !rb_pslverr && !pwrite_i) ? rb_prdata : '0;
    if (misaligned) begin
      pready_o  = psel_i & penable_i;
      pslverr_o = psel_i & penable_i;
      prdata_o  = '0;
    end
  end

  assign state_write_pending_o = state_write;

  // ---------------------------------------------------------------------------------------------------------------
  // State registers -> state_t
  // ---------------------------------------------------------------------------------------------------------------
  // The mapping is generated from the om_state property of every state field (rtl/regs/om_csr.rdl).
  assign state_o = state_from_hwif(hwif_out);

  // The counters' wiring is generated from the .rdl (om_csr_map_pkg), so a counter is one register there.
  always_comb begin
    perf_o      = perf_from_hwif(hwif_out);
    perf_o.busy = busy_i;
  end

  // PERF_CLEAR's pulse is consumed inside the register block (hwclr of every counter).
  logic unused_hwif_out;
  assign unused_hwif_out = hwif_out.PERF_CLEAR.CLEAR.value;

`ifndef __ICARUS__
  // The snapshot rule: no state change lands while the pipeline is busy.
  a_state_stable_while_busy: assert property (@(posedge clk_i) disable iff (!rst_ni) busy_i |=> $stable(state_o))
    else $error("om_csr: state_o changed while busy_i");
  // APB4: the master holds a waiting transfer; PSLVERR only with PREADY.
  a_apb_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
                               psel_i && penable_i && !pready_o |=>
                               psel_i && penable_i && $stable(paddr_i) && $stable(pwrite_i) && $stable(pwdata_i))
    else $error("om_csr: APB master changed a waiting transfer");
  a_apb_err_with_ready: assert property (@(posedge clk_i) disable iff (!rst_ni) pslverr_o |-> pready_o)
    else $error("om_csr: PSLVERR without PREADY");
`endif

endmodule
