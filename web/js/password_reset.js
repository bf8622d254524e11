// The forgotten password, with no login: the form that asks the server to
// mail a link (request_password_reset; on the login screen, and again on the
// link's page when the link no longer works), and the link's page
// (#/reset/TOKEN) where a new password is chosen (reset_password), which
// logs this browser in and ends the account's other sessions.
import { h, replace } from "./dom.js";
import { errorText, formatDuration, language, t } from "./i18n.js";

// A refusal in the reader's words; the throttle's wait from the server's
// sentence ("... in 120 s") where it gives one.
function forgotErrorText(error) {
  const seconds = String(error?.message || "").match(/(\d+) s\b/)?.[1];
  if (error?.code === "rate_limited" && seconds !== undefined) return t("forgot.rate_limited", { wait: formatDuration(Number(seconds)) });
  return errorText(error);
}

// The form that asks for a link: an email address, the same sentence for any
// address (role=status), a refusal (role=alert). Folded until open() is
// called, which shows it and puts the keyboard in its address field.
export class ForgotForm {
  constructor(connection, id = "forgot") {
    this.connection = connection;
    this.address = h("input", { type: "email", name: "address", id: `${id}-address`, required: true, maxlength: "254", autocomplete: "email" });
    this.button = h("button", { type: "submit", class: "primary" }, t("forgot.submit"));
    this.outcome = h("p", { class: "outcome", role: "status" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.element = h("form", { class: "panel account forgot", id, hidden: true, "aria-labelledby": `${id}-title`, onsubmit: (e) => {
      e.preventDefault();
      this.submit();
    } },
    h("h2", { id: `${id}-title` }, t("forgot.title")),
    h("p", { class: "explain" }, t("forgot.explain")),
    h("label", { for: `${id}-address` }, t("forgot.address")), this.address,
    this.button, this.outcome, this.message);
  }

  get isOpen() {
    return !this.element.hidden;
  }

  open() {
    this.element.hidden = false;
    this.address.focus();
  }

  close() {
    this.element.hidden = true;
  }

  async submit() {
    this.outcome.textContent = "";
    this.message.textContent = "";
    this.button.disabled = true;
    try {
      await this.connection.request("request_password_reset", { address: this.address.value.trim(), language: language() });
      // One sentence whether or not an account confirmed the address: the
      // page never tells whether an address is known.
      this.outcome.textContent = t("forgot.sent");
    } catch (error) {
      this.message.textContent = forgotErrorText(error);
    } finally {
      this.button.disabled = false;
    }
  }
}

// A button that shows and hides a ForgotForm (aria-expanded says which).
export function forgotToggle(form, label) {
  const button = h("button", { type: "button", class: "link forgot-toggle", "aria-expanded": "false", "aria-controls": form.element.id, onclick: () => {
    if (form.isOpen) form.close();
    else form.open();
    button.setAttribute("aria-expanded", String(form.isOpen));
  } }, label);
  return button;
}

const TOKEN = /^[0-9a-f]{64}$/;

// #/reset/TOKEN: the new password twice (compared here), sent with the
// link's token. On success the session opens and `done(sentence)` takes the
// page home with that sentence; a link that no longer works (unknown, used,
// more than an hour old, or cut short by a mail reader) says so and offers
// the form that asks for a new one.
export class PasswordResetPage {
  constructor(connection, session, token, { done, setTitle }) {
    this.connection = connection;
    this.session = session;
    this.token = token.toLowerCase();
    this.done = done;
    this.setTitle = setTitle;
    // The session opened here is this page's doing: it goes home itself (app.js).
    this.handlesSessionChange = true;
    this.fresh = h("input", { type: "password", name: "new_password", id: "reset-password", required: true, minlength: "8", maxlength: "256", autocomplete: "new-password" });
    this.again = h("input", { type: "password", name: "again", id: "reset-again", required: true, minlength: "8", maxlength: "256", autocomplete: "new-password" });
    this.button = h("button", { type: "submit", class: "primary" }, t("reset.submit"));
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div", { class: "reset-body" });
    this.element = h("div", { class: "password-reset" }, h("h1", { id: "reset-title" }, t("reset.title")), this.body);
    this.showForm();
  }

  async start() {
    this.setTitle(t("reset.title"));
    if (!TOKEN.test(this.token)) this.showInvalid();
  }

  stop() {}

  showForm() {
    const form = h("form", { class: "panel account reset-form", id: "reset", "aria-labelledby": "reset-title", onsubmit: (e) => {
      e.preventDefault();
      this.submit();
    } },
    h("p", { class: "explain" }, t("reset.explain")),
    h("label", { for: "reset-password" }, t("password.new")), this.fresh,
    h("label", { for: "reset-again" }, t("password.again")), this.again,
    this.button, this.message);
    replace(this.body, form);
  }

  // The link no longer works: the sentence, and the way to a new link.
  showInvalid() {
    const forgot = new ForgotForm(this.connection, "reset-forgot");
    replace(this.body,
      h("p", { class: "refusal invalid-link", role: "alert" }, t("reset.invalid_link")),
      h("p", {}, forgotToggle(forgot, t("reset.ask_again"))),
      forgot.element);
  }

  async submit() {
    this.message.textContent = "";
    if (this.fresh.value !== this.again.value) {
      this.message.textContent = t("password.mismatch");
      this.again.focus();
      return;
    }
    this.button.disabled = true;
    try {
      await this.session.resetPassword(this.token, this.fresh.value);
      this.done(t("reset.done"));
    } catch (error) {
      this.button.disabled = false;
      if (error?.code === "invalid_token") this.showInvalid();
      else this.message.textContent = errorText(error);
    }
  }
}
