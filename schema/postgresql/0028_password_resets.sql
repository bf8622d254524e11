-- PostgreSQL twin of schema/0028_password_resets.sql.
-- Password reset by the confirmed email (issue 37, docs/protocol.md
-- "Accounts"): a one-time link, its token kept only as its hash, valid for an
-- hour. Using one link ends every link of the account; the rows of expired
-- links go when the account next asks for one.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users(id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX password_resets_by_user ON password_resets(user_id, created_at);

-- A reset is asked for by address: the accounts that confirmed it, found
-- without regard to case as mail systems match addresses.
CREATE INDEX user_emails_by_confirmed_address ON user_emails(lower(address)) WHERE confirmed_at IS NOT NULL;
