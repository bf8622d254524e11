// The login screen, shown on every page that needs a player when nobody is
// logged in: logging in, registering, and under the login the forgotten
// password (password_reset.js), which asks for a link by email.
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { ForgotForm, forgotToggle } from "./password_reset.js";

export function loginScreen(connection, session) {
  const message = h("p", { class: "refusal", role: "alert" });
  const form = (title, id, submitText, action, autocomplete, ...more) => {
    const name = h("input", { type: "text", name: "name", required: true, autocomplete: "username", minlength: "3", maxlength: "24", id: `${id}-name` });
    const password = h("input", { type: "password", name: "password", required: true, autocomplete, minlength: "8", id: `${id}-password` });
    return h("form", { class: "panel account", id, "aria-labelledby": `${id}-title`, onsubmit: async (e) => {
      e.preventDefault();
      message.textContent = "";
      try {
        await action(name.value.trim(), password.value);
      } catch (error) {
        message.textContent = errorText(error, { name: name.value.trim() });
      }
    } },
    h("h2", { id: `${id}-title` }, title),
    h("label", { for: `${id}-name` }, t("login.name")), name,
    h("label", { for: `${id}-password` }, t("login.password")), password,
    h("button", { type: "submit", class: "primary" }, submitText),
    ...more);
  };
  const forgot = new ForgotForm(connection);
  return h("div", { class: "login" },
    h("h1", {}, t("app.title")),
    h("p", {}, t("app.tagline")),
    message,
    h("div", { class: "account-forms" },
      h("div", { class: "login-column" },
        form(t("login.title"), "login", t("login.submit"), (n, p) => session.login(n, p), "current-password",
          forgotToggle(forgot, t("forgot.open"))),
        forgot.element),
      form(t("login.new_player"), "register", t("login.register"), (n, p) => session.register(n, p), "new-password")));
}
