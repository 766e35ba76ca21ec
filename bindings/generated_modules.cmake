# SPDX-License-Identifier: Apache-2.0
# The Python modules tools/gen emits into the omsim package: named once for the C++ build (bindings/CMakeLists.txt)
# and the wheel packed from a prebuilt tree (bindings/prebuilt.cmake).
set(OM_PY_GENERATED_NAMES _defs.py _regs.py _types.py _top_ports.py _structs.py _structs_state.py
    _structs_validate.py _structs_device_types.py _structs_cosim.py _enums.py _errors.py)
