"""Integration tests of email notices (issue 17, docs/notifications.md)
against the real `spb serve` and a real SMTP sink (aiosmtpd) on the
loopback: confirming an address by its link, a notice's headers, words and
links, unsubscribing by a plain GET and by one-click POST, deadline warnings,
the daily digest's order, quiet hours, a relay that refuses or times out,
and an email queued before a restart sent once after it. Time is the
server's test clock, moved by debug_advance_clock.

usage: test_email.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import re
import sys
import time

from harness import Client
from mail_harness import (HOUR, PASSWORD, SCHEMAS, START, advance, confirmed_player, db_rows, http, link, mails_to,
                          metric, press_button, register, robot_table, run_mail_tests, test, wait_for)
from smtp_sink import Sink, parts

@test()
async def an_address_is_confirmed_once_by_its_link_and_only_its_hash_is_kept(ms, sink):
    ann = await register(ms, "ann")
    for bad in ["not an address", "ann@localhost", "ann@@players.test", "a" * 250 + "@x.test", "ann@players.test\r\nBcc: x@y.test"]:
        refused = await ann.call("set_email", check=False, address=bad)
        assert refused["type"] == "error" and refused["code"] == "invalid_email", refused
    data = await ann.ok("set_email", address="ann@players.test")
    assert data["email"] == {"address": "ann@players.test", "confirmed": False} and data["email_available"], data
    (mail,) = await mails_to(sink, "ann@players.test", 1)
    assert mail["From"] == "Saint Petersburg <spb@mail.test>", dict(mail)
    assert mail["To"].addresses[0].addr_spec == "ann@players.test", dict(mail)
    assert mail.get_content_type() == "multipart/alternative", mail.get_content_type()
    assert mail["Subject"] == "Confirm your email address" and mail["Message-ID"], dict(mail)
    plain, html = parts(mail)
    confirm = link(plain, "/email/confirm")
    assert confirm in html.replace("&amp;", "&"), html
    token = confirm.split("token=")[1]
    # Only the hash is stored; the token is nowhere in the database once sent.
    rows = db_rows(ms, "SELECT confirm_hash, confirmed_at FROM user_emails")
    assert rows[0][0] and rows[0][0] != token and rows[0][1] is None, rows
    await wait_for(lambda: db_rows(ms, "SELECT payload_json FROM email_outbox WHERE purpose = 'confirm' AND status = 'delivered'"),
                   "the confirmation settled")
    assert token not in str(db_rows(ms, "SELECT * FROM email_outbox")), "the token stayed in the outbox"
    # Opening the link (a mail scanner, a link preview) confirms nothing.
    status, page, headers = http(confirm, with_headers=True)
    assert status == 200 and 'method="post"' in page and "Confirm this address" in page, (status, page)
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer", dict(headers)
    csp = headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "form-action 'self'" in csp, csp
    assert (await ann.ok("notice_settings"))["email"]["confirmed"] is False
    status, page = press_button(confirm)
    assert status == 200 and "Address confirmed" in page, (status, page)
    status, page = http(confirm, method="POST")
    assert status == 400 and "used already" in page, (status, page)
    assert (await ann.ok("notice_settings"))["email"] == {"address": "ann@players.test", "confirmed": True}
    assert db_rows(ms, "SELECT confirm_hash FROM user_emails") == [(None,)]
    # A link that is not the server's own, or a token that expired, confirms nothing.
    await ann.ok("set_email", address="ann2@players.test")
    (mail,) = await mails_to(sink, "ann2@players.test", 1)
    status, _ = http(ms.url("/email/confirm?token=" + "0" * 64), method="POST")
    assert status == 400
    await advance(ann, 49 * HOUR)
    status, page = press_button(link(parts(mail)[0], "/email/confirm"))
    assert status == 400 and "expired" in page, (status, page)
    assert (await ann.ok("notice_settings"))["email"]["confirmed"] is False


@test()
async def a_turn_email_in_the_players_language_links_to_the_table_and_unsubscribes_without_login(ms, sink):
    vera = await confirmed_player(ms, sink, "vera", language="fr")
    table = await robot_table(vera, "Nevsky", hours=48)
    mails = await mails_to(sink, "vera@players.test", 1, subject="Nevsky")
    mail = mails[0]
    assert mail["Subject"] == "À vous de jouer à Nevsky", mail["Subject"]
    plain, html = parts(mail)
    assert "C'est à vous de jouer à Nevsky." in plain, plain
    assert ms.url(f"/#/table/{table}") in plain and ms.url(f"/#/table/{table}") in html, plain
    unsubscribe = mail["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith(ms.url("/email/unsubscribe?")) and "what=your_turn" in unsubscribe, unsubscribe
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe in plain and unsubscribe in html.replace("&amp;", "&"), plain
    assert re.match(r"<notice\.\d+\.\d+@mail\.test>", mail["Message-ID"]), mail["Message-ID"]
    # A forged signature, or a changed time, changes nothing.
    status, _ = http(unsubscribe[:-4] + "0000", method="POST")
    assert status == 400
    status, _ = http(re.sub(r"at=(\d+)", lambda m: f"at={int(m.group(1)) + 1}", unsubscribe), method="POST")
    assert status == 400
    assert (await vera.ok("notice_settings"))["choices"]["your_turn"] == "immediate"
    # Opening the link (a GET: a link preview, a mail scanner) only asks, in the player's language.
    status, page = http(unsubscribe)
    assert status == 200 and "à vous de jouer" in page and 'method="post"' in page, (status, page)
    assert (await vera.ok("notice_settings"))["choices"]["your_turn"] == "immediate"
    # The button works without logging in.
    status, page = press_button(unsubscribe)
    assert status == 200 and "à vous de jouer" in page, (status, page)
    assert (await vera.ok("notice_settings"))["choices"]["your_turn"] == "never"
    # A second click changes nothing and says it is done.
    assert http(unsubscribe, method="POST")[0] == 200
    # The player turns it on again later: the old link no longer undoes that.
    await advance(vera, 60)
    await vera.ok("set_notice_settings", choices={"your_turn": "immediate"})
    await advance(vera, 80 * 24 * HOUR)
    status, page = http(unsubscribe, method="POST")
    assert status == 409 and "Lien périmé" in page, (status, page)
    assert (await vera.ok("notice_settings"))["choices"]["your_turn"] == "immediate"


@test()
async def deadline_warnings_come_once_each_and_never_after_the_move(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    await ann.ok("set_notice_settings", choices={"your_turn": "never"})
    table = await robot_table(ann, "Warned", hours=48)
    await advance(ann, 23 * HOUR)
    await asyncio.sleep(0.5)
    assert not [m for _, _, m in sink.received() if "left for your move" in m["Subject"]]
    await advance(ann, 1 * HOUR + 60)
    (mail,) = await mails_to(sink, "ann@players.test", 1, subject="left for your move")
    assert mail["Subject"] == "24 h left for your move at Warned", mail["Subject"]
    assert ms.url(f"/#/table/{table}") in parts(mail)[0]
    await advance(ann, 23 * HOUR)  # 47 h 1 min from the start: past the 1-hour warning, before the deadline
    mails = await mails_to(sink, "ann@players.test", 2, subject="left for your move")
    assert [m["Subject"] for m in mails] == ["24 h left for your move at Warned", "1 h left for your move at Warned"]
    # Restarted before the deadline: no warning is given a second time.
    ms.restart(START + 47 * HOUR + 30 * 60)
    ann = await Client.connect(ms.server, SCHEMAS)
    await ann.ok("login", name="ann", password=PASSWORD)
    await asyncio.sleep(1)
    assert len([m for _, _, m in sink.received() if "left for your move" in m["Subject"]]) == 2
    assert db_rows(ms, "SELECT count(*) FROM notifications WHERE kind = 'deadline_near'") == [(2,)]

    # A move made before the warning's time: that deadline is never warned of.
    other = await robot_table(ann, "Quick", hours=48)
    data = await ann.ok("subscribe", table=other)
    legal = data["legal_actions"]
    action = dict(next((a for a in legal if a["type"] == "pass"), legal[0]))
    action.pop("price")
    before = db_rows(ms, "SELECT deadline_at FROM game_tables WHERE id = ?", other)[0][0]
    await advance(ann, 60)  # so that the next deadline is another one
    await ann.ok("act", table=other, move_number=data["view"]["move_number"] + 1, action=action)
    await advance(ann, 25 * HOUR)
    await wait_for(lambda: db_rows(ms, "SELECT deadline_at FROM deadline_warnings WHERE table_id = ?", other),
                   "the next deadline's warning")
    assert db_rows(ms, "SELECT count(*) FROM deadline_warnings WHERE table_id = ? AND deadline_at = ?", other, before) == [(0,)]


@test()
async def the_digest_lists_waiting_tables_most_urgent_first_at_the_players_hour(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    # 08:00 UTC is 09:00 in Paris: the digest at 10 (Paris) is due an hour from now.
    data = await ann.ok("set_notice_settings", choices={"your_turn": "digest", "game_over": "digest"},
                        time_zone="Europe/Paris", digest_hour=10)
    assert data["next_digest_at"] == START + HOUR, data
    refused = await ann.call("set_notice_settings", time_zone="Mars/Olympus_Mons")
    assert refused["type"] == "error" and refused["code"] == "bad_request", refused
    slow = await robot_table(ann, "Slow", hours=72)
    urgent = await robot_table(ann, "Urgent", hours=24)
    middle = await robot_table(ann, "Middle", hours=48)
    await asyncio.sleep(0.5)
    assert not [m for _, _, m in sink.received() if "Your tables" in m["Subject"]], "your_turn went out at once"
    await advance(ann, HOUR)
    (mail,) = await mails_to(sink, "ann@players.test", 1, subject="Your tables")
    assert mail["Subject"] == "Your tables today: 3 waiting for you", mail["Subject"]
    plain, html = parts(mail)
    order = [plain.index(ms.url(f"/#/table/{t}")) for t in (urgent, middle, slow)]
    assert order == sorted(order), plain
    assert html.index("Urgent") < html.index("Middle") < html.index("Slow"), html
    assert "what=digest" in mail["List-Unsubscribe"]
    assert (await ann.ok("notice_settings"))["next_digest_at"] == START + 25 * HOUR
    # The next day's: once, however the clock moves.
    await advance(ann, 24 * HOUR)
    await mails_to(sink, "ann@players.test", 2, subject="Your tables")
    await advance(ann, 60)
    await asyncio.sleep(0.5)
    assert len([m for _, _, m in sink.received() if "Your tables" in m["Subject"]]) == 2
    # Unsubscribing from the digest turns its kinds off and plans no more.
    status, _ = http(mail["List-Unsubscribe"].strip("<>"), method="POST")
    assert status == 200
    data = await ann.ok("notice_settings")
    assert data["choices"]["your_turn"] == "never" and data["next_digest_at"] is None, data


@test()
async def quiet_hours_hold_an_email_until_they_end(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    # 08:00 UTC = 08:00 in London in January: quiet from 7 until 11.
    await ann.ok("set_notice_settings", time_zone="Europe/London", quiet_hours={"from": 7, "until": 11})
    await robot_table(ann, "Hushed", hours=48)
    await asyncio.sleep(1)
    assert not [m for _, _, m in sink.received() if "Hushed" in m["Subject"]]
    assert db_rows(ms, "SELECT next_attempt_at FROM email_outbox WHERE purpose = 'notice'") == [(START + 3 * HOUR,)]
    await advance(ann, 3 * HOUR)
    (mail,) = await mails_to(sink, "ann@players.test", 1, subject="Hushed")
    assert mail["Subject"] == "Your turn at Hushed"


@test()
async def a_chat_mention_is_emailed_to_the_player_named(ms, sink):
    ann = await confirmed_player(ms, sink, "ann")
    bob = await confirmed_player(ms, sink, "bob")
    await bob.ok("set_notice_settings", choices={"chat_mention": "immediate", "your_turn": "never", "invitation": "never"})
    await ann.ok("set_notice_settings", choices={"chat_mention": "immediate", "your_turn": "never"})
    table = (await ann.ok("create_table", players=2, name="Chatty"))["table"]["id"]
    await bob.ok("join_table", table=table)
    await ann.ok("start_table", table=table)
    await ann.ok("chat", table=table, text="@bob your move, @bobby is not here")
    (mail,) = await mails_to(sink, "bob@players.test", 1, subject="mentioned")
    assert mail["Subject"] == "You were mentioned at Chatty", mail["Subject"]
    assert "ann mentioned you at Chatty." in parts(mail)[0]
    await ann.ok("chat", table=table, text="no names here, @annie")
    await asyncio.sleep(1)
    assert not [m for rcpt, _, m in sink.received() if "ann@players.test" in rcpt and "mentioned" in m["Subject"]]
    assert db_rows(ms, "SELECT count(*) FROM notifications WHERE kind = 'chat_mention'") == [(1,)]


@test("refuse")
async def a_relay_that_refuses_is_given_up_counted_and_stalls_nothing(ms, sink):
    ann = await register(ms, "ann")
    await ann.ok("set_email", address="ann@players.test")
    await wait_for(lambda: db_rows(ms, "SELECT status, attempts, last_error FROM email_outbox WHERE status = 'given_up'"),
                   "the refused email given up")
    (row,) = db_rows(ms, "SELECT status, attempts, last_error FROM email_outbox")
    assert row[1] == 1 and "550" in row[2], row
    assert metric(ms, 'spb_notice_deliveries_total{channel="email",outcome="given_up"}') == 1
    assert metric(ms, 'spb_notice_deliveries_total{channel="email",outcome="failed"}') == 1
    assert "given up after 1 attempts" in ms.server.log_text()


@test("silent", "--smtp-timeout", "2")
async def a_relay_that_never_answers_times_out_and_moves_are_not_delayed(ms, sink):
    ann = await register(ms, "ann")
    await ann.ok("set_email", address="ann@players.test")
    table = (await ann.ok("create_table", players=2, robots=1, name="Busy"))["table"]["id"]
    began = time.time()
    await ann.ok("start_table", table=table)
    data = await ann.ok("subscribe", table=table)
    assert time.time() - began < 1.5, "the table waited on the relay"
    await wait_for(lambda: db_rows(ms, "SELECT attempts FROM email_outbox WHERE attempts = 1 AND status = 'pending'"),
                   "the timed-out attempt recorded", timeout=20)
    (row,) = db_rows(ms, "SELECT next_attempt_at, last_error FROM email_outbox")
    assert row[0] == START + 60 and "timed out" in row[1].lower(), row
    assert metric(ms, 'spb_notice_deliveries_total{channel="email",outcome="failed"}') == 1
    assert data["view"] is not None


@test("down")
async def an_email_queued_before_a_restart_is_sent_once_after_it(ms, sink):
    # The relay is down: the confirmation stays pending, to retry a minute later.
    ann = await register(ms, "ann")
    await ann.ok("set_email", address="ann@players.test")
    await wait_for(lambda: db_rows(ms, "SELECT attempts FROM email_outbox WHERE attempts = 1"), "the failed attempt")
    assert ms.server.stop() == 0
    relay = Sink(port=ms.relay_port)
    try:
        ms.server.extra_args = ms.server.extra_args[:-len(ms.args(START))] + list(ms.args(START + 120))
        ms.server.start()
        (mail,) = await mails_to(relay, "ann@players.test", 1)
        ms.restart(START + 240)
        await asyncio.sleep(1.5)
        assert len(relay.received()) == 1, relay.received()
        assert db_rows(ms, "SELECT status, attempts FROM email_outbox") == [("delivered", 2)]
    finally:
        relay.stop()


@test("down")
async def the_outbox_backlog_rises_while_the_relay_is_down_and_falls_once_the_email_is_delivered(ms, sink):
    # spb_outbox_backlog and its kin are read from the database every 5 s.
    ann = await register(ms, "ann")
    assert metric(ms, "spb_outbox_backlog") == 0
    await ann.ok("set_email", address="ann@players.test")
    await wait_for(lambda: db_rows(ms, "SELECT attempts FROM email_outbox WHERE attempts = 1"), "the failed attempt")
    await wait_for(lambda: metric(ms, "spb_outbox_backlog") == 1, "the backlog to count the email", timeout=15)
    # Waiting for its retry a minute later: in the backlog, not due.
    assert metric(ms, "spb_claims_waiting") == 0
    await advance(ann, 40)
    await wait_for(lambda: metric(ms, "spb_outbox_oldest_seconds") == 40, "the oldest row's age", timeout=15)
    relay = Sink(port=ms.relay_port)
    try:
        await advance(ann, 20)  # the retry's time
        await mails_to(relay, "ann@players.test", 1)
        await wait_for(lambda: metric(ms, "spb_outbox_backlog") == 0, "the backlog to empty", timeout=15)
        assert metric(ms, "spb_outbox_oldest_seconds") == 0
        assert metric(ms, "spb_claims_waiting") == 0
    finally:
        relay.stop()


@test("accept", "--invitations-per-account-hour", "3")
async def a_player_is_invited_by_email_once_per_table_and_an_inviter_only_so_often(ms, sink):
    await confirmed_player(ms, sink, "iris")
    mallory = await register(ms, "mallory")
    first = (await mallory.ok("create_table", players=2, name="Locked account #1: evil.test/login"))["table"]["id"]
    for _ in range(5):
        await mallory.ok("invite", table=first, name="iris")
    tables = [(await mallory.ok("create_table", players=2, name=f"Table {i}"))["table"]["id"] for i in range(3)]
    await mallory.ok("invite", table=tables[0], name="iris")
    await mallory.ok("invite", table=tables[1], name="iris")
    refused = await mallory.call("invite", table=tables[2], name="iris")
    assert refused["type"] == "error" and refused["code"] == "invitation_throttled", refused
    assert re.search(r"wait \d+ s", refused["message"]), refused
    # Another player may still invite her.
    olga = await register(ms, "olga")
    own = (await olga.ok("create_table", players=2, name="Olga's"))["table"]["id"]
    await olga.ok("invite", table=own, name="iris")
    await mails_to(sink, "iris@players.test", 4, subject="invitation")
    await asyncio.sleep(1)  # time for any further email, which must not come
    subjects = sorted(m["Subject"] for rcpt, _, m in sink.received() if "iris@players.test" in rcpt and "invitation" in m["Subject"])
    assert subjects == ["An invitation to Locked account #1: evil.test/login", "An invitation to Olga's",
                        "An invitation to Table 0", "An invitation to Table 1"], subjects
    assert len(db_rows(ms, "SELECT * FROM notifications WHERE kind = 'invited'")) == 4
    assert metric(ms, "spb_refused_total{reason=\"invitations_throttled\"}") == 1


@test()
async def a_subject_that_reads_as_an_encoded_word_arrives_as_written(ms, sink):
    await confirmed_player(ms, sink, "uma")
    eve = await register(ms, "eve")
    encoded = "=?UTF-8?B?TG9ja2VkIGFjY291bnQ=?="  # "Locked account" once decoded
    table = (await eve.ok("create_table", players=2, name=encoded))["table"]["id"]
    await eve.ok("invite", table=table, name="uma")
    (mail,) = await mails_to(sink, "uma@players.test", 1, subject="invitation")
    assert mail["Subject"] == "An invitation to " + encoded, mail["Subject"]
    assert "Locked account" not in str(mail["Subject"])


@test()
async def confirmation_emails_to_one_address_are_limited_whichever_accounts_ask(ms, sink):
    accounts = [await register(ms, f"spammer{i}") for i in range(3)]
    await accounts[0].ok("set_email", address="victim@players.test")
    await accounts[0].ok("set_email", address="Victim@Players.test")
    await accounts[1].ok("set_email", address="victim@players.test")
    for account in accounts[1:]:
        refused = await account.call("set_email", address="VICTIM@players.test")
        assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
        assert "that address" in refused["message"], refused
    # Each account may still have its own address confirmed.
    await accounts[2].ok("set_email", address="spammer2@players.test")
    await mails_to(sink, "spammer2@players.test", 1)
    await asyncio.sleep(1)
    to_victim = [m for rcpt, _, m in sink.received() if any(r.lower() == "victim@players.test" for r in rcpt)]
    assert len(to_victim) == 3, len(to_victim)
    assert metric(ms, "spb_refused_total{reason=\"confirmations_throttled\"}") == 2


if __name__ == "__main__":
    sys.exit(asyncio.run(run_mail_tests()))
