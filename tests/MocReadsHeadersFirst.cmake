# Runs moc over a file that includes one header first, for every header of model/ and tests/unit/,
# with the predefined macros and include folders AUTOMOC gives it (CONFIG, written by
# tests/CMakeLists.txt into the build folder). A header moc cannot parse when it opens a test file
# fails here, naming the header and moc's error, rather than in the next test that happens to
# include it first. (Number.h did: moc 6.4 mis-evaluates an #if with a suffixed number, such as
# `__cplusplus > 201703L`, so <compare> read first took libstdc++ into its C++20 code without its
# configuration macros: "Parse error at std".)
if(NOT DEFINED CONFIG)
  message(FATAL_ERROR "usage: cmake -DCONFIG=<build>/tests/moc_reads_headers_first/config.cmake -P MocReadsHeadersFirst.cmake")
endif()
include(${CONFIG})

file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${PREDEFINES_COMMAND} OUTPUT_FILE ${WORK_DIR}/moc_predefs.h RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the compiler did not list its predefined macros: ${PREDEFINES_COMMAND}")
endif()

set(include_flags)
foreach(dir ${SOURCE_DIR}/model ${SOURCE_DIR}/tests/unit ${INCLUDE_DIRS})
  list(APPEND include_flags -I${dir})
endforeach()

set(headers)
foreach(root model tests/unit)
  file(GLOB_RECURSE found RELATIVE ${SOURCE_DIR}/${root} ${SOURCE_DIR}/${root}/*.h)
  list(APPEND headers ${found})
endforeach()
list(LENGTH headers count)
if(count LESS 20)
  message(FATAL_ERROR "found only ${count} headers under ${SOURCE_DIR}/model and tests/unit")
endif()

set(failed)
foreach(header ${headers})
  file(WRITE ${WORK_DIR}/first.cpp
       "#include \"${header}\"\n#include <QObject>\nclass ReadsHeaderFirst : public QObject {\n    Q_OBJECT\n};\n")
  execute_process(COMMAND ${MOC} --include ${WORK_DIR}/moc_predefs.h ${include_flags} ${WORK_DIR}/first.cpp
                          -o ${WORK_DIR}/first.moc
                  RESULT_VARIABLE rc ERROR_VARIABLE error)
  if(NOT rc EQUAL 0)
    string(STRIP "${error}" error)
    list(APPEND failed "${header}: ${error}")
  endif()
endforeach()
if(failed)
  list(JOIN failed "\n  " lines)
  message(FATAL_ERROR "moc cannot read these headers when a file includes them first:\n  ${lines}")
endif()
message(STATUS "moc read each of ${count} headers first")
