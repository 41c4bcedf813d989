# CPack runs this after staging the files of a package and before archiving them
# (CPACK_PRE_BUILD_SCRIPTS): Debian's own touches, for the .debs only.
# - Man pages gzipped with -9n (lintian: uncompressed-manual-page). `cmake --install` and the
#   tarball keep them plain, as the source has them.
# - office-mcp's lintian override: the static link is the design (see the file), not a mistake;
#   it means nothing outside a .deb, so the tarball does not carry it.
# - office-mcp.service and the sysusers.d entry of its system user (packaging/systemd/): the
#   service is Debian's way to run it, installed disabled; the postinst makes the user. Beside
#   it office-mcp-backup.service and its daily .timer, disabled too (the postinst enables nothing).
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
file(GLOB_RECURSE pages "${CPACK_TEMPORARY_DIRECTORY}/*.1")
list(FILTER pages INCLUDE REGEX "/share/man/man1/[^/]+\\.1$")
foreach(page IN LISTS pages)
  execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "gzip -9nf ${page} failed")
  endif()
endforeach()
file(GLOB_RECURSE servers "${CPACK_TEMPORARY_DIRECTORY}/*/usr/bin/office-mcp")
foreach(server IN LISTS servers)
  get_filename_component(usr "${server}/../.." ABSOLUTE)
  # file(COPY_FILE), not file(INSTALL): CPack leaves DESTDIR set, and INSTALL would prefix it.
  file(MAKE_DIRECTORY "${usr}/share/lintian/overrides")
  file(COPY_FILE "${CMAKE_CURRENT_LIST_DIR}/debian/office-mcp.lintian-overrides"
       "${usr}/share/lintian/overrides/office-mcp")
  file(MAKE_DIRECTORY "${usr}/../lib/systemd/system" "${usr}/lib/sysusers.d")
  foreach(unit office-mcp.service office-mcp-backup.service office-mcp-backup.timer)
    file(COPY_FILE "${CMAKE_CURRENT_LIST_DIR}/systemd/${unit}" "${usr}/../lib/systemd/system/${unit}")
  endforeach()
  file(COPY_FILE "${CMAKE_CURRENT_LIST_DIR}/systemd/office-mcp.sysusers" "${usr}/lib/sysusers.d/office-mcp.conf")
endforeach()
