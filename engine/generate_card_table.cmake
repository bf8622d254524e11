# Turns engine/data/cards.json into a C++ table at build time, so that the card
# numbers live in exactly one place and the engine needs no JSON parser.
#
# Inputs:  CARDS_JSON (path), OUTPUT (path of the .inc file to write)
# Each card becomes one CardSpec initializer, in the order of cards.json; the
# position is the card's CardId.

file(READ "${CARDS_JSON}" json)
file(SHA256 "${CARDS_JSON}" digest)
string(SUBSTRING "${digest}" 0 12 digest12)
string(JSON version GET "${json}" version)
string(JSON card_count LENGTH "${json}" cards)
math(EXPR last "${card_count} - 1")

# "czar_and_carpenter" -> "kCzarAndCarpenter"
function(to_enumerator value out)
  string(REPLACE "_" ";" parts "${value}")
  set(result "k")
  foreach(part IN LISTS parts)
    string(SUBSTRING "${part}" 0 1 head)
    string(TOUPPER "${head}" head)
    string(SUBSTRING "${part}" 1 -1 tail)
    string(APPEND result "${head}${tail}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(optional_enumerator value out)
  if(value STREQUAL "NOTFOUND" OR value STREQUAL "" OR value STREQUAL "null")
    set(${out} "kNone" PARENT_SCOPE)
  else()
    to_enumerator("${value}" e)
    set(${out} "${e}" PARENT_SCOPE)
  endif()
endfunction()

function(escape_cpp value out)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# First pass: ids to indexes, for "replaces".
foreach(i RANGE ${last})
  string(JSON id GET "${json}" cards ${i} id)
  set(index_of_${id} ${i})
endforeach()

set(body "")
foreach(i RANGE ${last})
  foreach(field id name deck color cost displace_value rubles points count expansion text)
    string(JSON ${field} GET "${json}" cards ${i} ${field})
  endforeach()
  foreach(field trading replaced_by_new_society)
    string(JSON ${field} GET "${json}" cards ${i} ${field})
    if(${field})
      set(${field} true)
    else()
      set(${field} false)
    endif()
  endforeach()
  foreach(field symbol displaces ability replaces)
    string(JSON type_of TYPE "${json}" cards ${i} ${field})
    if(type_of STREQUAL "NULL")
      set(${field} "")
    else()
      string(JSON ${field} GET "${json}" cards ${i} ${field})
    endif()
  endforeach()
  string(JSON extra GET "${json}" cards ${i} new_society_extra_copies)

  to_enumerator("${deck}" deck_e)
  to_enumerator("${color}" color_e)
  to_enumerator("${expansion}" expansion_e)
  optional_enumerator("${symbol}" symbol_e)
  optional_enumerator("${displaces}" displaces_e)
  optional_enumerator("${ability}" ability_e)
  if(replaces STREQUAL "")
    set(replaces_index "kNoCard")
  else()
    set(replaces_index "${index_of_${replaces}}")
  endif()
  escape_cpp("${name}" name)
  escape_cpp("${text}" text)
  string(APPEND body
    "    CardSpec{\"${id}\", \"${name}\", Deck::${deck_e}, Color::${color_e}, ${trading}, "
    "${cost}, ${displace_value}, ${rubles}, ${points}, ${count}, ${extra}, "
    "Symbol::${symbol_e}, Displaces::${displaces_e}, Expansion::${expansion_e}, "
    "${replaced_by_new_society}, ${replaces_index}, Ability::${ability_e}, \"${text}\"},\n")
endforeach()

set(bonus "")
string(JSON bonus_count LENGTH "${json}" aristocrat_bonus)
math(EXPR bonus_last "${bonus_count} - 1")
foreach(i RANGE ${bonus_last})
  string(JSON b GET "${json}" aristocrat_bonus ${i})
  string(APPEND bonus "${b}, ")
endforeach()
string(JSON above_ten GET "${json}" notes new_society_bonus_per_aristocrat_above_10)

set(content "// Generated from engine/data/cards.json by engine/generate_card_table.cmake. Do not edit.
#define SP_CARD_COUNT ${card_count}
#define SP_ARISTOCRAT_BONUS_COUNT ${bonus_count}
inline constexpr std::string_view kGeneratedCardSetVersion = \"cards-v${version}-${digest12}\";
inline constexpr std::array<int, ${bonus_count}> kGeneratedAristocratBonus = {${bonus}};
inline constexpr int kGeneratedBonusPerAristocratAboveTen = ${above_ten};
inline constexpr std::array<CardSpec, ${card_count}> kGeneratedCards = {
${body}};
")

# Rewrite only on change so that dependants are not rebuilt for nothing.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
