// The account page: vacation (declare it for some days, end it early, the
// days left this year, floating days), off time (off_time_settings.js), email notices (email_settings.js), notifications on
// this device (Web Push), the webhook that receives my notifications (set,
// with its signing secret shown once; test, remove), the password, and
// logging out on every device.
import { h, replace } from "./dom.js";
import { EmailSettings } from "./email_settings.js";
import { OffTimeSettings } from "./off_time_settings.js";
import { errorText, formatDate, t, tn } from "./i18n.js";
import { currentSubscription, pushOffered, PushUnavailable, turnOffPush, turnOnPush } from "./push.js";

// The server tells the address back when it is set or tested; this browser
// keeps the last one it heard, to show it.
const WEBHOOK_KEY = "spb.webhook";

function section(id, title, ...content) {
  return h("section", { class: "panel account-section", id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title), ...content);
}

function outcomeElement() {
  return h("p", { class: "outcome", role: "status" });
}

// A form whose outcome shows under it, or in the outcome element given (for
// a form that its own success replaces): a refusal in red, a success in
// words. onsubmit(elements, submitter) returns the sentence of the success.
function form(className, onsubmit, fields, shared = null) {
  const outcome = shared || outcomeElement();
  const element = h("form", { class: className, onsubmit: async (e) => {
    e.preventDefault();
    outcome.textContent = "";
    outcome.classList.remove("refusal");
    try {
      outcome.textContent = await onsubmit(element.elements, e.submitter);
    } catch (error) {
      outcome.textContent = errorText(error);
      outcome.classList.add("refusal");
    }
  } }, fields, shared ? null : outcome);
  return element;
}

export class AccountPage {
  constructor(connection, session) {
    this.connection = connection;
    this.session = session;
    this.vacationState = h("div", { class: "vacation-state" });
    this.floatingState = h("div", { class: "floating-vacation" });
    this.floatingOutcome = outcomeElement();
    this.vacationOutcome = outcomeElement();
    this.webhookKey = `${WEBHOOK_KEY}.${session.user.id}`;
    this.webhookState = h("p", { class: "webhook-state" });
    this.email = new EmailSettings(connection);
    this.offTime = new OffTimeSettings(connection);
    this.webhookSecret = h("div", { class: "webhook-secret" });
    this.pushState = h("p", { class: "push-state" });
    this.element = h("div", { class: "account-page" },
      h("h1", {}, t("account.title", { name: session.user.name })),
      section("vacation", t("vacation.title"), h("p", { class: "explain" }, t("vacation.explain")), this.vacationState, this.vacationOutcome, this.floatingState, this.floatingOutcome),
      section("off-time", t("off_time.title"), this.offTime.element),
      section("email", t("email.title"), this.email.element),
      section("push", t("push.title"), h("p", { class: "explain" }, t("push.explain")), this.pushState, this.pushForm()),
      section("webhook", t("webhook.title"), h("p", { class: "explain" }, t("webhook.explain")), this.webhookState, this.webhookForm(), this.webhookSecret),
      section("password", t("password.title"), this.passwordForm()),
      section("sessions", t("sessions.title"), h("p", { class: "explain" }, t("sessions.explain")), this.everywhereForm()),
      section("my-data", t("data.title"), h("p", { class: "explain" }, t("data.explain")), this.exportForm()),
      section("bot", t("bot.title"), h("p", { class: "explain" }, t("bot.become_explain")), this.botForm()));
  }

  async start() {
    this.showWebhook(localStorage.getItem(this.webhookKey));
    await this.showPush();
    this.showVacation(await this.connection.request("vacation"));
    const settings = await this.connection.request("notice_settings");
    this.showFloating(settings);
    this.offTime.show(settings);
    await this.email.start();
  }

  stop() {}

  showVacation(data) {
    const { vacation, allowance } = data;
    const left = h("p", { class: "allowance" }, t("vacation.allowance", {
      left: allowance.left, used: allowance.used, total: allowance.days_per_year }));
    if (vacation) {
      replace(this.vacationState,
        h("p", { class: "on-vacation" }, t(vacation.floating ? "vacation.floating_day" : "vacation.on", { until: formatDate(vacation.ends_at) })), left,
        form("end-vacation", async () => {
          this.showVacation(await this.connection.request("end_vacation"));
          return t("vacation.ended");
        }, [h("button", { type: "submit" }, t("vacation.end"))], this.vacationOutcome));
      return;
    }
    const days = h("input", { type: "number", name: "days", min: "1", max: String(Math.max(1, allowance.left)), value: String(Math.min(7, Math.max(1, allowance.left))), required: true });
    replace(this.vacationState,
      h("p", {}, t("vacation.off")), left,
      allowance.left > 0
        ? form("set-vacation", async (f) => {
          this.showVacation(await this.connection.request("set_vacation", { days: Number(f.days.value) }));
          return t("vacation.started");
        }, [h("label", {}, t("vacation.days"), " ", days), " ", h("button", { type: "submit", class: "primary" }, t("vacation.start"))], this.vacationOutcome)
        : null);
  }

  // Floating vacation (docs/correspondence.md): a notice setting, shown with
  // the vacation it spends.
  showFloating(settings) {
    const box = h("input", { type: "checkbox", name: "floating", checked: settings.floating_vacation });
    replace(this.floatingState, form("floating-form", async (f) => {
      const reply = await this.connection.request("set_notice_settings", { floating_vacation: f.floating.checked });
      this.showFloating(reply);
      return t(reply.floating_vacation ? "vacation.floating_on" : "vacation.floating_off");
    }, [h("label", { class: "check" }, box, " ", t("vacation.floating")), " ",
      h("button", { type: "submit", class: "save-floating" }, t("vacation.floating_save"))], this.floatingOutcome));
  }

  showWebhook(url, fromServer = false) {
    if (fromServer) this.webhookState.textContent = url ? t("webhook.server_sends", { url }) : t("webhook.server_none");
    else this.webhookState.textContent = url ? t("webhook.current", { url }) : t("webhook.none");
  }

  remember(url) {
    if (url) localStorage.setItem(this.webhookKey, url);
    else localStorage.removeItem(this.webhookKey);
  }

  async showPush() {
    if (!pushOffered()) {
      this.pushState.textContent = t("push.unsupported");
      return;
    }
    const subscription = await currentSubscription().catch(() => null);
    this.pushState.textContent = subscription ? t("push.on") : t("push.off");
  }

  pushForm() {
    const fail = (error) => {
      if (error instanceof PushUnavailable) throw new Error(t(error.key, { reason: error.detail }));
      throw error;
    };
    return form("push-form", async (f, submitter) => {
      if (submitter?.classList.contains("push-off")) {
        await turnOffPush(this.connection).catch(fail);
        await this.showPush();
        return t("push.turned_off");
      }
      await turnOnPush(this.connection).catch(fail);
      await this.showPush();
      return t("push.turned_on");
    }, [
      h("button", { type: "submit", class: "primary push-on" }, t("push.turn_on")), " ",
      h("button", { type: "submit", class: "push-off" }, t("push.turn_off"))]);
  }

  // The secret is shown once, when the webhook is set: the server never
  // tells it again (docs/notifications-push-webhooks.md).
  showSecret(secret) {
    if (!secret) {
      replace(this.webhookSecret);
      return;
    }
    replace(this.webhookSecret,
      h("p", {}, t("webhook.secret")),
      h("p", {}, h("code", { class: "secret" }, secret)));
  }

  webhookForm() {
    const url = h("input", { type: "url", name: "url", placeholder: "https://", maxlength: "500", "aria-label": t("webhook.address") });
    const save = async (value) => {
      const data = await this.connection.request("set_webhook", { url: value });
      this.remember(data.webhook_url);
      this.showWebhook(data.webhook_url);
      this.showSecret(data.secret);
      return data.webhook_url ? t("webhook.saved") : t("webhook.removed");
    };
    // A test notification goes the whole way: stored, pushed here, posted to the address.
    const test = async () => {
      const data = await this.connection.request("test_webhook");
      this.remember(data.webhook_url);
      this.showWebhook(data.webhook_url, true);
      return data.webhook_url ? t("webhook.tested", { url: data.webhook_url }) : t("webhook.nothing_to_test");
    };
    return form("webhook-form", (f, submitter) => {
      if (submitter?.classList.contains("test-webhook")) return test();
      return save(submitter?.classList.contains("remove-webhook") ? null : f.url.value.trim());
    }, [
      h("label", {}, t("webhook.address"), " ", url), " ",
      h("button", { type: "submit", class: "primary save-webhook" }, t("webhook.save")), " ",
      h("button", { type: "submit", class: "test-webhook", formnovalidate: true }, t("webhook.test")), " ",
      h("button", { type: "submit", class: "remove-webhook", formnovalidate: true }, t("webhook.remove"))]);
  }

  passwordForm() {
    const old = h("input", { type: "password", name: "old_password", required: true, autocomplete: "current-password", id: "old-password" });
    const fresh = h("input", { type: "password", name: "new_password", required: true, minlength: "8", autocomplete: "new-password", id: "new-password" });
    const again = h("input", { type: "password", name: "again", required: true, minlength: "8", autocomplete: "new-password", id: "new-password-again" });
    return form("password-form", async (f) => {
      if (f.new_password.value !== f.again.value) throw new Error(t("password.mismatch"));
      try {
        await this.connection.request("change_password", { old_password: f.old_password.value, new_password: f.new_password.value });
      } catch (error) {
        if (error.code === "bad_credentials") throw new Error(t("password.wrong_old"));
        throw error;
      }
      for (const input of [old, fresh, again]) input.value = "";
      return t("password.changed");
    }, [
      h("label", { for: "old-password" }, t("password.old")), old,
      h("label", { for: "new-password" }, t("password.new")), fresh,
      h("label", { for: "new-password-again" }, t("password.again")), again,
      h("button", { type: "submit", class: "primary" }, t("password.submit"))]);
  }

  // For good (docs/bots.md): the server refuses an account that ever sat at a table.
  botForm() {
    return form("bot-form", async () => {
      if (!confirm(t("bot.become_confirm"))) return "";
      await this.connection.request("become_bot");
      return t("bot.became");
    }, [h("button", { type: "submit", class: "danger" }, t("bot.become"))]);
  }

  // Logging out here (the header's button, which a phone's nav bar leaves
  // out for room) or everywhere.
  // The player's own data (export_account, docs/records.md "Account
  // export"), saved as a file the browser downloads.
  exportForm() {
    return form("export-form", async () => {
      const data = await this.connection.request("export_account");
      const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: `spb-${data.account.name}-${new Date(data.exported_at * 1000).toISOString().slice(0, 10)}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      return tn("data.downloaded", data.games.length);
    }, [h("button", { type: "submit", class: "download-data" }, t("data.download"))]);
  }

  everywhereForm() {
    return form("everywhere-form", async () => {
      await this.connection.request("logout_everywhere");
      await this.session.forget();
      return "";
    }, [h("button", { type: "button", class: "log-out-here", onclick: () => this.session.logout().catch(() => {}) }, t("nav.log_out")),
      h("button", { type: "submit" }, t("sessions.everywhere"))]);
  }
}
