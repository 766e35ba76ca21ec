// SPDX-License-Identifier: Apache-2.0
// Icarus testbench: the four binary32 units (through tb_fp32_units) against fp32.hex written by om::ref.
// Usage: vvp -n tb_icarus_fp32.vvp +vectors=PATH. Prints "N passed, N failed"; X on an output counts as a failure.
`timescale 1ns/1ps
module tb_icarus_fp32;

  logic [31:0] a, b, add, mul, minmax, exp_add, exp_mul, exp_mm;
  logic        sub, max, cmp, exp_cmp;
  logic [3:0]  func;
  integer      fd, r, passed, failed;
  string       path;

  tb_fp32_units u_dut (.a_i(a), .b_i(b), .sub_i(sub), .max_i(max), .func_i(func), .add_o(add), .mul_o(mul),
                       .minmax_o(minmax), .cmp_o(cmp));

  initial begin
    passed = 0;
    failed = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "missing +vectors=PATH");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "cannot open %s", path);
    while (!$feof(fd)) begin
      r = $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n", a, b, sub, max, func, exp_add, exp_mul, exp_mm, exp_cmp);
      if (r == 9) begin
        #1;
        if ($isunknown(add) || $isunknown(mul) || $isunknown(minmax) || $isunknown(cmp) || add !== exp_add || mul !== exp_mul || minmax !== exp_mm ||
            cmp !== exp_cmp) begin
          failed = failed + 1;
          if (failed <= 10)
            $display("FAIL a=%h b=%h sub=%0d max=%0d func=%0d: add %h/%h mul %h/%h minmax %h/%h cmp %b/%b", a, b,
                     sub, max, func, add, exp_add, mul, exp_mul, minmax, exp_mm, cmp, exp_cmp);
        end else begin
          passed = passed + 1;
        end
      end
    end
    $fclose(fd);
    $display("fp32 units: %0d passed, %0d failed", passed, failed);
    $finish;
  end

endmodule
