// The game's end: the final scoring broken down (points during the game,
// aristocrat bonus, money points, hand penalty, total, place) and a chart of
// every player's points and rubles over the rounds (from table_history), drawn
// with SVG, with the same figures in a table for screen readers.
import { h } from "./dom.js";
import { playerName, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c instanceof Node ? c : String(c));
  return el;
}

export function renderFinalScoring(view) {
  const names = view.players.map((p) => playerName(p.name));
  const rows = [...view.final.players].sort((a, b) => a.place - b.place);
  return h("section", { class: "panel final", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title" }, t("final.title")),
    h("p", { class: "winner" }, t("final.wins", { name: names[view.final.ranking[0]] })),
    h("div", { class: "table-scroll", tabindex: "0" },
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {},
          ["place", "player", "points", "aristocrat_bonus", "money_points", "hand_penalty", "total"].map((k) => h("th", { scope: "col" }, t(`final.${k}`))))),
        h("tbody", {}, rows.map((r) => h("tr", { dataset: { seat: r.seat } },
          h("td", {}, r.place), h("th", { scope: "row" }, names[r.seat]), h("td", {}, r.points),
          h("td", {}, r.aristocrat_bonus), h("td", {}, r.money_points), h("td", {}, r.hand_penalty),
          h("td", { class: "total" }, r.total)))))));
}

function lineChart(title, rounds, names, pick) {
  const width = 600, height = 220, left = 40, right = 10, top = 24, bottom = 28;
  const values = rounds.flatMap((r) => r.players.map(pick));
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const x = (i) => left + (rounds.length <= 1 ? 0 : (i * (width - left - right)) / (rounds.length - 1));
  const y = (v) => top + ((max - v) * (height - top - bottom)) / (max - min || 1);
  const caption = t("history.over_rounds", { what: title });
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": caption, class: "chart" },
    s("title", {}, caption),
    s("text", { x: left, y: 16, class: "chart-title" }, title));
  for (const tick of [min, Math.round((min + max) / 2), max]) {
    svg.append(s("line", { x1: left, x2: width - right, y1: y(tick), y2: y(tick), class: "grid" }),
      s("text", { x: left - 6, y: y(tick) + 4, class: "tick", "text-anchor": "end" }, tick));
  }
  rounds.forEach((r, i) => svg.append(s("text", { x: x(i), y: height - 8, class: "tick", "text-anchor": "middle" }, r.round)));
  names.forEach((name, seat) => {
    const points = rounds.map((r, i) => {
      const p = r.players.find((q) => q.seat === seat);
      return p ? `${x(i)},${y(pick(p))}` : null;
    }).filter(Boolean);
    svg.append(s("polyline", { points: points.join(" "), fill: "none", stroke: SEAT_COLOURS[seat], "stroke-width": 2.5, class: "series" }));
  });
  return svg;
}

export function renderHistory(history, names) {
  const rounds = history.rounds;
  const legend = h("ul", { class: "legend" }, names.map((n, seat) =>
    h("li", {}, h("span", { class: `swatch seat-${seat}` }), n)));
  const table = h("details", {}, h("summary", {}, t("history.figures")),
    h("div", { class: "table-scroll", tabindex: "0" }, h("table", { class: "history" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("history.round")), names.map((n) => h("th", { scope: "col" }, t("history.column", { name: n }))))),
      h("tbody", {}, rounds.map((r) => h("tr", {}, h("th", { scope: "row" }, r.round),
        names.map((_, seat) => {
          const p = r.players.find((q) => q.seat === seat);
          return h("td", {}, p ? `${p.points} / ${p.rubles}` : "");
        })))))));
  return h("section", { class: "panel history-chart", "aria-labelledby": "history-title" },
    h("h2", { id: "history-title" }, t("history.title")),
    legend,
    lineChart(t("history.points"), rounds, names, (p) => p.points),
    lineChart(t("history.rubles"), rounds, names, (p) => p.rubles),
    table);
}
