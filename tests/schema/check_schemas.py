#!/usr/bin/python3
"""Checks the protocol's JSON Schemas (schema/protocol/) offline.

    /usr/bin/python3 tests/schema/check_schemas.py PROJECT_ROOT

- every file of schema/protocol is a valid draft 2020-12 schema, with the $id
  its file name gives it, and every $ref in it resolves;
- the shared enumerations agree with the contract: card ids with
  engine/data/cards.json; request types, server messages, error codes, action
  and event types with docs/protocol.md;
- every example in tests/schema/examples/valid is accepted and every example
  in tests/schema/examples/invalid is refused;
- every request schema has "examples", and a schema accepts its own examples.

An example is named SCHEMA__what.json: SCHEMA is a file of schema/protocol
(act, result, table_update, ...) or a definition of defs.json (view, event,
...). Prints a line per check, then "N passed, M failed"; exits 1 on any
failure. Needs python3-jsonschema (4.10 or later); nothing is fetched from the
network: every schema is loaded from disk and registered under its $id.
"""

import json
import re
import sys
import warnings
from pathlib import Path

import jsonschema
from jsonschema import Draft202012Validator

BASE = "https://spb.example/schema/protocol/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"PASS {what}" + (f" ({detail})" if detail else ""))
        else:
            self.failed += 1
            print(f"FAIL {what}" + (f": {detail}" if detail else ""))
        return ok


with warnings.catch_warnings():  # deprecated (but still raised) from jsonschema 4.18 on
    warnings.simplefilter("ignore", DeprecationWarning)
    RefResolutionError = jsonschema.exceptions.RefResolutionError
try:
    from referencing.exceptions import Unresolvable
    RESOLUTION_ERRORS = (RefResolutionError, Unresolvable)
except ImportError:
    RESOLUTION_ERRORS = (RefResolutionError,)


def refuse_network(uri):
    raise RefResolutionError(f"not in schema/protocol, and nothing is fetched: {uri}")


class Schemas:
    """Every schema of schema/protocol, registered under its $id."""

    def __init__(self, files):
        self.by_id = {schema["$id"]: schema for schema in files.values() if isinstance(schema.get("$id"), str)}
        try:  # jsonschema 4.18 and later: the referencing library
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT202012

            self.registry = Registry().with_resources(
                (uri, Resource.from_contents(schema, default_specification=DRAFT202012))
                for uri, schema in self.by_id.items())
        except ImportError:  # jsonschema 4.10 (Debian bookworm): RefResolver with a store
            self.registry = None

    def validator(self, schema):
        if self.registry is not None:
            return Draft202012Validator(schema, registry=self.registry)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            resolver = jsonschema.RefResolver(
                base_uri=schema.get("$id", BASE), referrer=schema, store=dict(self.by_id),
                handlers={"http": refuse_network, "https": refuse_network})
        return Draft202012Validator(schema, resolver=resolver)

    def resolves(self, uri):
        """Whether an absolute reference resolves to a subschema."""
        base, _, fragment = uri.partition("#")
        node = self.by_id.get(base)
        if node is None:
            return False
        if fragment:
            for part in fragment.lstrip("/").split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(node, dict) or part not in node:
                    return False
                node = node[part]
        return isinstance(node, (dict, bool))


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def most_telling(errors):
    """The error to show: a specific one rather than the "unevaluated properties" that follows it."""
    return min(errors, key=lambda e: (e.validator == "unevaluatedProperties", -len(e.absolute_path)))


def short(error):
    path = "/".join(str(p) for p in error.absolute_path)
    return (f"at /{path}: " if path else "") + error.message[:160]


def doc_section(text, heading):
    """The text of a markdown section, up to the next heading of any level."""
    match = re.search(r"^#+ " + re.escape(heading) + r"\s*$", text, re.M)
    if not match:
        return ""
    rest = text[match.end():]
    end = re.search(r"^#+ ", rest, re.M)
    return rest[: end.start()] if end else rest


def first_column_names(section):
    """Backticked names in the first column of a markdown table."""
    names = []
    for line in section.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            first = line.split("|")[1]
            names += re.findall(r"`([a-z_]+)`", first)
    return names


def enum_of(defs, name):
    return defs.get("$defs", {}).get(name, {}).get("enum", [])


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    root = Path(argv[1]).resolve()
    schema_dir = root / "schema" / "protocol"
    examples = root / "tests" / "schema" / "examples"
    checks = Checks()

    # --- the schema files
    files = {}
    for path in sorted(schema_dir.glob("*.json")):
        try:
            files[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as e:
            checks.check(False, f"schema {path.name} is JSON", str(e))
    checks.check(bool(files), f"schema/protocol holds schemas", f"{len(files)} files")
    schemas = Schemas(files)
    for name, schema in files.items():
        try:
            Draft202012Validator.check_schema(schema)
            checks.check(True, f"schema {name}.json is a valid 2020-12 schema")
        except jsonschema.exceptions.SchemaError as e:
            checks.check(False, f"schema {name}.json is a valid 2020-12 schema", short(e))
        checks.check(schema.get("$schema") == DRAFT and schema.get("$id") == f"{BASE}{name}.json",
                     f"schema {name}.json declares 2020-12 and $id {BASE}{name}.json")
        dangling = []
        for ref in refs(schema):
            uri = ref if "://" in ref else schema.get("$id", "").split("#")[0] + ref if ref.startswith("#") else BASE + ref
            if not schemas.resolves(uri):
                dangling.append(ref)
        checks.check(not dangling, f"schema {name}.json: every $ref resolves", ", ".join(sorted(set(dangling))))

    defs = files.get("defs", {})

    # --- the enumerations against the contract
    cards = [c["id"] for c in json.loads((root / "engine" / "data" / "cards.json").read_text())["cards"]]
    card_enum = enum_of(defs, "card_id")
    checks.check(sorted(card_enum) == sorted(cards) and len(set(card_enum)) == len(card_enum),
                 "defs card_id lists exactly the ids of engine/data/cards.json",
                 f"missing {sorted(set(cards) - set(card_enum))}, extra {sorted(set(card_enum) - set(cards))}"
                 if sorted(card_enum) != sorted(cards) else f"{len(cards)} cards")

    doc = (root / "docs" / "protocol.md").read_text(encoding="utf-8")
    request_types = first_column_names(doc_section(doc, "Requests"))
    server_types = first_column_names(doc_section(doc, "Server messages"))
    protocol_codes = first_column_names(doc_section(doc, "Protocol error codes"))
    rule_codes = first_column_names(doc_section(doc, "Rule errors"))
    action_types = first_column_names(doc_section(doc, "Actions"))
    events_text = re.sub(r"\([^)]*\)", "", doc_section(doc, "Events"))
    event_types = re.findall(r"`([a-z_]+)`", events_text)
    action_refusals = re.findall(r"refused with (.*?), and a message", doc_section(doc, "Actions"), re.S)
    action_refusals = re.findall(r"`([a-z_]+)`", action_refusals[0]) if action_refusals else []

    def same(what, documented, enum):
        missing, extra = sorted(set(documented) - set(enum)), sorted(set(enum) - set(documented))
        checks.check(bool(documented) and not missing and not extra, what,
                     f"{len(documented)} names" if not (missing or extra) else f"missing {missing}, extra {extra}")

    same("defs request_type matches the requests of docs/protocol.md", request_types, enum_of(defs, "request_type"))
    same("defs action_type matches the actions of docs/protocol.md", action_types, enum_of(defs, "action_type"))
    same("defs event_type matches the events of docs/protocol.md", event_types, enum_of(defs, "event_type"))
    same("defs rule_error_code matches the rule errors of docs/protocol.md", rule_codes, enum_of(defs, "rule_error_code"))
    same("defs protocol_error_code matches the protocol error codes of docs/protocol.md",
         protocol_codes, enum_of(defs, "protocol_error_code"))
    same("defs order_error_code matches the order errors of docs/protocol.md",
         first_column_names(doc_section(doc, "Order errors")), enum_of(defs, "order_error_code"))
    checks.check(bool(action_refusals) and set(action_refusals) <= set(enum_of(defs, "decode_error_code")),
                 "defs decode_error_code holds the malformed-action codes of docs/protocol.md", ", ".join(action_refusals))
    for t in request_types + server_types + ["result", "error"]:
        checks.check(t in files, f"schema {t}.json exists for message type {t}")
    result_defs = files.get("result", {}).get("$defs", {})
    for t in request_types:
        checks.check(t in result_defs, f"result.json defines the data of a {t} result")

    # --- the examples
    def target(path):
        name = path.stem.split("__")[0]
        if name in files:
            return files[name], f"{name}.json"
        if name in defs.get("$defs", {}):
            return {"$ref": f"{BASE}defs.json#/$defs/{name}"}, f"defs.json#/$defs/{name}"
        return None, name

    validators = {}
    accepted = []
    for kind in ("valid", "invalid"):
        paths = sorted((examples / kind).glob("*.json"))
        checks.check(bool(paths), f"tests/schema/examples/{kind} holds examples", f"{len(paths)} files")
        for path in paths:
            label = f"{kind}/{path.name}"
            schema, schema_name = target(path)
            if schema is None:
                checks.check(False, label, f"no schema or definition called {schema_name}")
                continue
            try:
                message = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as e:
                checks.check(False, label, f"not JSON: {e}")
                continue
            validator = validators.setdefault(schema_name, schemas.validator(schema))
            try:
                errors = list(validator.iter_errors(message))
            except RESOLUTION_ERRORS as e:
                checks.check(False, label, f"unresolved reference: {e}")
                continue
            if kind == "valid":
                if checks.check(not errors, f"{label} accepted by {schema_name}", short(most_telling(errors)) if errors else ""):
                    accepted.append((schema_name, message))
            else:
                checks.check(bool(errors), f"{label} refused by {schema_name}",
                             short(most_telling(errors)) if errors else "accepted, but must be refused")

    # --- the schemas' own examples (the typed requests round-trip them: tests/protocol/requests_test.cpp)
    for name, schema in files.items():
        for i, example in enumerate(schema.get("examples", [])):
            validator = validators.setdefault(f"{name}.json", schemas.validator(schema))
            errors = list(validator.iter_errors(example))
            checks.check(not errors, f"{name}.json examples[{i}] accepted by {name}.json",
                         short(most_telling(errors)) if errors else "")
    for t in request_types:
        checks.check(bool(files.get(t, {}).get("examples")), f"request schema {t}.json has examples")

    # --- coverage of the valid examples
    def seen(predicate):
        return any(predicate(name, message) for name, message in accepted)

    for t in request_types + server_types + ["result", "error"]:
        checks.check(seen(lambda n, m: n == f"{t}.json"), f"a valid example of message type {t}")
    for t in request_types:
        checks.check(seen(lambda n, m: n == "result.json" and m.get("request") == t), f"a valid example of the result of {t}")
    for t in enum_of(defs, "action_type"):
        checks.check(seen(lambda n, m: n == "act.json" and m["action"]["type"] == t), f"a valid act example of action {t}")
    event_seen = set()
    for name, message in accepted:
        for move in message.get("moves", []) + message.get("data", {}).get("moves", []) if isinstance(message, dict) else []:
            event_seen.update(e.get("type") for e in move.get("events", []))
    for t in enum_of(defs, "event_type"):
        checks.check(t in event_seen, f"a valid example of event {t}")
    checks.check(seen(lambda n, m: n == "defs.json#/$defs/view" and "stack_order" in m),
                 "a valid example of an administrator view (with stack_order)")

    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
