-- PostgreSQL twin of schema/0005_standing_orders.sql (same tables and columns; BIGINT for
-- SQLite's 64-bit INTEGER).
-- Standing orders (docs/rules.md, "Standing orders"): each seat's list, in its
-- player's order, as JSON (protocol/standing_order_json.hpp). Private to the
-- seat: only that seat's own connections are ever sent it. Written in the same
-- transaction as the move that used or lapsed an order.
ALTER TABLE seats ADD COLUMN standing_orders TEXT NOT NULL DEFAULT '[]';
