// Text one player writes and others read in their notices and emails (a
// table's name, an administrator's reason): nothing in it may act on how the
// rest is shown. Control characters (C0, DEL, C1) and line or paragraph
// separators would start fake lines or paragraphs in a mail's plain text; an
// embedding, override or isolate left open (U+202A..U+202E, U+2066..U+2069)
// would reverse whatever follows it, in a subject or a sentence about the
// table. Balanced pairs stay allowed: right-to-left names need them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sp::protocol {

// Why `text` (valid UTF-8) cannot be shown to others, as a sentence a person
// understands; nothing when it can.
std::optional<std::string> unshowable(std::string_view text);

}  // namespace sp::protocol
