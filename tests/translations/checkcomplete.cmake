# SPDX-License-Identifier: GPL-3.0-or-later
# Every user-visible string has a German translation: runs lupdate over the sources into a copy of the
# committed German catalogue and fails if any message is new or unfinished.
# Usage: cmake -DLUPDATE=… -DLRELEASE=… -DROOT=<repository> -DTS=…/meshwright_de.ts -DWORK=<dir> -DSOURCES=<file listing sources> -P checkcomplete.cmake
file(MAKE_DIRECTORY "${WORK}")
configure_file("${TS}" "${WORK}/check.ts" COPYONLY)
# Includes name the folder from each layer's root ("cluster/clustercanvas.h"): lupdate needs those roots
# to find the classes whose tr() context a source file uses.
execute_process(COMMAND "${LUPDATE}" -I "${ROOT}/core" -I "${ROOT}/widgets" -I "${ROOT}/app" -no-obsolete -locations none -tr-function-alias QT_TRANSLATE_NOOP+=MW_TR_NOOP,QT_TRANSLATE_N_NOOP+=MW_TR_N_NOOP
                        "@${SOURCES}" -ts "${WORK}/check.ts"
                RESULT_VARIABLE lupdate_result OUTPUT_VARIABLE lupdate_output ERROR_VARIABLE lupdate_output)
if(NOT lupdate_result EQUAL 0)
    message(FATAL_ERROR "lupdate failed:\n${lupdate_output}")
endif()
execute_process(COMMAND "${LRELEASE}" "${WORK}/check.ts" -qm "${WORK}/check.qm"
                OUTPUT_VARIABLE lrelease_output ERROR_VARIABLE lrelease_output)
# lrelease counts translations marked unfinished, and source texts with no translation at all ("Ignored N
# untranslated source text(s)").
set(incomplete 0)
if(lrelease_output MATCHES "([0-9]+) unfinished")
    math(EXPR incomplete "${incomplete} + ${CMAKE_MATCH_1}")
endif()
if(lrelease_output MATCHES "Ignored ([0-9]+) untranslated")
    math(EXPR incomplete "${incomplete} + ${CMAKE_MATCH_1}")
endif()
if(NOT incomplete EQUAL 0)
    file(READ "${WORK}/check.ts" catalogue)
    string(REGEX MATCHALL "<source>[^<]*</source>[ \n]*<translation type=\"unfinished\">" missing "${catalogue}")
    string(REPLACE ";" "\n" missing "${missing}")
    message(FATAL_ERROR "${incomplete} messages have no German translation yet (run the update_translations target and translate translations/meshwright_de.ts):\n${missing}")
endif()
message(STATUS "German translation complete: ${lrelease_output}")
