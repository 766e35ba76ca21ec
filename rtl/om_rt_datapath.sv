// SPDX-License-Identifier: Apache-2.0
// Per-render-target datapath (= om::ref::rt_op; docs/behaviour.md §1.1 steps 3b–3e, §5.7; docs/arithmetic.md
// §3–§9): from the RT format, its IBE-selected descriptor, RT0's logic op, the FL 9_x gamma-space flag, the clear
// flag, S, S1, K and the destination texel it computes the texel to store and whether to store it. 4-stage pipeline,
// latency 4 cycles, one op per cycle:
//   s1 unpack D, clamp S/S1/K, path select | s2 factors | s3 blend or logic op | s4 encode, write-mask merge (output).
// en_i advances every stage at once (stall = en_i low); valid_i/tag_i travel alongside unchanged.
// A stage computes only for an op that needs its result (the fp32 arithmetic as om_fp32_pkg functions under `if`):
// the registers of a stage without a valid op keep the last op's payload, those of a path the op does not take hold
// zeros or unused values, and tag_o/write_o/texel_o are defined only with valid_o.
//
// Ports: clk_i, rst_ni; en_i; valid_i, tag_i[TagW-1:0]; format_i (DXGI value); desc_i (rt_desc_t: blend fields and
// write_mask are used, its logic-op fields are not); logic_op_enable_i, logic_op_i (RenderTarget[0]'s, for every RT);
// gamma_space_i (sRGB RTs blend in gamma space, FL 9_x); clear_i (store pack(S) for the format, every channel, no
// blend, no mask); s_i, s1_i, k_i [c] (binary32, or uint32/int32 for integer RTs; c = 0..3 = R, G, B, A);
// dest_i[127:0] (current texel); valid_o, tag_o, write_o (store texel_o), texel_o[127:0] (= dest_i when !write_o;
// bits above the format's texel_bits are 0 when write_o).
// Canonical choices: blend on a UINT/SINT RT = pass-through; logic op on a non-UINT RT = unchanged (write_o = 0);
// logic source = low n bits of S; write_o = 0 when no stored channel is enabled by the write mask; X padding stored as
// ones; factor values 0, 12, 13, 20..31 act as ZERO and op values 0, 6, 7 as ADD; a format fmt_info() does not
// know gives write_o = 0 (also for clears). Integer clears convert S with NaN -> 0 and saturating truncation.
`timescale 1ns/1ps
module om_rt_datapath
  import om_defs_pkg::*;
  import om_pkg::*;
  import om_fp32_pkg::*;
#(
  parameter int TagW = 8
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                en_i,
  input  logic                valid_i,
  input  logic [TagW-1:0]     tag_i,
  input  logic [7:0]          format_i,
  input  rt_desc_t            desc_i,
  input  logic                logic_op_enable_i,
  input  logic [3:0]          logic_op_i,
  input  logic                gamma_space_i,
  input  logic                clear_i,
  input  logic [3:0][31:0]    s_i,
  input  logic [3:0][31:0]    s1_i,
  input  logic [3:0][31:0]    k_i,
  input  logic [127:0]        dest_i,
  output logic                valid_o,
  output logic [TagW-1:0]     tag_o,
  output logic                write_o,
  output logic [127:0]        texel_o
);

  // Control that travels with an op through every stage.
  typedef struct packed {
    logic            valid;
    logic [TagW-1:0] tag;
    fmt_info_t       fmt;
    logic            srgb_as_unorm;  // gamma-space blend on an sRGB RT: read and store R, G, B as plain UNORM8
    logic            clear;
    logic            logic_path;
    logic            blend;
    logic [3:0]      logic_op;
    logic [4:0]      src_rgb, dst_rgb, src_a, dst_a;
    logic [2:0]      op_rgb, op_a;
    logic [3:0]      mask;           // channels to take from the new value (the others keep dest)
    logic            write;
    logic [127:0]    dest;
  } ctl_t;

  localparam logic [31:0] F32One = 32'h3F80_0000;
  localparam logic [31:0] F32MinusOne = 32'hBF80_0000;

  // =================================================================================================================
  // Stage 1: decode, unpack D, clamp S/S1/K to the RT range, gamma-space S.
  ctl_t             ctl_s1_d, ctl_s1_q;
  logic [3:0][31:0] src_s1_d, src_s1_q, src1_s1_d, src1_s1_q, bf_s1_d, bf_s1_q, dst_s1_d, dst_s1_q;

  fmt_info_t        fmt;
  logic             is_int, is_uint, norm_clamp, snorm;
  logic [3:0]       present;
  logic [31:0]      clamp_lo;
  logic [3:0][31:0] dest_raw, dest_val, src_cl, src1_cl, bf_cl, src_enc;

  always_comb begin
    fmt = fmt_info(format_i);
    is_uint = (fmt.cls == 3'(FMT_CLASS_UINT));
    is_int = is_uint || (fmt.cls == 3'(FMT_CLASS_SINT));
    snorm = (fmt.cls == 3'(FMT_CLASS_SNORM));
    norm_clamp = snorm || (fmt.cls == 3'(FMT_CLASS_UNORM)) || (fmt.cls == 3'(FMT_CLASS_UNORM_SRGB));
    clamp_lo = snorm ? F32MinusOne : 32'd0;
    present = {fmt.ch_bits[3] != 6'd0, fmt.ch_bits[2] != 6'd0, fmt.ch_bits[1] != 6'd0, fmt.ch_bits[0] != 6'd0};

    ctl_s1_d = '0;
    ctl_s1_d.valid = valid_i;
    ctl_s1_d.tag = tag_i;
    ctl_s1_d.fmt = fmt;
    ctl_s1_d.clear = clear_i;
    ctl_s1_d.logic_path = !clear_i && logic_op_enable_i;
    ctl_s1_d.blend = !clear_i && !logic_op_enable_i && desc_i.blend_enable && !is_int;
    ctl_s1_d.srgb_as_unorm = ctl_s1_d.blend && gamma_space_i && (fmt.cls == 3'(FMT_CLASS_UNORM_SRGB));
    ctl_s1_d.logic_op = logic_op_i;
    ctl_s1_d.src_rgb = desc_i.src_blend;
    ctl_s1_d.dst_rgb = desc_i.dest_blend;
    ctl_s1_d.src_a = desc_i.src_blend_alpha;
    ctl_s1_d.dst_a = desc_i.dest_blend_alpha;
    ctl_s1_d.op_rgb = desc_i.blend_op;
    ctl_s1_d.op_a = desc_i.blend_op_alpha;
    ctl_s1_d.mask = clear_i ? 4'hF : (desc_i.write_mask & present);
    if (!fmt.valid) ctl_s1_d.write = 1'b0;
    else if (clear_i) ctl_s1_d.write = 1'b1;
    else if (logic_op_enable_i && !is_uint) ctl_s1_d.write = 1'b0;
    else ctl_s1_d.write = (ctl_s1_d.mask != 4'd0);
    ctl_s1_d.dest = dest_i;
  end

  fmt_info_t        unpack_fmt;

  // Format 0 (no channels) idles the unpacker without an op.
  assign unpack_fmt = valid_i ? fmt : '0;

  om_texel_unpack u_unpack (
    .fmt_i          (unpack_fmt),
    .srgb_as_unorm_i(ctl_s1_d.srgb_as_unorm),
    .texel_i        (dest_i),
    .raw_o          (dest_raw),
    .val_o          (dest_val)
  );

  // Input clamp of docs/arithmetic.md §4 (float RTs: none), for a blend only: the other paths take S as given and
  // read neither S1 nor K. D is in range by construction (unpack yields [0, 1] or [-1, 1]).
  always @* begin : b_clamp
    logic [3:0][31:0] s, s1, k;
    s = '0;
    s1 = '0;
    k = '0;
    if (valid_i && ctl_s1_d.blend && norm_clamp) begin
      for (int i = 0; i < 4; i++) begin
        s[i] = fp32_clamp(s_i[i], clamp_lo, F32One);
        s1[i] = fp32_clamp(s1_i[i], clamp_lo, F32One);
        k[i] = fp32_clamp(k_i[i], clamp_lo, F32One);
      end
    end
    src_cl = s;
    src1_cl = s1;
    bf_cl = k;
  end

  for (genvar c = 0; c < 4; c++) begin : g_clamp
    if (c < 3) begin : g_enc
      // Only a gamma-space blend reads src_enc: the encoder idles (output 0) for every other op.
      om_f32_srgb_encode u_enc (.en_i(valid_i && ctl_s1_d.srgb_as_unorm), .f_i(src_cl[c]), .s_o(src_enc[c]));
    end else begin : g_alpha
      assign src_enc[c] = src_cl[c];
    end
  end

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      // Blend path: clamped operands (sRGB gamma space: encoded S.rgb). Other paths use S as given.
      if (!ctl_s1_d.blend) src_s1_d[i] = s_i[i];
      else if (ctl_s1_d.srgb_as_unorm) src_s1_d[i] = src_enc[i];
      else if (norm_clamp) src_s1_d[i] = src_cl[i];
      else src_s1_d[i] = s_i[i];
      src1_s1_d[i] = (ctl_s1_d.blend && norm_clamp) ? src1_cl[i] : s1_i[i];
      bf_s1_d[i] = (ctl_s1_d.blend && norm_clamp) ? bf_cl[i] : k_i[i];
      dst_s1_d[i] = dest_val[i];
    end
  end

  // =================================================================================================================
  // Stage 2: blend factors.
  ctl_t             ctl_s2_q;
  logic [3:0][31:0] src_s2_d, src_s2_q, dst_s2_d, dst_s2_q, fs_s2_q, fd_s2_q;
  logic [3:0][31:0] fs_s2_d, fd_s2_d;
  logic [31:0]      sat;

  logic             blend_s1;  // stage 2 holds a blend: the only op that reads the factors

  assign blend_s1 = ctl_s1_q.valid && ctl_s1_q.blend;

  always @* begin : b_sat
    logic [31:0] inv_dst_a, st;
    inv_dst_a = '0;
    st = '0;
    if (blend_s1) begin
      inv_dst_a = fp32_add(F32One, dst_s1_q[3], 1'b1);
      st = fp32_minmax(src_s1_q[3], inv_dst_a, 1'b0);
    end
    sat = st;
  end

  // (Icarus 11 loses the genvar's constness when it appears in a port expression: select through locals.)
  for (genvar c = 0; c < 4; c++) begin : g_factor
    localparam bit IsAlpha = (c == 3);
    logic [4:0]  src_factor, dst_factor;
    logic [31:0] fs, fd;
    // ZERO (0) without a blend: no INV_x subtraction runs.
    assign src_factor = !blend_s1 ? 5'd0 : IsAlpha ? ctl_s1_q.src_a : ctl_s1_q.src_rgb;
    assign dst_factor = !blend_s1 ? 5'd0 : IsAlpha ? ctl_s1_q.dst_a : ctl_s1_q.dst_rgb;
    assign fs_s2_d[c] = fs;
    assign fd_s2_d[c] = fd;
    om_blend_factor u_fs (
      .factor_i    (src_factor),
      .alpha_slot_i(IsAlpha),
      .s_i         (src_s1_q[c]),
      .s1_i        (src1_s1_q[c]),
      .d_i         (dst_s1_q[c]),
      .k_i         (bf_s1_q[c]),
      .s_a_i       (src_s1_q[3]),
      .s1_a_i      (src1_s1_q[3]),
      .d_a_i       (dst_s1_q[3]),
      .sat_i       (sat),
      .f_o         (fs)
    );
    om_blend_factor u_fd (
      .factor_i    (dst_factor),
      .alpha_slot_i(IsAlpha),
      .s_i         (src_s1_q[c]),
      .s1_i        (src1_s1_q[c]),
      .d_i         (dst_s1_q[c]),
      .k_i         (bf_s1_q[c]),
      .s_a_i       (src_s1_q[3]),
      .s1_a_i      (src1_s1_q[3]),
      .d_a_i       (dst_s1_q[3]),
      .sat_i       (sat),
      .f_o         (fd)
    );
  end

  assign src_s2_d = src_s1_q;
  assign dst_s2_d = dst_s1_q;

  // =================================================================================================================
  // Stage 3: blend equation, logic op, or the value to encode.
  ctl_t             ctl_s3_q;
  logic [3:0][31:0] val_s3_d, val_s3_q;
  logic [3:0][31:0] sum, mm;
  logic [3:0][2:0]  op;

  logic [3:0]       swap, sub, is_max, is_minmax;
  logic             blend_s2;  // stage 3 holds a blend: the only op that reads the products, sums and MIN/MAX

  assign blend_s2 = ctl_s2_q.valid && ctl_s2_q.blend;

  // Only the result stage 3 selects is computed: MIN/MAX, or the two products and their sum. (Separate ifs without
  // else: a call in either arm of an if/else, or in a ?: operand, is computed every cycle by Verilator.) Results go
  // through block-local variables and reach the block's outputs once (see om_fp32_pkg on Icarus).
  always @* begin : b_blend
    logic [31:0]      ts, td, lhs, rhs;
    logic [3:0][31:0] m, s;
    ts = '0;
    td = '0;
    lhs = '0;
    rhs = '0;
    m = '0;
    s = '0;
    for (int i = 0; i < 4; i++) begin
      op[i] = (i == 3) ? ctl_s2_q.op_a : ctl_s2_q.op_rgb;
      swap[i] = (op[i] == 3'(BLEND_OP_REV_SUBTRACT));
      sub[i] = (op[i] == 3'(BLEND_OP_SUBTRACT)) || swap[i];
      is_max[i] = (op[i] == 3'(BLEND_OP_MAX));
      is_minmax[i] = (op[i] == 3'(BLEND_OP_MIN)) || is_max[i];
      if (blend_s2 && is_minmax[i]) begin
        m[i] = fp32_minmax(src_s2_q[i], dst_s2_q[i], is_max[i]);
      end
      if (blend_s2 && !is_minmax[i]) begin
        ts = fp32_mul(src_s2_q[i], fs_s2_q[i]);
        td = fp32_mul(dst_s2_q[i], fd_s2_q[i]);
        lhs = swap[i] ? td : ts;
        rhs = swap[i] ? ts : td;
        s[i] = fp32_add(lhs, rhs, sub[i]);
      end
    end
    mm = m;
    sum = s;
  end

  // Float -> integer for clears of UINT / SINT RTs: NaN -> 0, truncation toward zero, saturated to 32 bits.
  function automatic logic [31:0] f32_to_int_sat(input logic [31:0] f, input logic signed_int);
    logic [7:0]  e;
    logic [31:0] mag, r;
    e = f[30:23];
    mag = (e < 8'd127) ? 32'd0 : 32'({1'b1, f[22:0], 8'd0} >> (8'd158 - e));
    // One exit (Yosys' SystemVerilog front end, make synth, takes no early return).
    if ((e == 8'hFF) && (f[22:0] != 23'd0)) r = 32'd0;
    else if (!signed_int) r = f[31] ? 32'd0 : ((e >= 8'd159) ? 32'hFFFF_FFFF : mag);
    else if (e >= 8'd158) r = f[31] ? 32'h8000_0000 : 32'h7FFF_FFFF;
    else r = f[31] ? 32'd0 - mag : mag;
    return r;
  endfunction

  // D3D11_LOGIC_OP on 32-bit words; only the low n bits of each channel are stored.
  function automatic logic [31:0] logic_apply(input logic [3:0] lop, input logic [31:0] s, input logic [31:0] d);
    unique case (lop)
      4'(LOGIC_OP_CLEAR):         return 32'd0;
      4'(LOGIC_OP_SET):           return 32'hFFFF_FFFF;
      4'(LOGIC_OP_COPY):          return s;
      4'(LOGIC_OP_COPY_INVERTED): return ~s;
      4'(LOGIC_OP_NOOP):          return d;
      4'(LOGIC_OP_INVERT):        return ~d;
      4'(LOGIC_OP_AND):           return s & d;
      4'(LOGIC_OP_NAND):          return ~(s & d);
      4'(LOGIC_OP_OR):            return s | d;
      4'(LOGIC_OP_NOR):           return ~(s | d);
      4'(LOGIC_OP_XOR):           return s ^ d;
      4'(LOGIC_OP_EQUIV):         return ~(s ^ d);
      4'(LOGIC_OP_AND_REVERSE):   return s & ~d;
      4'(LOGIC_OP_AND_INVERTED):  return ~s & d;
      4'(LOGIC_OP_OR_REVERSE):    return s | ~d;
      default:                    return ~s | d;  // OR_INVERTED
    endcase
  endfunction

  logic [3:0][31:0] dest_field;

  for (genvar c = 0; c < 4; c++) begin : g_dest_field
    assign dest_field[c] = 32'(ctl_s2_q.dest >> ctl_s2_q.fmt.ch_offset[c]);
  end

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      if (ctl_s2_q.clear) begin
        if (ctl_s2_q.fmt.cls == 3'(FMT_CLASS_UINT)) val_s3_d[i] = f32_to_int_sat(src_s2_q[i], 1'b0);
        else if (ctl_s2_q.fmt.cls == 3'(FMT_CLASS_SINT)) val_s3_d[i] = f32_to_int_sat(src_s2_q[i], 1'b1);
        else val_s3_d[i] = src_s2_q[i];
      end else if (ctl_s2_q.logic_path) begin
        val_s3_d[i] = logic_apply(ctl_s2_q.logic_op, src_s2_q[i], dest_field[i]);
      end else if (ctl_s2_q.blend) begin
        val_s3_d[i] = is_minmax[i] ? mm[i] : sum[i];
      end else begin
        val_s3_d[i] = src_s2_q[i];
      end
    end
  end

  // =================================================================================================================
  // Stage 4: encode for the format, merge under the write mask.
  logic             valid_d, valid_q, write_d, write_q;
  logic [TagW-1:0]  tag_d, tag_q;
  logic [127:0]     texel_d, texel_q, merged;
  logic [3:0][31:0] packed_val, fresh;

  fmt_info_t        pack_fmt;

  // Only a stored blend or clear result is packed; format 0 (no channels) idles the packer otherwise.
  assign pack_fmt = (ctl_s3_q.valid && ctl_s3_q.write && !ctl_s3_q.logic_path) ? ctl_s3_q.fmt : '0;

  om_texel_pack u_pack (
    .fmt_i          (pack_fmt),
    .srgb_as_unorm_i(ctl_s3_q.srgb_as_unorm),
    .val_i          (val_s3_q),
    .raw_o          (packed_val)
  );

  // Logic-op results are stored as bits (the merge keeps the low n bits of each channel).
  assign fresh = ctl_s3_q.logic_path ? val_s3_q : packed_val;

  om_texel_merge u_merge (
    .fmt_i  (ctl_s3_q.fmt),
    .mask_i (ctl_s3_q.mask),
    .fresh_i(fresh),
    .dest_i (ctl_s3_q.dest),
    .texel_o(merged)
  );

  always_comb begin
    valid_d = ctl_s3_q.valid;
    tag_d = ctl_s3_q.tag;
    write_d = ctl_s3_q.write;
    texel_d = ctl_s3_q.write ? merged : ctl_s3_q.dest;
  end

  assign valid_o = valid_q;
  assign tag_o = tag_q;
  assign write_o = write_q;
  assign texel_o = texel_q;

  // =================================================================================================================
  // Pipeline registers: every stage advances together with en_i. A stage's payload loads only with a valid op (its
  // valid bit clears otherwise), so an idle stage costs a simulator no copy of its wide operands.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ctl_s1_q <= '0;
      src_s1_q <= '0;
      src1_s1_q <= '0;
      bf_s1_q <= '0;
      dst_s1_q <= '0;
      ctl_s2_q <= '0;
      src_s2_q <= '0;
      dst_s2_q <= '0;
      fs_s2_q <= '0;
      fd_s2_q <= '0;
      ctl_s3_q <= '0;
      val_s3_q <= '0;
      valid_q <= 1'b0;
      tag_q <= '0;
      write_q <= 1'b0;
      texel_q <= '0;
    end else if (en_i) begin
      if (ctl_s1_d.valid) begin
        ctl_s1_q <= ctl_s1_d;
        src_s1_q <= src_s1_d;
        src1_s1_q <= src1_s1_d;
        bf_s1_q <= bf_s1_d;
        dst_s1_q <= dst_s1_d;
      end else begin
        ctl_s1_q.valid <= 1'b0;
      end
      if (ctl_s1_q.valid) begin
        ctl_s2_q <= ctl_s1_q;
        src_s2_q <= src_s2_d;
        dst_s2_q <= dst_s2_d;
        fs_s2_q <= fs_s2_d;
        fd_s2_q <= fd_s2_d;
      end else begin
        ctl_s2_q.valid <= 1'b0;
      end
      if (ctl_s2_q.valid) begin
        ctl_s3_q <= ctl_s2_q;
        val_s3_q <= val_s3_d;
      end else begin
        ctl_s3_q.valid <= 1'b0;
      end
      valid_q <= valid_d;
      if (valid_d) begin
        tag_q <= tag_d;
        write_q <= write_d;
        texel_q <= texel_d;
      end
    end
  end

endmodule
