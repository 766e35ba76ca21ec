// SPDX-License-Identifier: Apache-2.0
// Depth/stencil test of one sample per transfer (docs/depth-stencil.md §2), in front of om_accept. A transfer whose
// sample survives the kill rule of om_accept (om_kill: sample < n, coverage, SampleMask, oMask or alpha-to-coverage,
// the alpha test; evaluated here first, D3D order) reads its depth-stencil texel at (y, x, sample), is tested,
// writes the new texel when the rules ask for a write, and continues to om_accept with its coverage cleared when it
// failed: it then gets no colour op.
//
// Inactive (no view bound, a FORMAT that is no depth format, or DepthEnable = StencilEnable = 0: active_o = 0) the
// stage is wires: out_* = in_*, in_ready_o = out_ready_i, so the pipeline runs cycle for cycle as without it. State
// is constant while busy_o (om_csr holds state writes), so active_o changes only while the stage is empty.
//
// Active: u_in_reg (om_pipe_reg Skid=1: pixel_t) -> the pixel enters u_px_fifo (om_fifo PxDepth: ds_px_t) and, when
// tested, its depth-stencil op (addr {0, y, x, sample}, need_rd = 1, s[0] = depth, s[1][0] = front_face) enters the
// same mechanisms the colour ops use: u_hazard (om_hazard: a later op's read waits until an earlier op's write to the
// same address is accepted), u_dest_read (om_dest_read: ds_rd_*, ds_rsp_*, credits), the test on its output
// (combinational, om::ref::depth_stencil_sample) and u_write (om_write: ds_wr_*, retire back to u_hazard); the
// pass bit of each tested sample goes to u_pass_fifo (om_fifo PxDepth). out_* = u_px_fifo's head, once its pass bit
// is there when tested. Sample-serial: an n-sample pixel is n transfers, each its own ds_op and test.
// Latency (active, DS memory latency L, no stalls): pixel accepted in t -> out_valid_o t+L+5 when tested, t+2 when not
// (and not behind a tested one).
`timescale 1ns/1ps
module om_depth
  import om_pkg::*;
  import om_defs_pkg::*;
  import om_top_pkg::*;
  import om_fp32_pkg::*;
#(
  parameter int PxDepth  = DefaultOpDepth,  // pixels in the stage (power of two)
  parameter int RspDepth = DefaultRspDepth,  // outstanding depth-stencil reads
  parameter int TblDepth = DefaultTblDepth   // depth-stencil ops between u_hazard and write acceptance
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  state_t            state_i,
  input  logic              hold_i,      // a state write waits: accept no pixel
  output logic              active_o,    // the stage tests (else it is wires)
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  pixel_t            in_data_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output pixel_t            out_data_o,
  output logic              ds_rd_valid_o,
  input  logic              ds_rd_ready_i,
  output mem_addr_t         ds_rd_addr_o,
  input  logic              ds_rsp_valid_i,
  input  logic [TexelW-1:0] ds_rsp_data_i,
  output logic              ds_wr_valid_o,
  input  logic              ds_wr_ready_i,
  output mem_addr_t         ds_wr_addr_o,
  output logic [TexelW-1:0] ds_wr_data_o,
  output logic              busy_o
);

  localparam logic [31:0] F32One = 32'h3F80_0000;

  ds_fmt_info_t fmt;
  logic         active;
  assign fmt      = ds_fmt_info(state_i.ds_bind.format);
  assign active   = state_i.ds_bind.valid && fmt.valid && (state_i.depth_enable || state_i.stencil_enable);
  assign active_o = active;

  // ---------------------------------------------------------------------------------------------------------------
  // Input register and the kill rule of om_accept (om_kill: sample < n, coverage, SampleMask, oMask/A2C, alpha test)
  // ---------------------------------------------------------------------------------------------------------------
  logic   in_reg_ready, in_q_valid, in_q_ready;
  pixel_t in_q;

  om_pipe_reg #(
    .Width($bits(pixel_t)),
    .Skid (1)
  ) u_in_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (active && in_valid_i && !hold_i),
    .in_ready_o (in_reg_ready),
    .in_data_i  (in_data_i),
    .out_valid_o(in_q_valid),
    .out_ready_i(in_q_ready),
    .out_data_o (in_q)
  );

  logic killed, tested;

  om_kill u_kill (
    .valid_i (in_q_valid),
    .state_i (state_i),
    .px_i    (in_q),
    .killed_o(killed)
  );
  assign tested = (in_q.cmd == CMD_DRAW) && !killed;

  // ---------------------------------------------------------------------------------------------------------------
  // Pixel FIFO and the depth-stencil op
  // ---------------------------------------------------------------------------------------------------------------
  logic    px_fifo_ready, px_valid, px_pop;
  ds_px_t  px_in, px_head;
  logic    hz_in_valid, hz_in_ready, hz_valid, hz_ready, hz_busy, retire;
  op_t     ds_op, hz_op;

  always_comb begin
    ds_op          = '0;
    ds_op.addr.y   = in_q.y;
    ds_op.addr.x   = in_q.x;
    ds_op.addr.s   = in_q.sample;
    ds_op.need_rd  = 1'b1;
    ds_op.s[0]     = in_q.depth;
    ds_op.s[1][0]  = in_q.front_face;
    px_in.tested   = tested;
    px_in.px       = in_q;
  end

  assign hz_in_valid = in_q_valid && tested && px_fifo_ready;
  assign in_q_ready  = px_fifo_ready && (!tested || hz_in_ready);

  om_fifo #(
    .Width($bits(ds_px_t)),
    .Depth(PxDepth)
  ) u_px_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_q_valid && in_q_ready),
    .in_ready_o (px_fifo_ready),
    .in_data_i  (px_in),
    .out_valid_o(px_valid),
    .out_ready_i(px_pop),
    .out_data_o (px_head)
  );

  om_hazard #(
    .TblDepth(TblDepth)
  ) u_hazard (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .in_valid_i    (hz_in_valid),
    .in_ready_o    (hz_in_ready),
    .in_data_i     (ds_op),
    .out_valid_o   (hz_valid),
    .out_ready_i   (hz_ready),
    .out_data_o    (hz_op),
    .retire_i      (retire),
    .busy_o        (hz_busy),
    .hazard_stall_o()
  );

  logic    rd_valid, rd_ready;
  op_dst_t rd_op;

  om_dest_read #(
    .OpDepth (PxDepth),
    .RspDepth(RspDepth)
  ) u_dest_read (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .in_valid_i     (hz_valid),
    .in_ready_o     (hz_ready),
    .in_data_i      (hz_op),
    .out_valid_o    (rd_valid),
    .out_ready_i    (rd_ready),
    .out_data_o     (rd_op),
    .mem_rd_valid_o (ds_rd_valid_o),
    .mem_rd_ready_i (ds_rd_ready_i),
    .mem_rd_addr_o  (ds_rd_addr_o),
    .mem_rsp_valid_i(ds_rsp_valid_i),
    .mem_rsp_data_i (ds_rsp_data_i)
  );

  // ---------------------------------------------------------------------------------------------------------------
  // The test of one sample (om::ref::depth_stencil_sample), on u_dest_read's output
  // ---------------------------------------------------------------------------------------------------------------
  logic [31:0]       z_conv, stored_depth;
  logic              depth_fcmp, ds_pass, ds_write;
  logic [TexelW-1:0] ds_texel;

  always @* begin : b_convert
    logic [31:0] zc;
    zc = '0;
    if (rd_valid) begin
      zc = fp32_minmax(state_i.max_depth, fp32_minmax(state_i.min_depth, rd_op.op.s[0], 1'b1), 1'b0);
      zc = fmt.depth_float ? fp32_ftz(zc) : {8'd0, ds_unorm(fp32_clamp(zc, 32'h0, F32One), fmt.depth_bits)};
    end
    z_conv = zc;
  end

  assign stored_depth = rd_op.dst[31:0] & ds_depth_mask(fmt.depth_bits);

  om_fp32_cmp u_depth_cmp (
    .func_i(state_i.depth_func),
    .a_i   (z_conv),
    .b_i   (stored_depth),
    .pass_o(depth_fcmp)
  );

  always @* begin : b_test
    ds_face_t    face;
    logic [7:0]  s, rm, wm, op_s, s_new;
    logic [3:0]  op;
    logic        depth_ok, stencil_on, stencil_ok, wd, ws;
    logic [63:0] t, dst;
    logic [5:0]  so;  // offset and texel as variables: Icarus 11 selects a variable part of neither struct member
    so         = 6'(fmt.stencil_offset);
    dst        = rd_op.dst[63:0];
    face       = rd_op.op.s[1][0] ? state_i.ds_face[0] : state_i.ds_face[1];
    s          = fmt.has_stencil ? dst[so +: 8] : 8'd0;
    rm         = state_i.stencil_read_mask;
    wm         = state_i.stencil_write_mask;
    depth_ok   = !state_i.depth_enable || (fmt.depth_float ? depth_fcmp : cmp_u(state_i.depth_func, z_conv, stored_depth));
    stencil_on = state_i.stencil_enable && fmt.has_stencil;
    stencil_ok = !stencil_on || cmp_u(face.func, {24'd0, state_i.stencil_ref & rm}, {24'd0, s & rm});
    op         = !stencil_ok ? face.fail_op : (!depth_ok ? face.depth_fail_op : face.pass_op);
    op_s       = stencil_op(op, s, state_i.stencil_ref);
    wd         = stencil_ok && depth_ok && state_i.depth_enable && state_i.depth_write_mask &&
                 !state_i.ds_bind.read_only_depth;
    ws         = stencil_on && (wm != 8'd0) && !state_i.ds_bind.read_only_stencil;
    s_new      = ws ? ((s & ~wm) | (op_s & wm)) : s;
    t          = {32'd0, wd ? z_conv : stored_depth};
    if (fmt.has_stencil) t[so +: 8] = s_new;
    ds_pass  = stencil_ok && depth_ok;
    ds_write = wd || ws;
    ds_texel = TexelW'(t);
  end

  // ---------------------------------------------------------------------------------------------------------------
  // Write and the pass bits
  // ---------------------------------------------------------------------------------------------------------------
  logic wr_ready, pass_fifo_ready, pass_valid, pass_head;

  assign rd_ready = wr_ready && pass_fifo_ready;

  om_write u_write (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .in_valid_i    (rd_valid && pass_fifo_ready),
    .in_ready_o    (wr_ready),
    .in_addr_i     (rd_op.op.addr),
    .in_texel_i    (ds_texel),
    .in_write_i    (ds_write),
    .mem_wr_valid_o(ds_wr_valid_o),
    .mem_wr_ready_i(ds_wr_ready_i),
    .mem_wr_addr_o (ds_wr_addr_o),
    .mem_wr_data_o (ds_wr_data_o),
    .retire_o      (retire),
    .wr_o          ()
  );

  om_fifo #(
    .Width(1),
    .Depth(PxDepth)
  ) u_pass_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (rd_valid && wr_ready),
    .in_ready_o (pass_fifo_ready),
    .in_data_i  (ds_pass),
    .out_valid_o(pass_valid),
    .out_ready_i(px_pop && px_head.tested),
    .out_data_o (pass_head)
  );

  // ---------------------------------------------------------------------------------------------------------------
  // Output: wires while inactive
  // ---------------------------------------------------------------------------------------------------------------
  logic   act_out_valid;
  pixel_t act_out;

  always_comb begin
    act_out_valid = px_valid && (!px_head.tested || pass_valid);
    act_out       = px_head.px;
    if (px_head.tested && !pass_head) act_out.coverage = 1'b0;
  end

  assign px_pop      = act_out_valid && out_ready_i;
  assign out_valid_o = active ? act_out_valid : in_valid_i;
  assign out_data_o  = active ? act_out : in_data_i;
  assign in_ready_o  = active ? (in_reg_ready && !hold_i) : out_ready_i;
  assign busy_o      = in_q_valid || px_valid || hz_busy;

  // ---------------------------------------------------------------------------------------------------------------
  // Arithmetic of one sample
  // ---------------------------------------------------------------------------------------------------------------
  // a FUNC b unsigned (apply_cmp); a func outside 1..8 never passes.
  function automatic logic cmp_u(input logic [3:0] func, input logic [31:0] a, input logic [31:0] b);
    logic p;
    unique case (func)
      4'(CMP_NEVER):         p = 1'b0;
      4'(CMP_LESS):          p = a < b;
      4'(CMP_EQUAL):         p = a == b;
      4'(CMP_LESS_EQUAL):    p = a <= b;
      4'(CMP_GREATER):       p = a > b;
      4'(CMP_NOT_EQUAL):     p = a != b;
      4'(CMP_GREATER_EQUAL): p = a >= b;
      4'(CMP_ALWAYS):        p = 1'b1;
      default:               p = 1'b0;
    endcase
    return p;
  endfunction

  // The new stencil value of one op (docs/depth-stencil.md §2.1); an op outside 1..8 keeps s.
  function automatic logic [7:0] stencil_op(input logic [3:0] op, input logic [7:0] s, input logic [7:0] ref_v);
    logic [7:0] y;
    unique case (op)
      4'(STENCIL_OP_ZERO):     y = 8'd0;
      4'(STENCIL_OP_REPLACE):  y = ref_v;
      4'(STENCIL_OP_INCR_SAT): y = (s == 8'hFF) ? s : s + 8'd1;
      4'(STENCIL_OP_DECR_SAT): y = (s == 8'd0) ? s : s - 8'd1;
      4'(STENCIL_OP_INVERT):   y = ~s;
      4'(STENCIL_OP_INCR):     y = s + 8'd1;
      4'(STENCIL_OP_DECR):     y = s - 8'd1;
      default:                 y = s;
    endcase
    return y;
  endfunction

  function automatic logic [31:0] ds_depth_mask(input logic [5:0] bits);
    return (bits >= 6'd32) ? 32'hFFFF_FFFF : ((32'd1 << bits) - 32'd1);
  endfunction

  // Exact round(c x (2^n - 1)), ties up, of a binary32 c in [0, 1] (flushed): c = m 2^(e-150), so the result is
  // (m (2^n - 1) + 2^(sh-1)) >> sh with sh = 150 - e >= 23; a 24 x 24-bit product.
  function automatic logic [23:0] ds_unorm(input logic [31:0] c, input logic [5:0] n);
    logic [23:0] m;
    logic [47:0] prod;
    logic [63:0] sum;
    logic [7:0]  sh;
    logic [23:0] y;
    m    = {1'b1, c[22:0]};
    prod = m * ((48'd1 << n) - 48'd1);
    sh   = 8'd150 - c[30:23];
    sum  = {16'd0, prod} + (64'd1 << (sh - 8'd1));
    y    = 24'(sum >> sh);
    if (c[30:23] == 8'd0 || sh > 8'd63) y = '0;
    return y;
  endfunction

endmodule
