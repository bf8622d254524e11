"""Validates protocol messages against the JSON Schemas in schema/protocol/
(draft 2020-12), resolving $ref between the files offline."""

import json
import os

import jsonschema


class SchemaCheck:
    def __init__(self, root):
        self.dir = os.path.join(root, "schema", "protocol")
        self.store = {}
        self.checked = 0
        if not os.path.isdir(self.dir):
            return
        for name in os.listdir(self.dir):
            if name.endswith(".json"):
                with open(os.path.join(self.dir, name)) as f:
                    schema = json.load(f)
                self.store[schema.get("$id", name)] = schema
                self.store[name] = schema

    def enabled(self):
        return bool(self.store)

    def _validate(self, name, message):
        schema = self.store.get(name)
        if schema is None:
            raise AssertionError(f"no schema {name} for message {message}")
        resolver = jsonschema.RefResolver.from_schema(schema, store=self.store)
        jsonschema.Draft202012Validator(schema, resolver=resolver).validate(message)
        self.checked += 1

    def check_client_message(self, message):
        if self.enabled():
            self._validate(message["type"] + ".json", message)

    def check_server_message(self, message):
        if self.enabled():
            self._validate(message["type"] + ".json", message)
