// The account on this browser: register, log in (also by a password reset's
// link), log out. The session token is kept in localStorage (never in a URL)
// and presented with resume_session on every (re)connection, so a player
// stays logged in across visits.
import { ProtocolError } from "./connection.js";

const TOKEN_KEY = "spb.token";

export class Session extends EventTarget {
  constructor(connection) {
    super();
    this.connection = connection;
    this.user = null;
    connection.onResume(() => this.resume());
    // Logged out elsewhere (another tab, a password change, an administrator):
    // the token no longer resumes, so it is forgotten here too.
    connection.addEventListener("session_ended", () => {
      localStorage.removeItem(TOKEN_KEY);
      this.set(null);
    });
  }

  get loggedIn() {
    return this.user !== null;
  }

  async resume() {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return this.set(null);
    try {
      const data = await this.connection.resumeRequest("resume_session", { token });
      this.set(data.user);
    } catch (error) {
      if (error instanceof ProtocolError && error.code === "invalid_token") {
        localStorage.removeItem(TOKEN_KEY);
        return this.set(null);
      }
      throw error;
    }
  }

  async register(name, password) {
    this.opened(await this.connection.request("register", { name, password }));
  }

  async login(name, password) {
    this.opened(await this.connection.request("login", { name, password }));
  }

  // A forgotten password's link (password_reset.js): the new password logs
  // in as login does; the account's other sessions have ended.
  async resetPassword(token, newPassword) {
    this.opened(await this.connection.request("reset_password", { token, new_password: newPassword }));
  }

  async logout() {
    try {
      await this.connection.request("logout");
    } finally {
      localStorage.removeItem(TOKEN_KEY);
      this.set(null);
    }
  }

  // This browser's session ended from here (logging out everywhere): the
  // server has logged the connection out already.
  forget() {
    localStorage.removeItem(TOKEN_KEY);
    this.set(null);
  }

  opened(data) {
    localStorage.setItem(TOKEN_KEY, data.token);
    this.set(data.user);
  }

  set(user) {
    const changed = (this.user && this.user.id) !== (user && user.id);
    this.user = user;
    if (changed) this.dispatchEvent(new CustomEvent("change", { detail: user }));
  }
}
