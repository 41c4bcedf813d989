# Included by cpack once per generator (CPACK_PROJECT_CONFIG_FILE). The tarball holds the
# static server alone (bin/office-mcp, its man page, README, copyright): it runs on any Linux of
# the same architecture, with nothing else installed.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_COMPONENTS_ALL server)
  set(CPACK_ARCHIVE_COMPONENT_INSTALL ON)
  set(CPACK_ARCHIVE_SERVER_FILE_NAME "office-mcp-${CPACK_PACKAGE_VERSION}-linux-${CPACK_OFFICE_ARCH}")
endif()
