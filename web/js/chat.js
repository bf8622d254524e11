// The table chat: what was said before the page opened (read back with
// chat_history, the newest page first and older pages on request), messages
// pushed by the server while the page watches the table, and a form to write
// one (players of the table only). Lines are kept in the order of their ids,
// each once: the history read after a reconnection overlaps what was pushed
// before it.
import { h } from "./dom.js";
import { errorText, formatTime, t } from "./i18n.js";

export class Chat {
  constructor(send, history) {
    this.send = send; // async (text) => void
    this.history = history; // async (before) => chat_history's data: the page of lines before that id, or the newest
    this.paged = false; // whether the first page was read
    // Focusable, so that the keyboard scrolls it as the mouse does.
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat.messages_label"), tabindex: "0" });
    this.older = h("button", { type: "button", class: "chat-older", hidden: true, onclick: () => this.loadOlder() },
      t("chat.older"));
    this.input = h("input", { type: "text", maxlength: "500", required: true, "aria-label": t("chat.message_label"), placeholder: t("chat.placeholder") });
    this.error = h("p", { class: "refusal", role: "alert" });
    const form = h("form", { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.input, h("button", { type: "submit" }, t("chat.send")));
    this.element = h("section", { class: "panel chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, t("chat.title")), this.older, this.list, this.error, form);
  }

  // The newest lines said at the table. Whether older ones remain is known
  // from the first page read; a reload after a reconnection leaves the button
  // as it is.
  async load() {
    await this.read(undefined);
  }

  // The page of lines said before the oldest one shown.
  async loadOlder() {
    const first = this.list.firstElementChild;
    if (first) await this.read(Number(first.dataset.id));
  }

  async read(before) {
    try {
      const data = await this.history(before);
      const older = before !== undefined;
      // Lines put above keep the ones in sight where they are.
      const height = this.list.scrollHeight;
      for (const line of data.messages) this.show(line.id, line, !older);
      if (older) this.list.scrollTop += this.list.scrollHeight - height;
      if (older || !this.paged) this.older.hidden = !data.more;
      this.paged = true;
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = t("chat.unavailable", { reason: errorText(error) });
    }
  }

  receive(message) {
    this.show(message.chat_id, message);
  }

  show(id, line, scroll = true) {
    const items = [...this.list.children];
    if (items.some((li) => Number(li.dataset.id) === id)) return;
    const time = formatTime(line.at);
    const item = h("li", { dataset: { id } }, h("time", {}, time), " ", h("strong", {}, line.from), ": ", line.text);
    this.list.insertBefore(item, items.find((li) => Number(li.dataset.id) > id) ?? null);
    if (scroll) this.list.scrollTop = this.list.scrollHeight;
  }

  async submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.error.textContent = "";
    try {
      await this.send(text);
      this.input.value = "";
    } catch (error) {
      this.error.textContent = errorText(error);
    }
  }
}
