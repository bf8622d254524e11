#!/usr/bin/env python3
"""A complete minimal bot for the Saint Petersburg server (docs/bots.md).

It logs in as a bot's account (registering it and flagging it as a bot first
with --register), then either joins the table given with --table or creates a
two-player table against the server's own robot, plays every move its seat
owes (a random legal action, from a seeded generator) until the game is over,
and prints one JSON line: the table, its seat, the final places and the
account's ratings in the bots' pools.

    python3 bot.py ws://127.0.0.1:8080/ws NAME PASSWORD [--register] [--table ID] [--seed S]

Standard library and `websockets` only. Every request carries an id; the
answer with that id is awaited while the table's messages that arrive in
between are kept for the game loop.
"""

import argparse
import asyncio
import json
import random
import sys

import websockets


class Refused(Exception):
    """The server answered a request with an error: its stable code and sentence."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


class Connection:
    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.messages = []  # table_update and other messages not yet read by the game

    async def call(self, type_, **fields):
        """Sends a request and returns its result's data; raises Refused on an error.
        A rate_limited refusal waits a second and sends the request again."""
        while True:
            self.next_id += 1
            request_id = self.next_id
            await self.ws.send(json.dumps({"type": type_, "id": request_id, **fields}))
            while True:
                message = json.loads(await self.ws.recv())
                if message.get("id") != request_id or message["type"] not in ("result", "error"):
                    self.messages.append(message)
                    continue
                if message["type"] == "result":
                    return message["data"]
                if message["code"] == "rate_limited":
                    await asyncio.sleep(1)
                    break
                raise Refused(message["code"], message["message"])

    async def next_message(self):
        if self.messages:
            return self.messages.pop(0)
        return json.loads(await self.ws.recv())


async def sign_in(conn, name, password, register):
    await conn.call("hello", protocol=1, client="minimal-bot 1")
    if register:
        await conn.call("register", name=name, password=password)
        answer = await conn.call("become_bot")
        assert answer["permanent"] and answer["user"]["bot"], answer
    else:
        user = (await conn.call("login", name=name, password=password))["user"]
        if not user.get("bot"):
            raise SystemExit(f"{name} is not a bot's account: send become_bot once, or ask an administrator")


async def find_table(conn, table_id):
    if table_id is not None:
        return (await conn.call("join_table", table=table_id))["table"]["id"]
    # Against the server's robot: the bots' own pool rates the game.
    table = (await conn.call("create_table", players=2, robots=1, rated=True, bots_allowed=True))["table"]
    await conn.call("start_table", table=table["id"])
    return table["id"]


async def play(conn, table_id, rng):
    """Plays the seat's moves until the game is over; returns the final view."""
    state = await conn.call("subscribe", table=table_id)
    seat, view, legal = state["seat"], state["view"], state["legal_actions"]
    while True:
        if view is not None and view["phase"] == "finished":
            return seat, view
        if legal:
            action = dict(rng.choice(legal))
            action.pop("price", None)  # the price is shown to choose, never sent back
            try:
                await conn.call("act", table=table_id, move_number=view["move_number"] + 1, action=action)
            except Refused as refused:
                # Someone moved first, or the table took the seat's turn: the
                # next update says where the game stands.
                if refused.code not in ("stale_move", "not_your_turn"):
                    raise
            legal = []
        message = await conn.next_message()
        if message["type"] == "table_update" and message["table"] == table_id:
            view, legal = message["view"], message["legal_actions"]
        elif message["type"] == "subscriptions_ended":
            state = await conn.call("subscribe", table=table_id)
            view, legal = state["view"], state["legal_actions"]


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("name")
    parser.add_argument("password")
    parser.add_argument("--register", action="store_true", help="register the account and make it a bot's")
    parser.add_argument("--table", type=int, help="join this open table instead of creating one")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    async with websockets.connect(args.url) as ws:
        conn = Connection(ws)
        await sign_in(conn, args.name, args.password, args.register)
        table_id = await find_table(conn, args.table)
        seat, final = await play(conn, table_id, random.Random(args.seed))
        places = {p["seat"]: p["place"] for p in final["final"]["players"]}
        profile = await conn.call("profile", name=args.name)
        ratings = {pool: r for pool, r in profile["ratings"].items() if pool.startswith("bot_")}
        print(json.dumps({"table": table_id, "seat": seat, "place": places[seat], "places": places,
                          "ratings": ratings}))


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except Refused as refused:
        print(f"refused: {refused}", file=sys.stderr)
        sys.exit(1)
