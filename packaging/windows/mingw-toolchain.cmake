# Cross-compiling office-mcp.exe on Debian with MinGW-w64 (the posix thread model, for
# std::thread and std::mutex): packaging/windows/build.sh configures with it and passes
#   -DOFFICE_WINDOWS_PREFIX=  the static SQLite and OpenSSL of deps.sh
#   -DOFFICE_WINDOWS_HEADERS= the header-only libraries (Boost, nlohmann_json) of this machine,
#                             linked there alone so that /usr/include never reaches the compiler.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${OFFICE_WINDOWS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(OPENSSL_ROOT_DIR ${OFFICE_WINDOWS_PREFIX})
set(Boost_INCLUDE_DIR ${OFFICE_WINDOWS_HEADERS} CACHE PATH "")
set(Boost_NO_BOOST_CMAKE ON)
set(nlohmann_json_DIR ${CMAKE_CURRENT_LIST_DIR}/cmake CACHE PATH "" FORCE)
