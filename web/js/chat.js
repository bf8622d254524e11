// The table chat: messages pushed by the server while the page watches the
// table, and a form to write one (players of the table only).
import { h } from "./dom.js";

export class Chat {
  constructor(send) {
    this.send = send; // async (text) => void
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": "Chat messages" });
    this.input = h("input", { type: "text", maxlength: "500", required: true, "aria-label": "Message", placeholder: "Say something" });
    this.error = h("p", { class: "refusal", role: "alert" });
    const form = h("form", { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.input, h("button", { type: "submit" }, "Send"));
    this.element = h("section", { class: "panel chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, "Chat"), this.list, this.error, form);
  }

  receive(message) {
    const time = new Date(message.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    this.list.append(h("li", {}, h("time", {}, time), " ", h("strong", {}, message.from), ": ", message.text));
    this.list.scrollTop = this.list.scrollHeight;
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
      this.error.textContent = error.message;
    }
  }
}
