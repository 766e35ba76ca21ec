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

  logic              clk, rst_n, psel, penable, pwrite, pready, pslverr, in_valid, in_ready;
  logic              mem_rd_ready, mem_rsp_valid, mem_rd_valid, mem_wr_ready, mem_wr_valid;
  logic              ds_rd_ready, ds_rsp_valid, ds_rd_valid, ds_wr_ready, ds_wr_valid;
  logic [2:0]        cfg;
  logic [11:0]       paddr;
  logic [31:0]       pwdata, prdata;
  logic [3:0]        pstrb;
  pixel_t            in_data;
  mem_addr_t         mem_rd_addr, mem_wr_addr, ds_rd_addr, ds_wr_addr;
  logic [TexelW-1:0] mem_rsp_data, mem_wr_data, ds_rsp_data, ds_wr_data;
  perf_t             perf;

  om_top u_dut (
    .clk_i(clk), .rst_ni(rst_n), .cfg_i(cfg), .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite),
    .paddr_i(paddr), .pwdata_i(pwdata), .pstrb_i(pstrb), .prdata_o(prdata), .pready_o(pready),
    .pslverr_o(pslverr), .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data),
    .mem_rd_valid_o(mem_rd_valid), .mem_rd_ready_i(mem_rd_ready), .mem_rd_addr_o(mem_rd_addr),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_data_i(mem_rsp_data), .mem_wr_valid_o(mem_wr_valid),
    .mem_wr_ready_i(mem_wr_ready), .mem_wr_addr_o(mem_wr_addr), .mem_wr_data_o(mem_wr_data),
    .ds_rd_valid_o(ds_rd_valid), .ds_rd_ready_i(ds_rd_ready), .ds_rd_addr_o(ds_rd_addr), .ds_rsp_valid_i(ds_rsp_valid),
    .ds_rsp_data_i(ds_rsp_data), .ds_wr_valid_o(ds_wr_valid), .ds_wr_ready_i(ds_wr_ready), .ds_wr_addr_o(ds_wr_addr),
    .ds_wr_data_o(ds_wr_data), .perf_o(perf)
  );

  // The recorded outputs of the current cycle.
  logic [31:0]        e_prdata;
  logic               e_pready, e_pslverr, e_in_ready, e_mem_rd_valid, e_mem_wr_valid;
  mem_addr_t          e_mem_rd_addr, e_mem_wr_addr;
  logic [TexelW-1:0]  e_mem_wr_data, e_ds_wr_data;
  logic               e_ds_rd_valid, e_ds_wr_valid;
  mem_addr_t          e_ds_rd_addr, e_ds_wr_addr;
  perf_t              e_perf;
  integer             fd, r, cycle, checked, failed;
  logic               released;
  integer             version;
  string              path;
  logic [8*160-1:0]   header;  // the header line ($fgets reads into a vector)

  // One output: X/Z bits or a value other than the recorded one fail the cycle (the first few are reported).
  logic cycle_failed;
  task automatic check(input string port, input logic [$bits(pixel_t)-1:0] got, input logic [$bits(pixel_t)-1:0] exp);
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
    r = 33;
    while (r == 33) begin
      r = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                  rst_n, cfg, psel, penable, pwrite, paddr, pwdata, pstrb, in_valid, in_data, mem_rd_ready,
                  mem_rsp_valid, mem_rsp_data, mem_wr_ready, e_prdata, e_pready, e_pslverr, e_in_ready, e_mem_rd_valid,
                  e_mem_rd_addr, e_mem_wr_valid, e_mem_wr_addr, e_mem_wr_data, e_perf, ds_rd_ready, ds_rsp_valid,
                  ds_rsp_data, ds_wr_ready, e_ds_rd_valid, e_ds_rd_addr, e_ds_wr_valid, e_ds_wr_addr, e_ds_wr_data);
      if (r > 0 && r != 33) $fatal(1, "%s: line %0d has %0d fields, not 33", path, cycle + 2, r);
      if (r == 33) cycle_once();
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
        check("prdata_o", prdata, e_prdata);
        check("pready_o", pready, e_pready);
        check("pslverr_o", pslverr, e_pslverr);
        check("in_ready_o", in_ready, e_in_ready);
        check("mem_rd_valid_o", mem_rd_valid, e_mem_rd_valid);
        check("mem_rd_addr_o", mem_rd_addr, e_mem_rd_addr);
        check("mem_wr_valid_o", mem_wr_valid, e_mem_wr_valid);
        check("mem_wr_addr_o", mem_wr_addr, e_mem_wr_addr);
        check("mem_wr_data_o", mem_wr_data, e_mem_wr_data);
        check("perf_o", perf, e_perf);
        check("ds_rd_valid_o", ds_rd_valid, e_ds_rd_valid);
        check("ds_rd_addr_o", ds_rd_addr, e_ds_rd_addr);
        check("ds_wr_valid_o", ds_wr_valid, e_ds_wr_valid);
        check("ds_wr_addr_o", ds_wr_addr, e_ds_wr_addr);
        check("ds_wr_data_o", ds_wr_data, e_ds_wr_data);
        checked = checked + 1;
        if (cycle_failed) failed = failed + 1;
      end
      clk = 1'b1;
      #5;
      clk = 1'b0;
      cycle = cycle + 1;
  endtask

endmodule
