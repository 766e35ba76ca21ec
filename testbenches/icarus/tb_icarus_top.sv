// SPDX-License-Identifier: Apache-2.0
// Icarus testbench: the whole om_top (4-state) replaying a port trace recorded from a lockstep run (`omsim run
// --ports`, om/sim/port_trace.h): each cycle drives the recorded inputs with the clock low, and once reset has been
// released checks every output for X/Z bits and against the recorded value, then takes the clock edge.
// Usage: vvp -n tb_icarus_top.vvp +ports=PATH. Prints "FAIL cycle C port P: ..." for the first failures and
// "N cycles checked, M failed".
`timescale 1ns/1ps
module tb_icarus_top;
  import om_pkg::*;

  localparam int MaxReported = 10;

  logic              clk;
  // The pins, the recorded outputs (e_*), the om_top instance, read_line() and check_outputs(): generated from
  // defs/top_ports.toml (tools/gen/top_ports_sv.py).
`include "tb_icarus_top_ports.svh"

  integer             fd, r, cycle, checked, failed;
  logic               released;
  integer             version;
  string              path;
  logic [8*160-1:0]   header;  // the header line ($fgets reads into a vector)

  // One output: X/Z bits or a value other than the recorded one fail the cycle (the first few are reported).
  logic cycle_failed;
  task automatic check(input string port, input logic [OutBits-1:0] got, input logic [OutBits-1:0] exp);
    if ((^got === 1'bx) || got !== exp) begin
      if (failed < MaxReported && !cycle_failed) begin
        $display("FAIL cycle %0d port %s: %0s %0h, recorded %0h", cycle, port, (^got === 1'bx) ? "X/Z in" : "got",
                 got, exp);
      end
      cycle_failed = 1'b1;
    end
  endtask

  initial begin
    if (!$value$plusargs("ports=%s", path)) $fatal(1, "usage: vvp tb_icarus_top.vvp +ports=PATH");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "%s: cannot read", path);
    version = 0;
    r = $fgets(header, fd);
    if (r > 0) r = $sscanf(header, "# omsim ports %d", version);
    if (r != 1 || version != 2) $fatal(1, "%s: not a port trace (omsim ports 2)", path);
    clk = 1'b0;
    cycle = 0;
    checked = 0;
    failed = 0;
    released = 1'b0;
    r = NColumns;
    while (r == NColumns) begin
      read_line(fd, r);
      if (r > 0 && r != NColumns) $fatal(1, "%s: line %0d has %0d fields, not %0d", path, cycle + 2, r, NColumns);
      if (r == NColumns) cycle_once();
    end
    $display("%0d cycles checked, %0d failed", checked, failed);
    $finish;
  end

  // The inputs of the line just read are on the pins: settle, check, clock edge.
  task automatic cycle_once;
      #5;
      released = released || (rst_n === 1'b1);
      if (released) begin
        cycle_failed = 1'b0;
        check_outputs();
        checked = checked + 1;
        if (cycle_failed) failed = failed + 1;
      end
      clk = 1'b1;
      #5;
      clk = 1'b0;
      cycle = cycle + 1;
  endtask

endmodule
