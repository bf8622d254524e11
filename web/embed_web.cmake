# Embeds the browser client (web/index.html, web/*.css, web/js/*.js) and the
# card catalogue (engine/data/cards.json, served as /cards.json) into a C++
# header, so `spb serve` carries its page, and the browser's record replay
# (web/verifier, built into VERIFIER_DIR) as /verifier/. Inputs: WEB_DIR,
# CARDS_JSON, VERIFIER_DIR, OUTPUT.
file(GLOB_RECURSE pages RELATIVE "${WEB_DIR}" "${WEB_DIR}/*.html" "${WEB_DIR}/*.css" "${WEB_DIR}/*.js" "${WEB_DIR}/*.svg")
list(SORT pages)
set(body "")
foreach(page IN LISTS pages)
  file(READ "${WEB_DIR}/${page}" text)
  string(APPEND body "    EmbeddedFile{\"/${page}\", R\"spbweb(${text})spbweb\"},\n")
endforeach()
file(READ "${CARDS_JSON}" cards)
string(APPEND body "    EmbeddedFile{\"/cards.json\", R\"spbweb(${cards})spbweb\"},\n")
file(READ "${VERIFIER_DIR}/spb_verifier.js" loader)
string(APPEND body "    EmbeddedFile{\"/verifier/spb_verifier.js\", R\"spbweb(${loader})spbweb\"},\n")
# WebAssembly is binary: every byte as an escape, and the length given, since
# the module holds zero bytes a C string would stop at.
file(READ "${VERIFIER_DIR}/spb_verifier.wasm" wasm HEX)
string(LENGTH "${wasm}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "(..)" "\\\\x\\1" escaped "${wasm}")
string(APPEND body "    EmbeddedFile{\"/verifier/spb_verifier.wasm\", std::string_view(\"${escaped}\", ${size})},\n")
set(content "// Generated from web/ and engine/data/cards.json by web/embed_web.cmake. Do not edit.
inline constexpr EmbeddedFile kEmbeddedFiles[] = {
${body}};
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
