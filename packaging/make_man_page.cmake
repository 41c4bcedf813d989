# office-mcp.1: the template (packaging/office-mcp.1.in, its version and date filled in) with the
# SYNOPSIS, COMMANDS and OPTIONS that `office-mcp help --man-page` writes from its command table.
#   cmake -DSERVER=office-mcp -DTEMPLATE=office-mcp.1.template -DOUT=office-mcp.1 -P make_man_page.cmake
execute_process(COMMAND "${SERVER}" help --man-page "${TEMPLATE}" OUTPUT_FILE "${OUT}.partial"
                ERROR_VARIABLE problem RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUT}.partial")
  message(FATAL_ERROR "office-mcp help --man-page ${TEMPLATE} failed (${status}): ${problem}")
endif()
file(RENAME "${OUT}.partial" "${OUT}")
