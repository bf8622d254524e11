// The page's entry point: the connection, the session, the inbox, the
// language, the administrator's login, and the screens by the address's
// fragment: #/ (my tables, or the login form), #/lobby, #/notifications,
// #/account, #/table/N, #/replay/N, #/deal/N, #/admin, #/admin/table/N,
// #/join/N/CODE (a private table's link), #/profile/NAME (a player's profile),
// #/tournaments (the tournaments, and the form that creates one),
// #/tournament/N (one tournament), #/results/N (its results checked),
// #/leagues (the leagues, and the form that creates one), #/league/N (one league),
// #/reset/TOKEN (a forgotten password's link, mailed by the login screen's form).
import { loadCards } from "./cards.js";
import { installCardTips } from "./card_tips.js";
import { Connection } from "./connection.js";
import { h, replace } from "./dom.js";
import { errorText, language, languages, onLanguageChange, setLanguage, t, tn } from "./i18n.js";
import { AccountPage } from "./account.js";
import { DealCheckPage } from "./fair_deal.js";
import { TournamentCheckPage } from "./tournament_check.js";
import { Administrator, AdminPage, AdminTablePage } from "./admin.js";
import { Home } from "./home.js";
import { Inbox } from "./inbox.js";
import { JoinPage } from "./join_page.js";
import { LeagueList } from "./league_list.js";
import { LeaguePage } from "./league_page.js";
import { Lobby } from "./lobby.js";
import { loginScreen } from "./login_screen.js";
import { NotificationsPage } from "./notifications.js";
import { PasswordResetPage } from "./password_reset.js";
import { ProfilePage } from "./profile.js";
import { ReplayPage } from "./replay.js";
import { RulesPage } from "./rules_page.js";
import { Session } from "./session.js";
import { TablePage } from "./table_page.js";
import { TournamentList } from "./tournament_list.js";
import { TournamentPage } from "./tournament_page.js";

const main = document.getElementById("main");
const nav = document.getElementById("nav");
const connectionStatus = document.getElementById("connection");
const languageChoice = document.getElementById("language");
const rulesLink = document.getElementById("rules-link");
const connection = new Connection();
const session = new Session(connection);
const inbox = new Inbox(connection, session);
const admin = new Administrator(connection);
let screen = null;
let firstConnection = true;

function showConnection() {
  connectionStatus.textContent = t(`connection.${connection.status}`);
  connectionStatus.className = `connection ${connection.status}`;
}

// The skip links: to the content, and to what the screen offers besides
// (the table page's board: screen.skipTo, {target, label}). The address's
// fragment is the router's, so a skip link moves the focus itself.
const skips = document.getElementById("skips");
function renderSkips() {
  const link = (target, label) => h("a", { class: "skip", href: `#${target}`, onclick: (e) => {
    e.preventDefault();
    document.getElementById(target)?.focus();
  } }, label);
  replace(skips, link("main", t("app.skip")), screen?.skipTo ? link(screen.skipTo.target, screen.skipTo.label) : null);
}

// The words that index.html holds before any module runs, and the switch.
function renderFrame() {
  renderSkips();
  document.querySelector(".brand").textContent = t("app.title");
  rulesLink.textContent = t("rules.link");
  nav.setAttribute("aria-label", t("nav.account_label"));
  const loading = main.querySelector(".loading");
  if (loading) loading.textContent = t("app.loading");
  replace(languageChoice,
    h("label", { for: "language-select", class: "visually-hidden" }, t("nav.language")),
    h("select", { id: "language-select", onchange: (e) => setLanguage(e.target.value) },
      languages().map(({ code, name }) => h("option", { value: code, lang: code, selected: code === language() }, name))));
  showConnection();
}

onLanguageChange(() => {
  renderFrame();
  if (!firstConnection) route();
});

connection.addEventListener("status", (e) => {
  showConnection();
  if (e.detail === "online" && firstConnection) {
    firstConnection = false;
    route();
  }
});
// A screen that opens the session itself (the password reset's) goes on by itself.
session.addEventListener("change", () => {
  if (firstConnection) return;
  if (screen?.handlesSessionChange) renderNav();
  else route();
});
// Before the first connection the page waits; it then shows the address's screen.
window.addEventListener("hashchange", () => {
  if (!firstConnection) route();
});

// The header: my tables with the count awaiting my move, the lobby, the
// notifications with the unread count, my account; both counts come from the
// inbox, which pushes keep current.
function renderNav() {
  const here = location.hash || "#/";
  if (here.startsWith("#/rules")) rulesLink.setAttribute("aria-current", "page");
  else rulesLink.removeAttribute("aria-current");
  document.title = `${session.loggedIn && inbox.awaiting ? `(${inbox.awaiting}) ` : ""}${screenTitle || t("app.title")}`;
  const adminLink = admin.loggedIn ? h("a", { href: "#/admin", id: "nav-admin", "aria-current": here.startsWith("#/admin") ? "page" : null }, t("nav.admin")) : null;
  if (!session.loggedIn) return replace(nav, adminLink);
  const link = (href, label, count, countLabel, id, current = here === href) => h("a", { href, id, "aria-current": current ? "page" : null }, label,
    count ? h("span", { class: "count hot", "aria-label": countLabel }, count) : null);
  replace(nav,
    link("#/", t("nav.my_tables"), inbox.awaiting, tn("nav.awaiting_label", inbox.awaiting), "nav-my-tables"),
    link("#/lobby", t("nav.lobby"), 0, null, "nav-lobby"),
    link("#/tournaments", t("nav.tournaments"), 0, null, "nav-tournaments", here.startsWith("#/tournament")),
    link("#/leagues", t("nav.leagues"), 0, null, "nav-leagues", here.startsWith("#/league")),
    link("#/notifications", t("nav.notifications"), inbox.unread, tn("nav.unread_label", inbox.unread), "nav-notifications"),
    link("#/account", session.user.name, 0, null, "nav-account"),
    adminLink,
    h("button", { type: "button", class: "link nav-log-out", onclick: () => session.logout().catch(() => {}) }, t("nav.log_out")));
}

// A screen names itself in the window's title (the count awaiting me before it).
let screenTitle = null;
function setScreenTitle(title) {
  screenTitle = title;
  renderNav();
}

inbox.addEventListener("change", renderNav);
admin.addEventListener("change", renderNav);

const SCREENS = {
  "": () => new Home(connection, session, inbox),
  lobby: () => new Lobby(connection, session, inbox),
  notifications: () => new NotificationsPage(inbox),
  account: () => new AccountPage(connection, session),
  rules: () => new RulesPage(),
  tournaments: () => new TournamentList(connection, session),
  leagues: () => new LeagueList(connection, session),
};

async function route() {
  screen?.stop();
  screen = null;
  screenTitle = null;
  renderNav();
  const [, kind, id] = location.hash.match(/^#\/(table|replay|deal|admin\/table|tournament|league|results)\/(\d+)/) || [];
  const page = (location.hash.match(/^#\/([a-z]*)$/) || [, ""])[1];
  const [, profileName] = location.hash.match(/^#\/profile\/([^/]+)$/) || [];
  const [, rulesCard] = location.hash.match(/^#\/rules\/([a-z0-9_]+)$/) || [];
  const [, resetToken] = location.hash.match(/^#\/reset\/([^/]*)$/) || [];
  // A replay, a deal's or results' check, a profile, the rules, the tournaments, the leagues,
  // a password's reset and the administrators' pages need no player's login.
  const open = kind === "replay" || kind === "deal" || kind === "results" || kind === "admin/table" || kind === "tournament" || kind === "league"
    || page === "admin" || page === "rules" || page === "tournaments" || page === "leagues" || rulesCard || profileName || resetToken !== undefined;
  if (!session.loggedIn && !open) return show(loginScreen(connection, session));
  const [, joinId, joinCode] = location.hash.match(/^#\/join\/(\d+)\/([A-Za-z0-9]+)$/) || [];
  if (joinId) screen = new JoinPage(connection, Number(joinId), joinCode);
  else if (resetToken !== undefined) screen = new PasswordResetPage(connection, session, resetToken, { done: goHome, setTitle: setScreenTitle });
  else if (profileName) screen = new ProfilePage(connection, decodeURIComponent(profileName));
  else if (rulesCard) screen = new RulesPage(rulesCard);
  else if (kind === "table") screen = new TablePage(connection, Number(id), { inbox, session, setTitle: setScreenTitle });
  else if (kind === "replay") screen = new ReplayPage(connection, Number(id));
  else if (kind === "deal") screen = new DealCheckPage(connection, Number(id));
  else if (kind === "results") screen = new TournamentCheckPage(connection, Number(id));
  else if (kind === "tournament") screen = new TournamentPage(connection, session, Number(id), { setTitle: setScreenTitle });
  else if (kind === "league") screen = new LeaguePage(connection, session, Number(id), { setTitle: setScreenTitle });
  else if (kind === "admin/table") screen = new AdminTablePage(connection, admin, Number(id));
  else if (page === "admin") screen = new AdminPage(connection, admin);
  else screen = (SCREENS[page] || SCREENS[""])();
  const current = screen;
  renderSkips();
  show(current.element);
  try {
    await current.start();
  } catch (error) {
    if (current === screen) main.append(h("p", { class: "refusal", role: "alert" }, errorText(error)));
  }
}

// A sentence for the next screen shown (a password reset's): a status above
// it, filled a moment after it is drawn, since a screen reader reads a live
// region's changes only once the region exists.
let notice = null;
function goHome(sentence) {
  notice = sentence;
  // The used link leaves the history too.
  location.replace("#/");
}

function show(element) {
  let status = null;
  if (notice) {
    const sentence = notice;
    notice = null;
    status = h("p", { class: "notice", role: "status", id: "notice" });
    setTimeout(() => { status.textContent = sentence; }, 100);
  }
  replace(main, status, element);
}

renderFrame();
installCardTips();
loadCards()
  .then(() => connection.start())
  .catch((error) => replace(main, h("p", { class: "refusal", role: "alert" }, error.message)));
