# Embeds schema/NNNN_*.sql into a C++ header so the server binary carries its
# migrations. Inputs: SCHEMA_DIR, OUTPUT.
file(GLOB migrations "${SCHEMA_DIR}/[0-9][0-9][0-9][0-9]_*.sql")
list(SORT migrations)
set(body "")
foreach(path IN LISTS migrations)
  get_filename_component(name "${path}" NAME)
  file(READ "${path}" sql)
  string(APPEND body "    Migration{\"${name}\", R\"spbsql(${sql})spbsql\"},\n")
endforeach()
set(content "// Generated from schema/*.sql by schema/embed_migrations.cmake. Do not edit.
inline constexpr Migration kMigrations[] = {
${body}};
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
