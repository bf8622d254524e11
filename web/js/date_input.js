// A datetime-local input's value and unix seconds, both ways, in the reader's
// time zone: the forms that set a competition's dates (tournament_form.js,
// league_form.js) ask in local time and send unix seconds.

// A datetime-local input's value for unix seconds.
export function localInput(seconds) {
  const d = new Date(seconds * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

// A datetime-local input's value as unix seconds; null when empty.
export function unixSeconds(value) {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
