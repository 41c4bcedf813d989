# Writes the MCPB bundle (a zip with manifest.json, the server and its icon), run by the `mcpb`
# target in packaging/CMakeLists.txt:
#   cmake -DSERVER= -DMANIFEST_IN= -DICON_SVG= -DVERSION= -DRELEASE_DATE= -DSTAGING= -DOUT=
#         [-DWINDOWS_SERVER=office-mcp.exe] -P make_bundle.cmake
# With WINDOWS_SERVER (packaging/windows/build.sh) the bundle serves Linux and Windows: both
# binaries, "platforms": ["linux", "win32"], and Windows' command in mcp_config.platform_overrides.
foreach(input SERVER MANIFEST_IN ICON_SVG VERSION RELEASE_DATE STAGING OUT)
  if(NOT ${input})
    message(FATAL_ERROR "make_bundle.cmake needs -D${input}=...")
  endif()
endforeach()
# Looked for now, not at configure time, so installing it later needs no re-configure.
find_program(RSVG_CONVERT rsvg-convert)
if(NOT RSVG_CONVERT)
  message(FATAL_ERROR "rsvg-convert was not found (Debian package librsvg2-bin): it renders the bundle's icon "
                      "from resources/office-desk.svg.")
endif()

file(REMOVE_RECURSE "${STAGING}")
file(MAKE_DIRECTORY "${STAGING}/server")
file(COPY "${SERVER}" DESTINATION "${STAGING}/server"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(PLATFORMS [=[["linux"]]=])
set(entries manifest.json icon.png server/office-mcp)
if(WINDOWS_SERVER)
  file(COPY_FILE "${WINDOWS_SERVER}" "${STAGING}/server/office-mcp.exe")
  set(PLATFORMS [=[["linux", "win32"]]=])
  list(APPEND entries server/office-mcp.exe)
endif()

# The tools, as the binary itself lists them (one stateless 2026-07-28 request; tools/list opens
# no database), reduced to the manifest's {name, description}.
set(request [=[{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}]=])
file(WRITE "${STAGING}/tools-list.request" "${request}\n")
execute_process(COMMAND "${SERVER}" --db "${STAGING}/never-created.db" --log-level error
                INPUT_FILE "${STAGING}/tools-list.request"
                OUTPUT_VARIABLE reply RESULT_VARIABLE status)
file(REMOVE "${STAGING}/tools-list.request")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${SERVER} tools/list failed (exit ${status}): ${reply}")
endif()
string(JSON count ERROR_VARIABLE problem LENGTH "${reply}" result tools)
if(problem OR count EQUAL 0)
  message(FATAL_ERROR "${SERVER} answered tools/list without tools: ${reply}")
endif()
set(TOOLS "[]")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON tool GET "${reply}" result tools ${i})
  string(JSON members LENGTH "${tool}")
  # Keep name and description, drop the rest (schemas, annotations): the manifest lists only these.
  set(kept "${tool}")
  math(EXPR last_member "${members} - 1")
  set(drop "")
  foreach(m RANGE ${last_member})
    string(JSON key MEMBER "${tool}" ${m})
    if(NOT key STREQUAL "name" AND NOT key STREQUAL "description")
      list(APPEND drop "${key}")
    endif()
  endforeach()
  foreach(key IN LISTS drop)
    string(JSON kept REMOVE "${kept}" "${key}")
  endforeach()
  string(JSON TOOLS SET "${TOOLS}" ${i} "${kept}")
endforeach()

configure_file("${MANIFEST_IN}" "${STAGING}/manifest.json" @ONLY)
file(READ "${STAGING}/manifest.json" manifest)
if(WINDOWS_SERVER)
  string(JSON manifest SET "${manifest}" server mcp_config platform_overrides
         [=[{"win32": {"command": "${__dirname}/server/office-mcp.exe"}}]=])
  file(WRITE "${STAGING}/manifest.json" "${manifest}\n")
endif()
string(JSON manifest_version ERROR_VARIABLE problem GET "${manifest}" manifest_version)
if(problem)
  message(FATAL_ERROR "the generated ${STAGING}/manifest.json is not JSON: ${problem}")
endif()

execute_process(COMMAND "${RSVG_CONVERT}" --width 512 --height 512 --format png
                        --output "${STAGING}/icon.png" "${ICON_SVG}"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${RSVG_CONVERT} could not render ${ICON_SVG}")
endif()

# A zip; every entry dated the release day, so the same build makes the same bundle.
get_filename_component(out_dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")
file(REMOVE "${OUT}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar cf "${OUT}" --format=zip "--mtime=${RELEASE_DATE} 00:00:00 UTC"
                        ${entries}
                WORKING_DIRECTORY "${STAGING}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "could not write ${OUT}")
endif()
