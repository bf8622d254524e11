"""An SMTP sink for the browser tests: a real SMTP server (aiosmtpd, Debian's
python3-aiosmtpd) on the loopback that accepts every message. It prints
{"port": N} once it listens, then each message it accepts as one JSON line:
{"to": [recipients], "subject": ..., "plain": ..., "html": ...}. It stops
when its standard input closes (the test ended, or died).

usage: python3 mail_sink.py"""

import email
import email.policy
import json
import socket
import sys
import threading

from aiosmtpd.controller import Controller

lock = threading.Lock()


def say(value):
    with lock:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()


def body(message, kind):
    part = message.get_body(preferencelist=(kind,))
    return part.get_content() if part is not None else ""


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        say({"to": list(envelope.rcpt_tos), "subject": str(message["Subject"] or ""),
             "plain": body(message, "plain"), "html": body(message, "html")})
        return "250 Message accepted for delivery"


# aiosmtpd's Controller checks it started by connecting to its port, so the
# port is chosen beforehand (as tests/integration/smtp_sink.py does).
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
controller = Controller(Handler(), hostname="127.0.0.1", port=port)
controller.start()
say({"port": port})
sys.stdin.read()
controller.stop()
