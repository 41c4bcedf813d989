# Included by cpack once per generator (CPACK_PROJECT_CONFIG_FILE). The tarball holds the
# static server alone (bin/office-mcp, its man page, README and guides, copyright): it runs on any Linux of
# the same architecture, with nothing else installed.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_COMPONENTS_ALL server)
  set(CPACK_ARCHIVE_COMPONENT_INSTALL ON)
  # Everything under one folder named like the file.
  set(CPACK_COMPONENT_INCLUDE_TOPLEVEL_DIRECTORY ON)
  set(CPACK_PACKAGE_FILE_NAME "office-mcp-${CPACK_PACKAGE_VERSION}-linux-${CPACK_OFFICE_ARCH}")
  set(CPACK_ARCHIVE_SERVER_FILE_NAME "office-mcp-${CPACK_PACKAGE_VERSION}-linux-${CPACK_OFFICE_ARCH}")
endif()

# Each component's description starts with its own one-line summary (Debian's synopsis). CPack
# would put the project's summary (project(DESCRIPTION)) above it, so both packages would get
# the same synopsis; without one, the component's first line is used.
if(CPACK_GENERATOR STREQUAL "DEB")
  unset(CPACK_PACKAGE_DESCRIPTION_SUMMARY)
endif()
