// A table as the lists show it (my tables, the lobby, the administrators'
// page): its players (who is to act, who is a robot, who is taken over), its
// options, its pace and the time left for the awaited move.
import { h } from "./dom.js";
import { formatDate, formatDuration, playerName, t, tn } from "./i18n.js";
import { botLabel, playerLink, ratingText, timeoutRateText } from "./profile.js";

export function optionsText(o) {
  const parts = [];
  parts.push(o.expansions.length ? o.expansions.map((e) => t(`expansion.${e}`)).join(" + ") : t("lobby.base_game"));
  if (!o.public_money) parts.push(t("lobby.secret_money"));
  if (!o.public_hands) parts.push(t("lobby.secret_hands"));
  if (!o.stack_peek) parts.push(t("lobby.no_peek"));
  if (!o.pass_until_phase_end) parts.push(t("lobby.no_pass_until"));
  if (!o.auto_pass_forced) parts.push(t("lobby.no_auto_pass"));
  if (o.pub_timing === "after_building_scoring") parts.push(t("lobby.pub_after_scoring"));
  return parts.join(t("list.separator"));
}

// "24 h a move; a robot takes over after 3 timeouts", with ", the other
// players decide about a late seat" where they vote (docs/correspondence.md),
// or "no time limit".
export function paceText(pace) {
  const bank = pace?.time_bank;
  if (!bank && (!pace || pace.move_deadline_hours === null || pace.move_deadline_hours === undefined)) return t("pace.none");
  const hours = pace.move_deadline_hours;
  const per = bank
    ? t("pace.bank", { initial: hoursText(bank.initial_hours), increment: hoursText(bank.increment_hours), cap: hoursText(bank.cap_hours) })
    : hours % 24 === 0 ? tn("pace.days", hours / 24) : tn("pace.hours", hours);
  const after = pace.takeover_after === null
    ? t("pace.never_taken_over")
    : tn(pace.takeover_by === "absent" ? "pace.takeover_absent" : "pace.takeover_robot", pace.takeover_after);
  const parts = [t("pace.join", { per, after })];
  if (pace.timeout_vote) parts.push(t("pace.timeout_vote"));
  if (pace.floating_vacation === false) parts.push(t("pace.no_floating"));
  return parts.join(t("list.separator"));
}

function hoursText(hours) {
  return formatDuration(hours * 3600);
}

// Each seat's clock (docs/correspondence.md "Pace"), seat to its words:
// "2 d 3 h", the running one's "2 d 3 h, running", a paused one's "2 d 3 h,
// paused"; none for a robot's own seat; empty on a table without a clock. The running seat's time is
// read from the deadline, which counts its player's off time.
export function seatClocks(table, now = Date.now() / 1000) {
  const clocks = new Map();
  if (!table?.clocks || table.status !== "playing") return clocks;
  // A robot's own seat spends no time: it shows none.
  const robots = new Set((table.seats || []).filter((s) => s.robot).map((s) => s.seat));
  table.clocks.left.forEach((left, seat) => { if (!robots.has(seat)) clocks.set(seat, formatDuration(left)); });
  const waited = table.to_act?.[0];
  if (table.clocks.running !== null && table.deadline_at !== null && table.deadline_at !== undefined) {
    clocks.set(table.clocks.running, t("clock.running", { time: formatDuration(table.deadline_at - now) }));
  } else if (waited !== undefined && table.deadline_paused_left !== null && table.deadline_paused_left !== undefined) {
    clocks.set(waited, t("clock.paused", { time: formatDuration(table.deadline_paused_left) }));
  }
  return clocks;
}

// Each seat's player's off time as the table last read it (its clocks'
// `off`): "resting until ..." while their night or day off runs, "resting
// from ..." before the next; nothing for a seat without off time, nor once
// the moment it named has passed (the next update says what follows).
export function seatOffTimes(table, now = Date.now() / 1000) {
  const rests = new Map();
  if (!table?.clocks?.off || table.status !== "playing") return rests;
  table.clocks.off.forEach((off, seat) => {
    if (!off || off.change_at === null || off.change_at <= now) return;
    rests.set(seat, t(off.now ? "clock.off_now" : "clock.off_next", { at: formatDate(off.change_at) }));
  });
  return rests;
}

// The time left for the awaited move: "3 h 20 min left", "paused: 2 d 1 h
// left", or null when no deadline runs.
export function timeLeftText(table, now = Date.now() / 1000) {
  if (table.deadline_at !== null && table.deadline_at !== undefined) {
    const left = table.deadline_at - now;
    return left > 0 ? t("deadline.left", { time: formatDuration(left) }) : t("deadline.passed");
  }
  if (table.deadline_paused_left !== null && table.deadline_paused_left !== undefined) {
    return t("deadline.paused", { time: formatDuration(table.deadline_paused_left) });
  }
  return null;
}

// Less than a fifth of the move's time left, or under two hours.
export function isUrgent(table, now = Date.now() / 1000) {
  if (table.deadline_at === null || table.deadline_at === undefined) return false;
  const left = table.deadline_at - now;
  const whole = (table.pace?.move_deadline_hours || 0) * 3600;
  return left < 7200 || (whole > 0 && left < whole / 5);
}

// Who plays a seat, in a word, when it is not its player: "robot, level 2,
// rating 14.3", "a robot plays for now, level 2, rating 14.3", "absent".
// The level and its rating come with a seat a robot plays (docs/robot.md).
export function controllerText(seat) {
  const level = seat.robot_level === undefined ? null
    : t("seat.robot_level", { level: seat.robot_level, rating: ratingText(seat.robot_rating ?? 0) });
  if (seat.robot) return level ? `${t("seat.robot")}, ${level}` : t("seat.robot");
  if (seat.controller === "robot") return level ? `${t("seat.robot_plays")}, ${level}` : t("seat.robot_plays");
  if (seat.controller === "absent") return t("seat.absent");
  return null;
}

// What a table asks of its players (docs/ratings.md): "rated · rating 5.0 or
// more · timeouts 5.0% or less"; null when it asks nothing.
export function termsText(table) {
  const parts = [];
  if (table.rated) parts.push(t("terms.rated"));
  if (table.min_rating !== undefined) parts.push(t("terms.min_rating", { rating: ratingText(table.min_rating) }));
  if (table.max_timeout_rate !== undefined) parts.push(t("terms.max_timeout_rate", { rate: timeoutRateText(table.max_timeout_rate) }));
  if (table.bots_allowed) parts.push(t("terms.bots_allowed"));
  return parts.length ? parts.join(t("list.separator")) : null;
}

// The players (each linked to their profile, with their rating where the
// listing gives it), the one(s) to act marked with an arrow and in words.
export function seatsElement(table, me = null) {
  const toAct = new Set(table.status === "playing" ? table.to_act : []);
  const items = table.seats.map((s) => {
    const who = controllerText(s);
    return h("li", { class: `seat${toAct.has(s.seat) ? " to-act" : ""}${s.robot || s.controller !== "human" && s.controller ? " robot" : ""}` },
      toAct.has(s.seat) ? h("span", { class: "to-act-mark", "aria-label": t("seat.to_act") }, "▶ ") : null,
      s.robot ? playerName(s.name) : playerLink(s.name, s.standing, { strong: s.name === me }),
      s.bot ? [" ", botLabel()] : null,
      who ? h("span", { class: "seat-note" }, ` (${who})`) : null);
  });
  const open = table.players - table.seats.length;
  return h("ul", { class: "seats" }, items,
    open > 0 && table.status === "open" ? h("li", { class: "seat free" }, tn("lobby.free_seats", open)) : null);
}
