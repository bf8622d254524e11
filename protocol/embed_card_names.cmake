# Writes the card names of one page catalogue (web/i18n/LANG.js, its
# "card.<id>": "<name>" lines) as a C++ table of {id, name} pairs, so that the
# server names cards in French and Russian exactly as the page does.
#   cmake -DCATALOGUE=web/i18n/fr.js -DOUTPUT=... -P embed_card_names.cmake
file(STRINGS "${CATALOGUE}" lines ENCODING UTF-8 REGEX "^ *\"card\\.[a-z0-9_]+\": \"")
set(out "// Generated from ${CATALOGUE} by protocol/embed_card_names.cmake.\n")
foreach(line IN LISTS lines)
  if(line MATCHES "^ *\"card\\.([a-z0-9_]+)\": \"([^\"\\\\]*)\",?$")
    string(APPEND out "{\"${CMAKE_MATCH_1}\", \"${CMAKE_MATCH_2}\"},\n")
  else()
    message(FATAL_ERROR "${CATALOGUE}: a card name this script cannot read: ${line}")
  endif()
endforeach()
file(WRITE "${OUTPUT}.tmp" "${out}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
