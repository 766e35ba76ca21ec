#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CMake compiler launcher that compiles with another C++ compiler: with_cxx.sh CXX <project compiler> ARGS...
# runs CXX ARGS... (through ccache when present). rtl/CMakeLists.txt uses it for OM_RTL_CXX.
cxx=$1
shift 2
if command -v ccache >/dev/null 2>&1; then
  exec ccache "$cxx" "$@"
fi
exec "$cxx" "$@"
