#!/usr/bin/env python3
"""Writes the protocol as an AsyncAPI 3.0 document, generated from schema/protocol.

    python3 schema/generate_asyncapi.py [ROOT] > spb.asyncapi.json

The JSON Schemas of schema/protocol stay the one source of the protocol: this
only rearranges them into the form AsyncAPI tools read (code generators,
documentation, mock servers). The document describes the server, as AsyncAPI
3 operations do the application's own: one channel, the WebSocket at /ws,
on which it receives the requests (the `request_type` enumeration of
defs.json) and sends every other message type, replies and pushes alike.

AsyncAPI 3 reads schemas as JSON Schema draft-07, so what 2020-12 spells
otherwise is rewritten: the schemas' absolute `$id` references point into
`components.schemas` (defs.json's `$defs` under their own names, another
file's `$defs` as `FILE.NAME`, a whole message as its type), and a `$ref`
with sibling keywords, which draft-07 would ignore, becomes an `allOf`.
"""
import json
import sys
from pathlib import Path

BASE = "https://spb.example/schema/protocol/"


def schema_name(file_stem, pointer):
    """The components.schemas entry (and what follows in the pointer) for a
    JSON pointer into one of the schema files."""
    if pointer in ("", "/"):
        return "#/components/schemas/" + file_stem
    parts = pointer.lstrip("/").split("/", 2)
    if parts[0] != "$defs" or len(parts) < 2:
        raise ValueError(f"a reference into {file_stem}.json outside its $defs: {pointer}")
    name = parts[1] if file_stem == "defs" else f"{file_stem}.{parts[1]}"
    rest = "/" + parts[2] if len(parts) == 3 else ""
    return "#/components/schemas/" + name + rest


def rewrite_ref(ref, file_stem):
    target, _, pointer = ref.partition("#")
    if target == "":
        return schema_name(file_stem, pointer)
    if not target.startswith(BASE) or not target.endswith(".json"):
        raise ValueError(f"a reference outside schema/protocol: {ref}")
    return schema_name(target[len(BASE):-len(".json")], pointer)


def draft07(node, file_stem):
    if isinstance(node, list):
        return [draft07(item, file_stem) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ("$schema", "$id", "$defs"):
            continue
        if key == "$ref":
            out[key] = rewrite_ref(value, file_stem)
        elif key in ("properties", "patternProperties"):
            out[key] = {name: draft07(sub, file_stem) for name, sub in value.items()}
        else:
            out[key] = draft07(value, file_stem)
    if "$ref" in out and len(out) > 1:
        ref = out.pop("$ref")
        out["allOf"] = [{"$ref": ref}] + out.get("allOf", [])
    return out


def generate(root):
    folder = Path(root) / "schema" / "protocol"
    files = {path.stem: json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))}
    defs = files.pop("defs")
    requests = defs["$defs"]["request_type"]["enum"]
    missing = [name for name in requests if name not in files]
    if missing:
        raise ValueError(f"request types without a schema file: {missing}")
    server_messages = sorted(name for name in files if name not in requests)

    schemas = {name: draft07(schema, "defs") for name, schema in defs["$defs"].items()}
    for stem, schema in files.items():
        for name, sub in schema.get("$defs", {}).items():
            schemas[f"{stem}.{name}"] = draft07(sub, stem)
        schemas[stem] = draft07(schema, stem)

    messages = {}
    for stem in requests + server_messages:
        schema = files[stem]
        message = {
            "name": stem,
            "title": schema.get("title", stem),
            "contentType": "application/json",
            "payload": {"$ref": "#/components/schemas/" + stem},
        }
        if "description" in schema:
            message["summary"] = schema["description"]
        if stem in requests and schema.get("examples"):
            message["examples"] = [{"payload": example} for example in schema["examples"]]
        messages[stem] = message

    def refs(names):
        return [{"$ref": "#/channels/game/messages/" + name} for name in names]

    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Saint Petersburg game server",
            "version": "1",
            "description": (
                "The WebSocket protocol of spb (docs/protocol.md), generated from the JSON Schemas of "
                "schema/protocol by schema/generate_asyncapi.py. Each message is a JSON object whose "
                "`type` names it. A request may carry an `id`, which its reply (`result` or `error`) "
                "echoes; every other message the server sends is a push."
            ),
        },
        "defaultContentType": "application/json",
        "servers": {
            "local": {
                "host": "127.0.0.1:8080",
                "protocol": "ws",
                "pathname": "/ws",
                "description": "spb serve's default address; behind a proxy, wss:// on the site's host.",
            }
        },
        "channels": {
            "game": {
                "address": "/ws",
                "title": "The game connection",
                "description": "One WebSocket per client: requests in, replies and pushes out.",
                "messages": {name: {"$ref": "#/components/messages/" + name} for name in messages},
            }
        },
        "operations": {
            "receiveRequest": {
                "action": "receive",
                "channel": {"$ref": "#/channels/game"},
                "summary": "A client's request; the server answers each with one result or error.",
                "messages": refs(requests),
            },
            "sendServerMessage": {
                "action": "send",
                "channel": {"$ref": "#/channels/game"},
                "summary": "What the server sends: the replies to requests and the pushes.",
                "messages": refs(server_messages),
            },
        },
        "components": {"schemas": schemas, "messages": messages},
    }


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parent.parent)
    json.dump(generate(root), sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
