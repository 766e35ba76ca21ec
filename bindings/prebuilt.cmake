# SPDX-License-Identifier: Apache-2.0
# The omsim wheel from a C++ build's modules (tests/python/install.py --prebuilt, the CTest fixture python_install):
# scikit-build-core configures the project with -DOM_PYTHON_PREBUILT=<build>/python/omsim, the package tree that a
# build with -DOM_BUILD_PYTHON=ON lays out (bindings/CMakeLists.txt), and the top-level CMakeLists.txt includes
# only this file. It installs that tree's extension modules and generated modules; scikit-build-core adds the
# package sources (wheel.packages), and the native omsim command of that build (bin/omsim in the tree). The modules
# must have been built for the Python that runs pip.
set(om_prebuilt ${OM_PYTHON_PREBUILT})
set(om_ext .${SKBUILD_SOABI}.so)
if(NOT EXISTS ${om_prebuilt}/_core${om_ext})
  file(GLOB om_found LIST_DIRECTORIES false ${om_prebuilt}/_core.*)
  message(FATAL_ERROR "OM_PYTHON_PREBUILT: no _core${om_ext} in ${om_prebuilt} (found: ${om_found}); build that "
                      "C++ tree (-DOM_BUILD_PYTHON=ON) for the Python that runs pip")
endif()
set(om_files)
foreach(module _core _device _cosim)
  if(EXISTS ${om_prebuilt}/${module}${om_ext})
    list(APPEND om_files ${om_prebuilt}/${module}${om_ext} ${om_prebuilt}/${module}.pyi)  # and its stub
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/generated_modules.cmake)
foreach(generated ${OM_PY_GENERATED_NAMES})
  if(NOT EXISTS ${om_prebuilt}/${generated})
    message(FATAL_ERROR "OM_PYTHON_PREBUILT: ${om_prebuilt}/${generated} is missing")
  endif()
  list(APPEND om_files ${om_prebuilt}/${generated})
endforeach()
message(STATUS "omsim: packing the prebuilt modules of ${om_prebuilt}")
install(FILES ${om_files} DESTINATION omsim COMPONENT python)
# The native omsim command the tree carries (bin/omsim), for the `omsim` console script (omsim.cli).
if(EXISTS ${om_prebuilt}/bin/omsim)
  install(PROGRAMS ${om_prebuilt}/bin/omsim DESTINATION omsim/bin COMPONENT python)
endif()
