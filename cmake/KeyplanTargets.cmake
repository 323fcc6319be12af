# How the tree becomes targets. Every library exposes its headers under its own folder name
# (`#include "store/Store.h"`) through an include root of its own in the build tree, holding
# one link to its folder and nothing else. A target therefore sees exactly the headers of the
# libraries it links: an include of a layer it does not depend on fails to compile.

set(KEYPLAN_INCLUDE_ROOTS ${PROJECT_BINARY_DIR}/include)

# keyplan_expose_headers(<target> <folder> <name>): `#include "<name>/..."` reaches <folder>. A
# <name> with a slash (`widgets/layout`) gets a root of its own too, so one feature folder of
# widgets/ is not reachable through another's.
function(keyplan_expose_headers target folder name)
  string(REPLACE "/" "+" root_name ${name})
  set(root ${KEYPLAN_INCLUDE_ROOTS}/${root_name})
  get_filename_component(link_parent ${root}/${name} DIRECTORY)
  # Targets sharing a folder share its root.
  file(MAKE_DIRECTORY ${link_parent})
  if(NOT IS_SYMLINK ${root}/${name})
    file(CREATE_LINK ${folder} ${root}/${name} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# keyplan_library(<name> [HEADERS <path>] [PUBLIC deps...] [PRIVATE deps...]): the calling folder
# (gui/ and widgets/ have one CMakeLists.txt of this one call per folder) as the static library
# keyplan_<name>: every .cpp and .h under it (globbed, so a new file needs no list edit; no file
# is picked out by name), its headers `#include "<path>/..."` (<path> defaults to <name>) and
# reachable only by what links it, directly or through a PUBLIC dependency. model/ has the same
# rule with its own short form (keyplan_model_layer, model/CMakeLists.txt).
function(keyplan_library name)
  cmake_parse_arguments(PARSE_ARGV 1 LIB "" "HEADERS" "")
  set(folder ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT LIB_HEADERS)
    set(LIB_HEADERS ${name})
  endif()
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${folder}/*.cpp ${folder}/*.h)
  add_library(keyplan_${name} STATIC ${sources})
  keyplan_expose_headers(keyplan_${name} ${folder} ${LIB_HEADERS})
  if(LIB_UNPARSED_ARGUMENTS)
    target_link_libraries(keyplan_${name} ${LIB_UNPARSED_ARGUMENTS})
  endif()
endfunction()
