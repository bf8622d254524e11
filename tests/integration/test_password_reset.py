"""Integration tests of password reset by the confirmed email (issue 37,
docs/protocol.md "Forgotten passwords") against the real `spb serve` and a
real SMTP sink (aiosmtpd) on the loopback: the same answer for every
address, a link only to a confirmed address, in the asker's language, the
link's one use ending every session, its hour, and the limits per address
and per account.

usage: test_password_reset.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import re
import sys

from harness import Client
from mail_harness import (HOUR, PASSWORD, SCHEMAS, advance, confirmed_player, db_rows, mails_to, metric, register,
                          run_mail_tests, test, wait_for)
from smtp_sink import parts

NEW_PASSWORD = "battery staple"


def reset_token(mail):
    """The token of a reset mail's link, checked to be the same in both parts."""
    plain, html = parts(mail)
    m = re.search(r"http://127\.0\.0\.1:\d+/#/reset/([0-9a-f]{64})\b", plain)
    assert m, plain
    assert m.group(0) in html, html
    return m.group(1)


async def stranger(ms):
    """A connection that is nobody: what a player who forgot the password has."""
    return await Client.connect(ms.server, SCHEMAS)


def mails_for(sink, address):
    return [m for rcpt, _, m in sink.received() if any(r.lower() == address.lower() for r in rcpt)]


@test()
async def the_answer_is_the_same_for_every_address_and_a_link_goes_only_to_a_confirmed_one(ms, sink):
    await confirmed_player(ms, sink, "ann")
    bob = await register(ms, "bob")
    await bob.ok("set_email", address="bob@players.test")  # never confirmed
    await mails_to(sink, "bob@players.test", 1)
    asker = await stranger(ms)
    answers = [await asker.ok("request_password_reset", address=address, language="fr")
               for address in ["ANN@Players.test", "nobody@players.test", "bob@players.test"]]
    assert answers == [{}, {}, {}], answers
    (mail,) = await mails_to(sink, "ann@players.test", 1, subject="mot de passe")
    assert mail["Subject"] == "Choisissez un nouveau mot de passe", mail["Subject"]
    plain, _ = parts(mail)
    assert "ann" in plain and "dans l'heure" in plain, plain
    token = reset_token(mail)
    await asyncio.sleep(1)
    assert len(mails_for(sink, "bob@players.test")) == 1 and not mails_for(sink, "nobody@players.test")
    # Only the token's hash is kept, and the outbox forgets the token once the mail is out.
    rows = db_rows(ms, "SELECT token_hash FROM password_resets")
    assert len(rows) == 1 and rows[0][0] != token, rows
    await wait_for(lambda: db_rows(ms, "SELECT 1 FROM email_outbox WHERE purpose = 'password_reset' AND status = 'delivered'"),
                   "the reset mail settled")
    assert token not in str(db_rows(ms, "SELECT * FROM email_outbox"))
    # Asked without a language, the mail is in the player's (set with the address: English).
    await asker.ok("request_password_reset", address="ann@players.test")
    await mails_to(sink, "ann@players.test", 1, subject="Choose a new password")
    for bad in ["not an address", "ann@@players.test"]:
        refused = await asker.call("request_password_reset", address=bad)
        assert refused["type"] == "error" and refused["code"] == "invalid_email", refused


@test()
async def a_new_password_by_the_link_ends_every_session_of_the_account_and_logs_this_connection_in(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    elsewhere = await stranger(ms)
    await elsewhere.ok("login", name="ann", password=PASSWORD)
    asker = await stranger(ms)
    await asker.ok("request_password_reset", address="ann@players.test")
    await asker.ok("request_password_reset", address="ann@players.test")
    first, second = [reset_token(m) for m in await mails_to(sink, "ann@players.test", 2, subject="password")]
    data = await asker.ok("reset_password", token=second, new_password=NEW_PASSWORD)
    assert data["user"]["name"] == "ann" and data["token"], data
    for connection in (ann, elsewhere):
        ended = await connection.receive()
        assert ended == {"type": "session_ended", "reason": "password_changed"}, ended
        assert (await connection.call("my_tables"))["code"] == "not_logged_in"
    # The connection that reset is logged in; the old password is refused, the new one works.
    await asker.ok("my_tables")
    refused = await ann.call("login", name="ann", password=PASSWORD)
    assert refused["code"] == "bad_credentials", refused
    await ann.ok("login", name="ann", password=NEW_PASSWORD)
    later = await stranger(ms)
    await later.ok("resume_session", token=data["token"])
    # The link is used, and the account's other link died with it.
    for token in (second, first):
        refused = await later.call("reset_password", token=token, new_password="another password")
        assert refused["type"] == "error" and refused["code"] == "invalid_token", refused
    assert db_rows(ms, "SELECT count(*) FROM password_resets") == [(0,)]
    refused = await later.call("reset_password", check=False, token=first, new_password="short")
    assert refused["code"] == "weak_password", refused


@test()
async def a_link_works_for_an_hour(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    await ann.ok("request_password_reset", address="ann@players.test")
    (mail,) = await mails_to(sink, "ann@players.test", 1, subject="password")
    await advance(ann, HOUR + 1)
    refused = await ann.call("reset_password", token=reset_token(mail), new_password=NEW_PASSWORD)
    assert refused["code"] == "invalid_token" and "hour" in refused["message"], refused
    await ann.ok("login", name="ann", password=PASSWORD)


@test("accept", "--resets-per-address-hour", "0")
async def an_account_is_sent_three_links_an_hour_and_the_answer_does_not_say_when_it_stops(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    asker = await stranger(ms)
    for _ in range(5):
        assert await asker.ok("request_password_reset", address="ann@players.test") == {}
    await mails_to(sink, "ann@players.test", 3, subject="password")
    await asyncio.sleep(1)
    assert len([m for m in mails_for(sink, "ann@players.test") if "password" in m["Subject"]]) == 3
    await advance(ann, HOUR + 1)
    await asker.ok("request_password_reset", address="ann@players.test")
    await mails_to(sink, "ann@players.test", 4, subject="password")


@test()
async def requests_for_one_address_are_limited_whether_or_not_an_account_has_it(ms, sink):
    await confirmed_player(ms, sink, "ann")
    asker = await stranger(ms)
    for address in ["ann@players.test", "nobody@players.test"]:
        for _ in range(3):
            await asker.ok("request_password_reset", address=address)
        refused = await asker.call("request_password_reset", address=address.upper())
        assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
        assert "that address" in refused["message"], refused
    assert metric(ms, "spb_refused_total{reason=\"resets_throttled\"}") == 2


if __name__ == "__main__":
    sys.exit(asyncio.run(run_mail_tests()))
