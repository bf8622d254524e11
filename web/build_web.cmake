# Builds the browser client for delivery over a phone's network and embeds it
# into `spb` (docs/client.md, "How it is served"):
#   - esbuild (Debian's) bundles and minifies web/js/app.js and what it
#     imports into one module, each language's catalogue (web/i18n) into a
#     file of its own that the page fetches only for its reader, and
#     web/style.css; each file named by its content's hash;
#   - the card catalogue (engine/data/cards.json), the manifest and its icons
#     get their hash in their names too, and the HTML shell (web/index.html)
#     and the manifest are rewritten to name those files;
#   - spb_pack_web (web/pack_web.cpp) compresses every file with gzip and
#     Brotli and writes the table the server answers from.
# A hashed file never changes under its name, so the browser keeps it for a
# year; the shell, /sw.js (the service worker's address is fixed), /cards.json
# (the catalogue under its documented name) and the verifier's files (the
# emscripten loader finds its .wasm by name) are revalidated instead.
# Inputs: WEB_DIR, CARDS_JSON, VERIFIER_DIR, ESBUILD, PACK_TOOL, STAGE_DIR, OUTPUT.

# Every language of the list has its loader in web/js/i18n.js, or the bundle
# would lack its catalogue.
file(READ "${WEB_DIR}/i18n/languages.js" languages_text)
string(REGEX MATCH "export default \\[([^]]*)\\]" _ "${languages_text}")
string(REGEX MATCHALL "[a-z]+" languages "${CMAKE_MATCH_1}")
file(READ "${WEB_DIR}/js/i18n.js" loader)
foreach(lang IN LISTS languages)
  string(FIND "${loader}" "${lang}: () => import(\"../i18n/${lang}.js\")," found)
  if(found EQUAL -1)
    message(FATAL_ERROR "web/js/i18n.js has no loader for \"${lang}\" of web/i18n/languages.js: "
                        "add `${lang}: () => import(\"../i18n/${lang}.js\"),` to its LOADERS")
  endif()
endforeach()

file(REMOVE_RECURSE "${STAGE_DIR}")
file(MAKE_DIRECTORY "${STAGE_DIR}")

function(run_esbuild)
  execute_process(COMMAND "${ESBUILD}" ${ARGN} --minify --charset=utf8 --log-level=warning --target=es2022
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "esbuild failed (${status})")
  endif()
endfunction()

# The scripts: app.js is the entry; each `import("../i18n/xx.js")` becomes a
# chunk of its own (--splitting). The verifier is the emscripten build's,
# loaded as it is when a deal is checked.
run_esbuild("${WEB_DIR}/js/app.js" --bundle --splitting --format=esm "--outdir=${STAGE_DIR}/js"
            "--entry-names=[name]-[hash]" "--chunk-names=[name]-[hash]" "--external:/verifier/spb_verifier.js")
run_esbuild("${WEB_DIR}/style.css" --bundle "--outdir=${STAGE_DIR}" "--entry-names=[name]-[hash]")
file(GLOB app_js RELATIVE "${STAGE_DIR}" "${STAGE_DIR}/js/app-*.js")
file(GLOB style_css RELATIVE "${STAGE_DIR}" "${STAGE_DIR}/style-*.css")

# A file copied into the stage under NAME-HASH.EXT; OUT_VAR gets its URL path.
function(stage_hashed source url_dir out_var)
  file(SHA256 "${source}" hash)
  string(SUBSTRING "${hash}" 0 12 hash)
  get_filename_component(stem "${source}" NAME_WE)
  get_filename_component(ext "${source}" LAST_EXT)
  file(MAKE_DIRECTORY "${STAGE_DIR}${url_dir}")
  configure_file("${source}" "${STAGE_DIR}${url_dir}/${stem}-${hash}${ext}" COPYONLY)
  set(${out_var} "${url_dir}/${stem}-${hash}${ext}" PARENT_SCOPE)
endfunction()

stage_hashed("${CARDS_JSON}" "" cards_url)

# The manifest names its icons by their hashed names.
file(READ "${WEB_DIR}/manifest.webmanifest" manifest)
file(GLOB icons "${WEB_DIR}/icons/*.png")
foreach(icon IN LISTS icons)
  get_filename_component(name "${icon}" NAME)
  stage_hashed("${icon}" "/icons" icon_url)
  string(REPLACE "\"/icons/${name}\"" "\"${icon_url}\"" manifest "${manifest}")
endforeach()
file(WRITE "${STAGE_DIR}/manifest.webmanifest" "${manifest}")
stage_hashed("${STAGE_DIR}/manifest.webmanifest" "" manifest_url)
file(REMOVE "${STAGE_DIR}/manifest.webmanifest")

# The shell: the same page as web/index.html, naming the hashed files.
file(READ "${WEB_DIR}/index.html" shell)
foreach(pair "/js/app.js=/${app_js}" "/style.css=/${style_css}" "/cards.json=${cards_url}"
             "/manifest.webmanifest=${manifest_url}")
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 from)
  list(GET pair 1 to)
  string(FIND "${shell}" "\"${from}\"" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "web/index.html does not name ${from}")
  endif()
  string(REPLACE "\"${from}\"" "\"${to}\"" shell "${shell}")
endforeach()
file(WRITE "${STAGE_DIR}/index.html" "${shell}")

# The list spb_pack_web reads: URL, file, caching.
set(list "/index.html\t${STAGE_DIR}/index.html\trevalidate\n")
file(GLOB_RECURSE hashed RELATIVE "${STAGE_DIR}" "${STAGE_DIR}/js/*" "${STAGE_DIR}/icons/*" "${STAGE_DIR}/*.css"
     "${STAGE_DIR}/*.json" "${STAGE_DIR}/*.webmanifest")
list(SORT hashed)
foreach(file IN LISTS hashed)
  string(APPEND list "/${file}\t${STAGE_DIR}/${file}\timmutable\n")
endforeach()
string(APPEND list "/sw.js\t${WEB_DIR}/sw.js\trevalidate\n")
string(APPEND list "/cards.json\t${CARDS_JSON}\trevalidate\n")
string(APPEND list "/verifier/spb_verifier.js\t${VERIFIER_DIR}/spb_verifier.js\trevalidate\n")
string(APPEND list "/verifier/spb_verifier.wasm\t${VERIFIER_DIR}/spb_verifier.wasm\trevalidate\n")
file(WRITE "${STAGE_DIR}/files.list" "${list}")

execute_process(COMMAND "${PACK_TOOL}" "${STAGE_DIR}/files.list" "${OUTPUT}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "spb_pack_web failed (${status})")
endif()
