-- Each player's off time (issue 35, docs/correspondence.md "Off time"): their
-- seat's clock does not run through it. In the player's own time zone
-- (time_zone above). Nights from off_night_from:00 until off_night_until:00
-- local time (NULL: none); off_days: the whole local weekdays off, one bit a
-- day, bit 0 Sunday to bit 6 Saturday.
ALTER TABLE notice_settings ADD COLUMN off_night_from INTEGER;
ALTER TABLE notice_settings ADD COLUMN off_night_until INTEGER;
ALTER TABLE notice_settings ADD COLUMN off_days INTEGER NOT NULL DEFAULT 0;
