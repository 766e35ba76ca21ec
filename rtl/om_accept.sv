// SPDX-License-Identifier: Apache-2.0
// Sample intake: the kill rule (om_kill: sample < n, raster coverage & SampleMask[sample] & oMask or A2C, D3D9 alpha
// test) and fog, then expansion of each surviving transfer (one sample of a pixel) into per-RT ops at (rt, y, x,
// sample) in slot order, one op per cycle. Latency: pixel accepted in cycle t -> first op valid at
// out_* in cycle t+3 (in_reg -> px_reg -> op_reg); a pixel with n ops occupies px_reg for n cycles.
//
// Registers: u_in_reg (om_pipe_reg Skid=1: pixel_t, two entries), u_px_reg (om_pipe_reg: px_t), done_q (slots of
// the pixel in px_reg already emitted), u_op_reg (om_pipe_reg: op_t).
// Timing: in_ready_o = in_reg's registered ready && !hold_i. The pixel at in_reg's output is tested combinationally
// and moves to px_reg when px_reg can take it (ready passes through px_reg); a pixel with no op (killed, no bound
// or declared slot, outside every RT, empty write masks) is dropped from in_reg without waiting for px_reg.
// px_reg -> op_reg: the lowest slot in px.slots & ~done_q is emitted when op_reg can take it; px_reg is released
// together with its last op. out_ready_i passes combinationally through op_reg and px_reg to in_reg.
// Reads state_i combinationally; state is constant while busy_o is set (om_csr holds state writes).
`timescale 1ns/1ps
module om_accept
  import om_pkg::*;
  import om_defs_pkg::*;
  import om_top_pkg::*;
  import om_fp32_pkg::*;
(
  input  logic       clk_i,
  input  logic       rst_ni,
  input  state_t     state_i,
  input  logic [3:0] max_rts_i,  // slots >= max_rts_i do not exist in this configuration
  input  logic [2:0] fl_index_i, // feature-level index of the configuration (decides BLENDABLE)
  input  logic       hold_i,     // a state write waits: accept no pixel
  input  logic       in_valid_i,
  output logic       in_ready_o,
  input  pixel_t     in_data_i,
  output logic       out_valid_o,
  input  logic       out_ready_i,
  output op_t        out_data_o,
  output logic       busy_o,
  output logic       pixel_in_o,  // perf strobe: a pixel or clear was accepted
  output logic       killed_o     // perf strobe: a transfer was removed by the kill rule (om_kill)
);

  localparam logic [31:0] F32One  = 32'h3F80_0000;

  // ---------------------------------------------------------------------------------------------------------------
  // Input register
  // ---------------------------------------------------------------------------------------------------------------
  logic   in_reg_ready, in_q_valid, in_q_ready;
  pixel_t in_q;

  om_pipe_reg #(
    .Width($bits(pixel_t)),
    .Skid (1)
  ) u_in_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_valid_i && !hold_i),
    .in_ready_o (in_reg_ready),
    .in_data_i  (in_data_i),
    .out_valid_o(in_q_valid),
    .out_ready_i(in_q_ready),
    .out_data_o (in_q)
  );

  assign in_ready_o = in_reg_ready && !hold_i;
  assign pixel_in_o = in_valid_i && in_ready_o;

  // ---------------------------------------------------------------------------------------------------------------
  // Coverage, alpha test, fog (combinational on in_reg's output)
  // ---------------------------------------------------------------------------------------------------------------
  logic [2:0][31:0] fog_rgb;
  logic             killed;

  // The arrays in state_i and the pixels as variables of their own: Icarus 11 indexes a struct member only with a
  // constant, and reads a member of an array element only through a variable of the element's type.
  logic [3:0][31:0]             in_oc0;
  logic [2:0][31:0]             fog_color;
  logic [MaxRts-1:0]            ps_outputs;
  logic [MaxRts-1:0][3:0][31:0] px_oc;
  rt_bind_t [MaxRts-1:0]        rt_bind;
  rt_desc_t [MaxRts-1:0]        rt_desc;
  assign rt_bind    = state_rt_bind(state_i);
  assign rt_desc    = state_rt_desc(state_i);
  assign in_oc0     = in_q.oc[0];
  assign fog_color  = state_i.fog_color;
  assign ps_outputs = state_i.ps_outputs;
  assign px_oc      = px_q.oc;

  om_kill u_kill (
    .valid_i (in_q_valid),
    .state_i (state_i),
    .px_i    (in_q),
    .killed_o(killed)
  );

  // The fog arithmetic runs only for a pixel that uses it (functions under `if`: a module instance would be evaluated
  // every cycle); without one their results are 0 and not read. The blocks that call functions are `always @*`
  // computing into block-local variables and assigning each output once (Icarus 11, om_fp32_pkg).
  // f = f32_clamp(fog, 0, 1) (NaN -> 0); C = f*C + (1-f)*Cfog per RGB channel.
  always @* begin : b_fog
    logic [31:0]      f, omf;
    logic [2:0][31:0] t1, t2, rgb;
    f   = '0;
    omf = '0;
    t1  = '0;
    t2  = '0;
    rgb = '0;
    if (in_q_valid && (in_q.cmd != CMD_CLEAR) && state_i.fog_enable) begin
      f   = fp32_clamp(in_q.fog, 32'h0, F32One);
      omf = fp32_add(F32One, f, 1'b1);
      for (int c = 0; c < 3; c++) begin
        t1[c]  = fp32_mul(f, in_oc0[c]);
        t2[c]  = fp32_mul(omf, fog_color[c]);
        rgb[c] = fp32_add(t1[c], t2[c], 1'b0);
      end
    end
    fog_rgb = rgb;
  end

  logic [MaxRts-1:0] slots;
  px_t               px_in;
  logic              px_in_ready;

  // The per-RT slot tests run only for a pixel in in_reg: without one, slots is 0 and nothing reads it.
  always @* begin : b_slots
    logic              clr;
    logic [MaxRts-1:0] bnd, sl;
    rt_bind_t          rtb;
    fmt_info_t         fmt;
    rt_desc_t          desc;
    px_t               px;
    clr  = in_q.cmd == CMD_CLEAR;
    bnd  = '0;
    sl   = '0;
    rtb  = '0;
    fmt  = '0;
    desc = '0;
    if (in_q_valid) begin
      for (int i = 0; i < MaxRts; i++) begin
        rtb    = rt_bind[i];
        fmt    = fmt_info(rtb.format);
        desc   = desc_sel(state_i.independent_blend_enable, rt_desc, 3'(i), rtb.format, fl_index_i);
        bnd[i] = fmt.valid && (4'(i) < max_rts_i) && ({1'b0, in_q.x} < rtb.width) &&
                 ({1'b0, in_q.y} < rtb.height);
        sl[i]  = clr ? (!killed && bnd[i]) :
                 (!killed && bnd[i] && ps_outputs[i] && ((desc.write_mask & fmt_present(fmt.ch_bits)) != 4'd0));
      end
    end
    px.clear  = clr;
    px.x      = in_q.x;
    px.y      = in_q.y;
    px.sample = in_q.sample;
    px.slots  = sl;
    px.oc1    = in_q.oc1;
    px.oc     = in_q.oc;
    if (!clr && state_i.fog_enable) begin
      px.oc[0][2:0] = fog_rgb;
    end
    slots  = sl;
    px_in  = px;
  end

  // A pixel without ops leaves in_reg at once; one with ops when px_reg takes it.
  assign in_q_ready = (slots == '0) || px_in_ready;
  assign killed_o   = in_q_valid && killed;

  // ---------------------------------------------------------------------------------------------------------------
  // Expansion into per-RT ops
  // ---------------------------------------------------------------------------------------------------------------
  logic              px_valid, px_ready;
  px_t               px_q;
  logic [MaxRts-1:0] done_d, done_q, remaining, sel, rest;
  logic              op_in_ready;
  op_t               op_in;

  om_pipe_reg #(
    .Width($bits(px_t)),
    .Skid (0)
  ) u_px_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_q_valid && (slots != '0)),
    .in_ready_o (px_in_ready),
    .in_data_i  (px_in),
    .out_valid_o(px_valid),
    .out_ready_i(px_ready),
    .out_data_o (px_q)
  );

  always @* begin : b_expand
    logic [MaxRts-1:0] rem, s;
    logic [2:0]        rt;
    rt_bind_t          rtb;
    fmt_info_t         fmt;
    rt_desc_t          desc;
    op_t               op;
    rem = px_q.slots & ~done_q;
    s   = rem & (~rem + 1'b1);  // lowest pending slot, one-hot
    rt  = 3'd0;
    for (int i = MaxRts - 1; i >= 0; i--) begin
      if (s[i]) rt = 3'(i);
    end
    rtb        = rt_bind[rt];
    fmt        = fmt_info(rtb.format);
    desc       = desc_sel(state_i.independent_blend_enable, rt_desc, rt, rtb.format, fl_index_i);
    op.addr.rt = rt;
    op.addr.y  = px_q.y;
    op.addr.x  = px_q.x;
    op.addr.s  = px_q.sample;
    op.clear   = px_q.clear;
    op.need_rd = op_needs_read(px_q.clear, state_i.rt_desc[0].logic_op_enable, desc.blend_enable, fmt.cls,
                               desc.write_mask, fmt_present(fmt.ch_bits));
    op.s       = px_q.clear ? px_oc[0] : px_oc[rt];
    op.s1      = px_q.oc1;
    remaining  = rem;
    sel        = s;
    rest       = rem & ~s;
    op_in      = op;
  end

  always_comb begin
    px_ready = op_in_ready && (rest == '0);
    done_d   = done_q;
    if (px_valid && op_in_ready) begin
      done_d = (rest == '0) ? '0 : (done_q | sel);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      done_q <= '0;
    end else begin
      done_q <= done_d;
    end
  end

  om_pipe_reg #(
    .Width($bits(op_t)),
    .Skid (0)
  ) u_op_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (px_valid),
    .in_ready_o (op_in_ready),
    .in_data_i  (op_in),
    .out_valid_o(out_valid_o),
    .out_ready_i(out_ready_i),
    .out_data_o (out_data_o)
  );

  assign busy_o = in_q_valid || px_valid || out_valid_o;

`ifndef __ICARUS__
  // Every pixel held in px_reg has at least one pending slot.
  property p_px_has_slot;
    @(posedge clk_i) disable iff (!rst_ni) px_valid |-> remaining != '0;
  endproperty
  a_px_has_slot : assert property (p_px_has_slot);
`endif

endmodule
