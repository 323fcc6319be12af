# How the tree becomes targets. Every library exposes its headers under its own folder name
# (`#include "store/Store.h"`) through an include root of its own in the build tree, holding
# one link to its folder and nothing else. A target therefore sees exactly the headers of the
# libraries it links: an include of a layer it does not depend on fails to compile.

set(KEYPLAN_INCLUDE_ROOTS ${PROJECT_BINARY_DIR}/include)

# keyplan_expose_headers(<target> <folder> <name>): `#include "<name>/..."` reaches <folder>.
function(keyplan_expose_headers target folder name)
  set(root ${KEYPLAN_INCLUDE_ROOTS}/${name})
  # Targets sharing a folder share its root.
  file(MAKE_DIRECTORY ${root})
  if(NOT IS_SYMLINK ${root}/${name})
    file(CREATE_LINK ${folder} ${root}/${name} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# keyplan_library(<name> <folder> [EXCLUDING <regex>] [PUBLIC deps...] [PRIVATE deps...]): a static
# library of every .cpp and .h under <folder> (globbed, so a new file needs no list edit), target
# keyplan_<name>. EXCLUDING leaves out the files whose path matches: only widgets/ uses it, to
# keep render/ (its own library) out of keyplan_widgets, and it goes once that folder is no longer
# nested there. model/ has keyplan_model_layer (model/CMakeLists.txt): one folder, one library.
function(keyplan_library name folder)
  cmake_parse_arguments(PARSE_ARGV 2 LIB "" "EXCLUDING" "")
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${folder}/*.cpp ${folder}/*.h)
  if(LIB_EXCLUDING)
    list(FILTER sources EXCLUDE REGEX "${LIB_EXCLUDING}")
  endif()
  add_library(keyplan_${name} STATIC ${sources})
  keyplan_expose_headers(keyplan_${name} ${folder} ${name})
  if(LIB_UNPARSED_ARGUMENTS)
    target_link_libraries(keyplan_${name} ${LIB_UNPARSED_ARGUMENTS})
  endif()
endfunction()
