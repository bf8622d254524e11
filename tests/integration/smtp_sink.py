"""SMTP sinks for the email tests, on the loopback: a real SMTP server
(aiosmtpd, Debian python3-aiosmtpd) that keeps every message it accepts, one
that refuses every recipient with a permanent 550, and a socket that accepts
connections and never says a word (a relay that times out)."""

import email
import email.policy
import socket
import threading

from aiosmtpd.controller import Controller


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    """Accepts every message (refuse=False) or refuses every recipient with
    550 (refuse=True). `messages` holds (envelope recipients, parsed message)."""

    def __init__(self, refuse=False, port=None):
        self.messages = []
        self.refuse = refuse
        self.lock = threading.Lock()
        sink = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                if sink.refuse:
                    return "550 5.1.1 No such mailbox here"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                message = email.message_from_bytes(envelope.content, policy=email.policy.default)
                with sink.lock:
                    sink.messages.append((list(envelope.rcpt_tos), envelope.mail_from, message))
                return "250 Message accepted for delivery"

        self.port = port or free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def received(self):
        with self.lock:
            return list(self.messages)

    def stop(self):
        self.controller.stop()


class SilentRelay:
    """Accepts connections and never answers: every send must time out."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.connections = []
        self.thread = threading.Thread(target=self.accept, daemon=True)
        self.thread.start()

    def accept(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.connections.append(connection)

    def stop(self):
        self.server.close()
        for c in self.connections:
            c.close()


def parts(message):
    """The plain text and the HTML of a multipart/alternative message."""
    plain = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return plain, html
