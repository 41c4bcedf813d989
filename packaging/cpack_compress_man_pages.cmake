# CPack runs this after staging the files of a package and before archiving them
# (CPACK_PRE_BUILD_SCRIPTS). Debian wants man pages gzipped with -9n (lintian:
# uncompressed-manual-page); `cmake --install` keeps them plain, as the source has them.
file(GLOB_RECURSE pages "${CPACK_TEMPORARY_DIRECTORY}/*/man1/*.1" "${CPACK_TEMPORARY_DIRECTORY}/*.1")
list(REMOVE_DUPLICATES pages)
foreach(page IN LISTS pages)
  execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "gzip -9nf ${page} failed")
  endif()
endforeach()
