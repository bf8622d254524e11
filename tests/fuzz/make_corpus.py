#!/usr/bin/python3
"""Writes the fuzz targets' seed corpora and dictionary from the protocol's examples.

    /usr/bin/python3 tests/fuzz/make_corpus.py PROJECT_ROOT OUT_DIR

- OUT_DIR/request/: every valid example of a request (tests/schema/examples/valid,
  NAME__what.json where schema/protocol/NAME.json is a request), as compact JSON;
- OUT_DIR/ws_frames/: each of them in a masked client text frame, once with a
  key of its own and once with the zero key (whose payload reads as plain text,
  so the dictionary's words and JSON-aware mutations apply to it), and one
  conversation: a fragmented message with a ping between its parts, a binary
  frame, a request and a close frame;
- OUT_DIR/protocol.dict: the names and values the request schemas and
  schema/protocol/defs.json spell out, quoted as JSON strings, and characters
  of two, three and four bytes for code that counts bytes in client text.

Deterministic: the same tree gives the same files.
"""

import hashlib
import json
import sys
from pathlib import Path

TEXT, BINARY, CONTINUATION, CLOSE, PING = 0x1, 0x2, 0x0, 0x8, 0x9
# Characters of two, three and four bytes, for code that counts bytes in client text.
MULTIBYTE = ("é", "€", "😀")


def frame(payload, opcode=TEXT, fin=True, key=b"\0\0\0\0"):
    """A client frame: clients must mask (RFC 6455 5.3), and servers refuse unmasked frames."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def key_for(name):
    return hashlib.sha256(name.encode()).digest()[:4]


def request_schemas(root):
    schemas = {}
    for path in sorted((root / "schema/protocol").glob("*.json")):
        schema = json.loads(path.read_text())
        if schema.get("title", "").endswith(" request"):
            schemas[path.stem] = schema
    return schemas


def words(node, out):
    """Property names and const/enum strings, wherever they are nested."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                out.update(value.keys())
            elif key == "const" and isinstance(value, str):
                out.add(value)
            elif key == "enum" and isinstance(value, list):
                out.update(v for v in value if isinstance(v, str))
            words(value, out)
    elif isinstance(node, list):
        for value in node:
            words(value, out)


def dict_entry(data):
    """One line of a libFuzzer dictionary: the bytes in quotes, escaped."""
    escaped = "".join("\\" + chr(b) if b in b'"\\' else chr(b) if 0x20 <= b < 0x7F else f"\\x{b:02x}"
                      for b in data)
    return f'"{escaped}"'


def main():
    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    schemas = request_schemas(root)
    (out / "request").mkdir(parents=True, exist_ok=True)
    (out / "ws_frames").mkdir(parents=True, exist_ok=True)

    examples = {}
    for path in sorted((root / "tests/schema/examples/valid").glob("*.json")):
        if path.stem.split("__")[0] in schemas:
            text = json.dumps(json.loads(path.read_text()), ensure_ascii=False, separators=(",", ":"))
            examples[path.stem] = text.encode()
    if not examples:
        sys.exit("no request examples found under tests/schema/examples/valid")

    for name, payload in examples.items():
        (out / "request" / f"{name}.json").write_bytes(payload)
        (out / "ws_frames" / f"{name}.bin").write_bytes(frame(payload, key=key_for(name)))
        (out / "ws_frames" / f"{name}.zero_key.bin").write_bytes(frame(payload))

    hello, subscribe = examples["hello__minimal"], examples["subscribe"]
    half = len(hello) // 2
    conversation = (frame(hello[:half], fin=False, key=key_for("first half"))
                    + frame(b"ping", opcode=PING, key=key_for("ping"))
                    + frame(hello[half:], opcode=CONTINUATION, key=key_for("second half"))
                    + frame(b"\x00\x01binary", opcode=BINARY, key=key_for("binary"))
                    + frame(subscribe, key=key_for("subscribe"))
                    + frame((1000).to_bytes(2, "big") + b"bye", opcode=CLOSE, key=key_for("close")))
    (out / "ws_frames" / "conversation.bin").write_bytes(conversation)

    vocabulary = set()
    words(list(schemas.values()), vocabulary)
    words(json.loads((root / "schema/protocol/defs.json").read_text()), vocabulary)
    entries = [json.dumps(w, ensure_ascii=False).encode() for w in sorted(vocabulary)]
    entries += [c.encode() for c in MULTIBYTE]
    (out / "protocol.dict").write_text("".join(dict_entry(e) + "\n" for e in entries))
    print(f"{len(examples)} request examples, {len(vocabulary)} dictionary words, in {out}")


if __name__ == "__main__":
    main()
