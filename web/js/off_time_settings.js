// The account page's off time (docs/correspondence.md "Off time"): the
// player's time zone, their nights and their off days, during which their
// seats' clocks do not run, within the server's limit of hours a week.
import { h, replace } from "./dom.js";
import { hourSelect } from "./email_settings.js";
import { errorText, language, t } from "./i18n.js";

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

// A weekday's name in the page's language (4 January 1970 was a Sunday).
function weekdayName(index) {
  return new Intl.DateTimeFormat(language(), { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(1970, 0, 4 + index)));
}

export class OffTimeSettings {
  constructor(connection) {
    this.connection = connection;
    this.outcome = h("p", { class: "outcome", role: "status" });
    this.body = h("div", { class: "off-time-settings" });
    this.element = h("div", {}, h("p", { class: "explain" }, t("off_time.explain")), this.body, this.outcome);
  }

  show(data) {
    const zone = h("input", { type: "text", name: "time_zone", value: data.time_zone, maxlength: "64" });
    const nights = h("input", { type: "checkbox", name: "nights", checked: data.nights !== null });
    const days = WEEKDAYS.map((day, index) => h("label", { class: "check off-day" },
      h("input", { type: "checkbox", name: `off_${day}`, checked: data.off_days.includes(day) }), " ", weekdayName(index)));
    const form = h("form", { class: "off-time-form", onsubmit: async (e) => {
      e.preventDefault();
      const f = form.elements;
      this.outcome.textContent = "";
      this.outcome.classList.remove("refusal");
      try {
        const reply = await this.connection.request("set_notice_settings", {
          time_zone: zone.value.trim(),
          nights: nights.checked ? { from: Number(f.night_from.value), until: Number(f.night_until.value) } : null,
          off_days: WEEKDAYS.filter((day) => f[`off_${day}`].checked),
          language: language(),
        });
        this.show(reply);
        this.outcome.textContent = t("off_time.saved");
      } catch (error) {
        this.outcome.textContent = errorText(error);
        this.outcome.classList.add("refusal");
      }
    } },
    h("p", {}, h("label", {}, t("off_time.time_zone"), " ", zone)),
    h("p", {}, h("label", { class: "check" }, nights, " ", t("off_time.nights")), " ",
      hourSelect("night_from", data.nights?.from ?? 23, t("off_time.night_from")), " – ",
      hourSelect("night_until", data.nights?.until ?? 7, t("off_time.night_until"))),
    h("fieldset", {}, h("legend", {}, t("off_time.days")), ...days),
    h("p", { class: "explain" }, t("off_time.limit", { hours: data.max_off_hours_per_week })),
    h("button", { type: "submit", class: "primary save-off-time" }, t("off_time.save")));
    replace(this.body, form);
  }
}
