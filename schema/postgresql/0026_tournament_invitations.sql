-- PostgreSQL twin of schema/0026_tournament_invitations.sql.
-- Invitations to an invitation-only tournament (docs/tournaments.md, "A
-- tournament's life"): its creator invites players by name while it
-- registers; only they (and the creator) may register.
CREATE TABLE tournament_invitations (
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  user_id       BIGINT NOT NULL REFERENCES users(id),
  invited_by    BIGINT NOT NULL REFERENCES users(id),
  invited_at    BIGINT NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
);
