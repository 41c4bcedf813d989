# Writes office-mcp-<version>-windows-x86_64.zip, run by the `windows_packages` target in
# packaging/CMakeLists.txt: the .exe, the README and the licence as text files Notepad opens,
# and the man page rendered as plain text (Windows has no man).
#   cmake -DEXE= -DREADME= -DLICENSE= -DMAN_PAGE= -DRELEASE_DATE= -DSTAGING= -DOUT= -P make_zip.cmake
foreach(input EXE README LICENSE MAN_PAGE RELEASE_DATE STAGING OUT)
  if(NOT ${input})
    message(FATAL_ERROR "make_zip.cmake needs -D${input}=...")
  endif()
endforeach()
find_program(GROFF groff)
if(NOT GROFF)
  message(FATAL_ERROR "groff was not found (Debian package groff-base): it renders the man page as text for the zip.")
endif()

file(REMOVE_RECURSE "${STAGING}")
file(MAKE_DIRECTORY "${STAGING}")
file(COPY_FILE "${EXE}" "${STAGING}/office-mcp.exe")
file(COPY_FILE "${README}" "${STAGING}/README.md")
file(COPY_FILE "${LICENSE}" "${STAGING}/LICENSE.txt")
# -P-c -P-b -P-u: no overstrike bold or underline, which a text editor shows as ^H pairs.
execute_process(COMMAND "${GROFF}" -man -Tutf8 -P-c -P-b -P-u "${MAN_PAGE}"
                OUTPUT_FILE "${STAGING}/office-mcp.txt" RESULT_VARIABLE status ERROR_VARIABLE problem)
if(NOT status EQUAL 0 OR problem)
  message(FATAL_ERROR "groff could not render ${MAN_PAGE}: ${problem}")
endif()

# Every entry dated the release day, so the same build makes the same zip.
get_filename_component(out_dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")
file(REMOVE "${OUT}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar cf "${OUT}" --format=zip "--mtime=${RELEASE_DATE} 00:00:00 UTC"
                        office-mcp.exe README.md LICENSE.txt office-mcp.txt
                WORKING_DIRECTORY "${STAGING}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "could not write ${OUT}")
endif()
