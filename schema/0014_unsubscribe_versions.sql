-- When a player last changed which notices reach them by email (issue 30):
-- an unsubscribe link carries when its email was written, and a link older
-- than the player's latest choice no longer changes it, so a link replayed
-- long after cannot undo what the player chose since. NULL: never changed.
ALTER TABLE notice_settings ADD COLUMN choices_changed_at INTEGER;
