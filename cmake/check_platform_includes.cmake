# Refuses a source that includes an operating system's own headers outside the platform layer
# (docs/architecture.md, "The platform layer"): what differs between POSIX and Windows lives in
# files named *_posix.cpp and *_windows.cpp and in core/support/platform.h, and nowhere else, so
# that the Windows build (packaging/windows) cannot be broken by a file that compiles on Linux
# alone. Run by the build (CMakeLists.txt) whenever a source changes:
#   cmake -DSOURCE_DIR=... -DSTAMP=... -P check_platform_includes.cmake
file(GLOB_RECURSE sources LIST_DIRECTORIES false RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/stdio_server/*.cpp ${SOURCE_DIR}/stdio_server/*.h
     ${SOURCE_DIR}/desktop/*.cpp ${SOURCE_DIR}/desktop/*.h)
# POSIX's and Windows' headers (the C and C++ standard headers are the same everywhere).
set(system_header "#[ \t]*include[ \t]*<((unistd|pwd|grp|poll|fcntl|malloc|dirent|termios|dlfcn|io|direct|windows|winsock2|ws2tcpip|shlobj|shellapi|aclapi|winbase|fileapi)\\.h|(sys|netinet|arpa)/[a-z_]+\\.h)>")
set(refused "")
foreach(source ${sources})
  if(source MATCHES "_(posix|windows)\\.cpp$" OR source STREQUAL "core/support/platform.h")
    continue()
  endif()
  file(STRINGS ${SOURCE_DIR}/${source} lines REGEX "${system_header}")
  foreach(line ${lines})
    string(APPEND refused "\n  ${source}: ${line}")
  endforeach()
endforeach()
if(refused)
  message(FATAL_ERROR "These files include an operating system's headers; put that code behind core/support/platform.h "
                      "(or stdio_server/process_life.h) in the *_posix.cpp and *_windows.cpp files:${refused}")
endif()
file(TOUCH ${STAMP})
