// The account page's email section: the address notices go to (confirmed by
// the link the server mails to it), and for each kind of notice whether it
// comes at once, in the daily digest or never; the time zone, the digest's
// hour and quiet hours (docs/notifications.md).
import { h, replace } from "./dom.js";
import { errorText, language, t } from "./i18n.js";

const KINDS = ["your_turn", "deadline_near", "robot_took_seat", "game_over", "invitation", "chat_mention", "vacation_day_spent"];
const DELIVERIES = ["immediate", "digest", "never"];

// A choice of a whole local hour, 00:00 to 23:00 (also the off time's nights).
export function hourSelect(name, value, label = null) {
  return h("select", { name, "aria-label": label },
    ...Array.from({ length: 24 }, (_, hour) => h("option", { value: String(hour), selected: hour === value }, `${String(hour).padStart(2, "0")}:00`)));
}

export class EmailSettings {
  constructor(connection) {
    this.connection = connection;
    this.outcome = h("p", { class: "outcome", role: "status" });
    this.body = h("div", { class: "email-settings" });
    this.element = h("div", {}, h("p", { class: "explain" }, t("email.explain")), this.body, this.outcome);
  }

  async start() {
    this.show(await this.connection.request("notice_settings"));
  }

  async run(work) {
    this.outcome.textContent = "";
    this.outcome.classList.remove("refusal");
    try {
      this.outcome.textContent = await work();
    } catch (error) {
      this.outcome.textContent = errorText(error);
      this.outcome.classList.add("refusal");
    }
  }

  show(data) {
    if (!data.email_available) {
      replace(this.body, h("p", { class: "email-state" }, t("email.unavailable")));
      return;
    }
    const state = data.email
      ? t(data.email.confirmed ? "email.confirmed" : "email.waiting", { address: data.email.address })
      : t("email.none");
    const address = h("input", { type: "email", name: "address", maxlength: "254", value: data.email?.address ?? "", "aria-label": t("email.address") });
    const addressForm = h("form", { class: "email-form", onsubmit: (e) => {
      e.preventDefault();
      const remove = e.submitter?.classList.contains("remove-email");
      this.run(async () => {
        const reply = await this.connection.request("set_email", { address: remove ? null : address.value.trim(), language: language() });
        this.show(reply);
        return remove ? t("email.removed") : t("email.sent", { address: reply.email.address });
      });
    } },
    h("label", {}, t("email.address"), " ", address), " ",
    h("button", { type: "submit", class: "primary save-email" }, t("email.save")), " ",
    h("button", { type: "submit", class: "remove-email", formnovalidate: true }, t("email.remove")));

    const choices = KINDS.map((kind) => h("label", { class: "notice-choice" }, t(`email.kind.${kind}`), " ",
      h("select", { name: `choice_${kind}` },
        ...DELIVERIES.map((d) => h("option", { value: d, selected: data.choices[kind] === d }, t(`email.delivery.${d}`))))));
    const zone = h("input", { type: "text", name: "time_zone", value: data.time_zone, maxlength: "64", "aria-label": t("email.time_zone") });
    const quiet = h("input", { type: "checkbox", name: "quiet", checked: data.quiet_hours !== null });
    const settingsForm = h("form", { class: "notice-settings-form", onsubmit: (e) => {
      e.preventDefault();
      const f = settingsForm.elements;
      const chosen = Object.fromEntries(KINDS.map((kind) => [kind, f[`choice_${kind}`].value]));
      this.run(async () => {
        this.show(await this.connection.request("set_notice_settings", {
          choices: chosen, time_zone: zone.value.trim(), digest_hour: Number(f.digest_hour.value),
          quiet_hours: quiet.checked ? { from: Number(f.quiet_from.value), until: Number(f.quiet_until.value) } : null,
          language: language(),
        }));
        return t("email.settings_saved");
      });
    } },
    h("fieldset", {}, h("legend", {}, t("email.choices")), ...choices),
    h("label", {}, t("email.time_zone"), " ", zone), " ",
    h("label", {}, t("email.digest_hour"), " ", hourSelect("digest_hour", data.digest_hour)),
    h("p", {}, h("label", {}, quiet, " ", t("email.quiet")), " ",
      hourSelect("quiet_from", data.quiet_hours?.from ?? 22), " – ", hourSelect("quiet_until", data.quiet_hours?.until ?? 7)),
    h("button", { type: "submit", class: "primary save-notice-settings" }, t("email.save_settings")));
    replace(this.body, h("p", { class: "email-state" }, state), addressForm, settingsForm);
  }
}
