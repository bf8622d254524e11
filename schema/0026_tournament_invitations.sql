-- Invitations to an invitation-only tournament (docs/tournaments.md, "A
-- tournament's life"): its creator invites players by name while it
-- registers; only they (and the creator) may register.
CREATE TABLE tournament_invitations (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  user_id       INTEGER NOT NULL REFERENCES users(id),
  invited_by    INTEGER NOT NULL REFERENCES users(id),
  invited_at    INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
);
