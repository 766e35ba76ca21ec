rtl/om_pkg.sv
rtl/om_fp32_add.sv
rtl/om_fp32_mul.sv
rtl/om_fp32_minmax.sv
rtl/om_fp32_cmp.sv
rtl/om_csr.sv
