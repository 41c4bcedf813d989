# nlohmann_json for the cross build (mingw-toolchain.cmake): the headers of this machine's
# nlohmann-json3-dev, from OFFICE_WINDOWS_HEADERS rather than /usr/include.
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${OFFICE_WINDOWS_HEADERS}")
endif()
