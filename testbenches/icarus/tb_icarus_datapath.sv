// SPDX-License-Identifier: Apache-2.0
// Icarus testbench: om_rt_datapath against datapath.hex written by om::ref::rt_op, with a fixed pattern of stalls
// (en_i low) and bubbles; during stalls the inputs carry junk that must not be captured. Outputs are checked at every
// cycle after reset for X/Z, and each op's write/texel against its expected line (matched through the tag).
// Usage: vvp -n tb_icarus_datapath.vvp +vectors=PATH. Prints "N passed, N failed (C cycles)". The same testbench
// also builds with `verilator --binary --timing` (target om_datapath_vbinary) for the simulator benchmark.
`timescale 1ns/1ps
module tb_icarus_datapath;
  import om_defs_pkg::*;
  import om_pkg::*;

  localparam int MaxOps = 16384;
  localparam int TagW = 16;

  logic             clk, rst_n, en, valid_in, clear, gamma, logic_en, valid_out, write_out;
  logic [TagW-1:0]  tag_in, tag_out;
  logic [7:0]       format;
  rt_desc_t         desc;
  logic [3:0]       logic_op;
  logic [3:0][31:0] s, s1, k;
  logic [127:0]     dest, texel_out;

  om_rt_datapath #(.TagW(TagW)) u_dut (
    .clk_i(clk), .rst_ni(rst_n), .en_i(en), .valid_i(valid_in), .tag_i(tag_in), .format_i(format), .desc_i(desc),
    .logic_op_enable_i(logic_en), .logic_op_i(logic_op), .gamma_space_i(gamma), .clear_i(clear), .s_i(s),
    .s1_i(s1), .k_i(k), .dest_i(dest), .valid_o(valid_out), .tag_o(tag_out), .write_o(write_out),
    .texel_o(texel_out)
  );

  logic         exp_write [MaxOps];
  logic [127:0] exp_texel [MaxOps];
  integer       fd, r, n_ops, n_in, n_out, passed, failed, cycle;
  logic         en_q;
  logic [7:0]   v_format;
  logic [35:0]  v_desc;
  logic [3:0]   v_logic_en, v_logic_op, v_gamma, v_clear, v_write;
  logic [127:0] v_s, v_s1, v_k, v_dest, v_texel;
  string        path;

  always #5 clk = ~clk;

  // Reads the next vector into the inputs and records its expected result.
  task automatic drive_next;
    r = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h\n", v_format, v_desc, v_logic_en, v_logic_op, v_gamma,
                v_clear, v_s, v_s1, v_k, v_dest, v_write, v_texel);
    if (r != 12) $fatal(1, "bad vector line %0d (%0d fields)", n_in, r);
    format = v_format;
    desc = v_desc;
    logic_en = v_logic_en[0];
    logic_op = v_logic_op;
    gamma = v_gamma[0];
    clear = v_clear[0];
    s = v_s;
    s1 = v_s1;
    k = v_k;
    dest = v_dest;
    valid_in = 1'b1;
    tag_in = TagW'(n_in);
    exp_write[n_in] = v_write[0];
    exp_texel[n_in] = v_texel;
    n_in = n_in + 1;
  endtask

  task automatic drive_junk(input logic valid);
    valid_in = valid;
    tag_in = TagW'($random);
    format = 8'($random);
    desc = 36'({$random, $random});
    logic_en = 1'($random);
    logic_op = 4'($random);
    gamma = 1'($random);
    clear = 1'($random);
    s = {$random, $random, $random, $random};
    s1 = {$random, $random, $random, $random};
    k = {$random, $random, $random, $random};
    dest = {$random, $random, $random, $random};
  endtask

  initial begin
    clk = 1'b0;
    rst_n = 1'b0;
    en = 1'b0;
    en_q = 1'b0;
    drive_junk(1'b0);
    n_in = 0;
    n_out = 0;
    passed = 0;
    failed = 0;
    cycle = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "missing +vectors=PATH");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "cannot open %s", path);
    n_ops = 0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
  end

  always @(negedge clk) begin
    cycle = cycle + 1;
    // Outputs after the last rising edge. (Icarus 11 misreports $isunknown of their concatenation: test each.)
    if ($isunknown(valid_out) || $isunknown(tag_out) || $isunknown(write_out) || $isunknown(texel_out)) begin
      failed = failed + 1;
      if (failed <= 10)
        $display("FAIL cycle %0d: X/Z on an output: valid %b tag %h write %b texel %h", cycle, valid_out, tag_out,
                 write_out, texel_out);
    end else if (rst_n && en_q && valid_out) begin
      if (tag_out != TagW'(n_out)) begin
        failed = failed + 1;
        if (failed <= 10) $display("FAIL cycle %0d: tag %0d, expected op %0d", cycle, tag_out, n_out);
      end else if (write_out !== exp_write[n_out] || texel_out !== exp_texel[n_out]) begin
        failed = failed + 1;
        if (failed <= 10)
          $display("FAIL op %0d: write %0d texel %h, expected write %0d texel %h", n_out, write_out, texel_out,
                   exp_write[n_out], exp_texel[n_out]);
      end else begin
        passed = passed + 1;
      end
      n_out = n_out + 1;
    end
    // Inputs for the next rising edge: stall one cycle in 7, a bubble one cycle in 11.
    if (rst_n) begin
      en = (cycle % 7) != 3;
      if (!en) drive_junk(1'b1);
      else if ((cycle % 11) == 5 || $feof(fd)) drive_junk(1'b0);
      else drive_next();
      en_q = en;
      if ($feof(fd) && n_out == n_in && n_in > 0) begin
        $display("om_rt_datapath: %0d passed, %0d failed (%0d cycles)", passed, failed, cycle);
        $finish;
      end
    end
    if (cycle > 100 * MaxOps) $fatal(1, "timeout: %0d of %0d ops came out", n_out, n_in);
  end

endmodule
