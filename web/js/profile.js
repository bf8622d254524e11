// A player's profile (#/profile/NAME, docs/ratings.md): the rating in each
// pool, its history as a chart drawn in inline SVG, games played and
// finished, the timeout rate and the average time per move; and the small
// pieces other pages use to link a name to its profile with its rating.
import { h, replace } from "./dom.js";
import { formatDate, formatDuration, formatNumber, formatPercent, t, tn } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const POOLS = ["two_player", "multiplayer"];
// Shown for a bot's account and for a person who played one (docs/bots.md).
const BOT_POOLS = ["bot_two_player", "bot_multiplayer"];
const CHART = { width: 640, height: 240, left: 44, right: 12, top: 12, bottom: 28 };

// A third-party bot's account (docs/bots.md), wherever its name is shown.
export function botLabel() {
  return h("span", { class: "bot-label", title: t("bot.explain") }, t("bot.label"));
}

export function profileHref(name) {
  return `#/profile/${encodeURIComponent(name)}`;
}

// "72.4%" ("72,4 %" in French), or a dash for a player who never owed a move.
export function timeoutRateText(rate) {
  return rate === null || rate === undefined ? "–" : formatPercent(rate);
}

export function ratingText(rating) {
  return formatNumber(Number(rating), 1);
}

// A seated person's name as a link to their profile, with their rating when
// the listing gave it (list_tables' standing).
export function playerLink(name, standing = null, { strong = false } = {}) {
  const label = strong ? h("strong", {}, name) : name;
  return [h("a", { href: profileHref(name), class: "player-link" }, label),
    standing ? h("span", { class: "standing", title: t("profile.standing_title", { timeouts: timeoutRateText(standing.timeout_rate) }) },
      ` ${t("profile.rating_short", { rating: ratingText(standing.rating) })}`) : null];
}

function svg(tag, attributes = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

// The displayed rating after each rated game of a pool, as a line over the
// games in order, starting from the rating before the first.
export function historyChart(games, title) {
  const values = [games[0].before, ...games.map((g) => g.after)];
  let low = Math.min(0, ...values);
  let high = Math.max(...values);
  if (high - low < 1) high = low + 1;
  const pad = (high - low) * 0.1;
  low -= pad;
  high += pad;
  const w = CHART.width - CHART.left - CHART.right;
  const hgt = CHART.height - CHART.top - CHART.bottom;
  const x = (i) => CHART.left + (values.length === 1 ? 0 : (i * w) / (values.length - 1));
  const y = (v) => CHART.top + ((high - v) * hgt) / (high - low);
  const ticks = [low + pad, (low + high) / 2, high - pad].map((v) => Math.round(v * 10) / 10);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: "img", "aria-label": title },
    svg("title", {}, document.createTextNode(title)),
    ...ticks.map((v) => svg("g", { class: "tick" },
      svg("line", { x1: CHART.left, x2: CHART.width - CHART.right, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
      svg("text", { x: CHART.left - 6, y: (y(v) + 4).toFixed(1), "text-anchor": "end" }, document.createTextNode(ratingText(v))))),
    svg("text", { class: "axis-label", x: CHART.left + w / 2, y: CHART.height - 6, "text-anchor": "middle" },
      document.createTextNode(t("profile.chart_axis"))),
    svg("polyline", { class: "rating-line", points, fill: "none" }),
    ...values.map((v, i) => svg("circle", { class: "rating-point", cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3 },
      svg("title", {}, document.createTextNode(i === 0 ? t("profile.start_point", { rating: ratingText(v) })
        : t("profile.game_point", { n: i, rating: ratingText(v), table: games[i - 1].table_name }))))));
}

export class ProfilePage {
  constructor(connection, name) {
    this.connection = connection;
    this.name = name;
    this.body = h("div", { class: "profile-body" }, h("p", { class: "loading" }, t("app.loading")));
    this.element = h("div", { class: "profile" }, h("h1", {}, t("profile.title", { name })), this.body);
  }

  async start() {
    const profile = await this.connection.request("profile", { name: this.name });
    this.render(profile);
  }

  stop() {}

  render(p) {
    const stat = (key, value, id) => [h("dt", {}, t(key)), h("dd", { dataset: { testid: id } }, value)];
    // Moves often take seconds: under a minute, say how many.
    const average = p.average_move_seconds === null ? "–"
      : p.average_move_seconds < 60 ? t("profile.seconds", { seconds: Math.round(p.average_move_seconds) })
        : formatDuration(p.average_move_seconds);
    replace(this.element.querySelector("h1"), t("profile.title", { name: p.name }), p.bot ? [" ", botLabel()] : null);
    const pools = POOLS.concat(BOT_POOLS.filter((pool) => p.ratings[pool]));
    replace(this.body,
      h("section", { class: "panel", "aria-labelledby": "ratings-title" },
        h("h2", { id: "ratings-title" }, t("profile.ratings")),
        h("div", { class: "table-scroll", tabindex: "0" }, h("table", { class: "ratings" },
          h("thead", {}, h("tr", {}, h("th", {}, t("profile.pool")), h("th", {}, t("profile.rating")), h("th", {}, t("profile.rated_games")), h("th", {}, t("profile.mu_sigma")))),
          h("tbody", {}, pools.map((pool) => {
            const r = p.ratings[pool];
            return h("tr", { dataset: { pool } },
              h("th", { scope: "row" }, t(`profile.pool_${pool}`)),
              h("td", { class: "rating", dataset: { testid: `rating-${pool}` } }, ratingText(r.rating)),
              h("td", {}, r.games),
              h("td", {}, `${formatNumber(r.mu, 2)} ± ${formatNumber(r.sigma, 2)}`));
          })))),
        h("p", { class: "explain" }, t("profile.rating_explain"))),
      h("section", { class: "panel", "aria-labelledby": "play-title" },
        h("h2", { id: "play-title" }, t("profile.play")),
        h("dl", { class: "stats" },
          stat("profile.games_played", p.games_played, "games-played"),
          stat("profile.games_finished", p.games_finished, "games-finished"),
          stat("profile.games_abandoned", p.games_abandoned, "games-abandoned"),
          stat("profile.timeout_rate", p.timeout_rate === null ? "–" : t("profile.timeout_rate_value", { rate: timeoutRateText(p.timeout_rate), timeouts: p.timeouts, due: p.moves_due }), "timeout-rate"),
          stat("profile.average_move", average, "average-move"))),
      h("section", { class: "panel", "aria-labelledby": "history-title" },
        h("h2", { id: "history-title" }, t("profile.history")),
        p.history.length ? this.history(p.history) : h("p", { class: "empty" }, t("profile.no_rated_games"))));
  }

  history(games) {
    const charts = POOLS.concat(BOT_POOLS).map((pool) => {
      const mine = games.filter((g) => g.pool === pool);
      if (!mine.length) return null;
      const title = t("profile.chart_title", { pool: t(`profile.pool_${pool}`) });
      return h("figure", { class: "chart", dataset: { pool } }, historyChart(mine, title), h("figcaption", {}, title));
    });
    // A phone scrolls the table sideways rather than the page.
    return [charts,
      h("div", { class: "table-scroll", tabindex: "0" }, h("table", { class: "rating-history" },
        h("thead", {}, h("tr", {}, ["profile.when", "profile.table", "profile.pool", "profile.place", "profile.change"].map((k) => h("th", {}, t(k))))),
        h("tbody", {}, [...games].reverse().map((g) => h("tr", {},
          h("td", {}, formatDate(g.finished_at)),
          h("td", {}, h("a", { href: `#/replay/${g.table}` }, g.table_name)),
          h("td", {}, t(`profile.pool_${g.pool}`)),
          h("td", {}, g.abandoned ? t("profile.place_abandoned", { place: g.place }) : tn("profile.place_of", g.players, { place: g.place })),
          h("td", { class: g.after >= g.before ? "up" : "down" }, `${ratingText(g.before)} → ${ratingText(g.after)}`))))))];
  }
}
