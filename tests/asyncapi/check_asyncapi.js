// The AsyncAPI document generated from schema/protocol (schema/generate_asyncapi.py)
// read by the AsyncAPI initiative's own parser: it must be a valid AsyncAPI 3.0
// document with no error, whose receive operation holds every request type and
// whose send operation holds every other message of schema/protocol.
// CommonJS, so that it runs on Debian bookworm's Node 18 as on later ones.
"use strict";
const fs = require("fs");
const path = require("path");
const { Parser } = require("@asyncapi/parser");

async function main() {
  const [documentPath, schemaDir] = process.argv.slice(2);
  const text = fs.readFileSync(documentPath, "utf8");
  const { document, diagnostics } = await new Parser().parse(text);
  const errors = diagnostics.filter((d) => d.severity === 0);
  for (const d of diagnostics) console.log(`${["error", "warning", "info", "hint"][d.severity]}: ${d.message} at ${d.path.join("/")}`);
  if (!document || errors.length) throw new Error(`the parser found ${errors.length} error(s)`);
  if (document.version() !== "3.0.0") throw new Error(`version ${document.version()}, not 3.0.0`);

  const defs = JSON.parse(fs.readFileSync(path.join(schemaDir, "defs.json"), "utf8"));
  const requests = new Set(defs.$defs.request_type.enum);
  const files = fs.readdirSync(schemaDir).filter((f) => f.endsWith(".json") && f !== "defs.json").map((f) => f.slice(0, -5));
  const expected = {
    receive: files.filter((f) => requests.has(f)).sort(),
    send: files.filter((f) => !requests.has(f)).sort(),
  };
  for (const action of ["receive", "send"]) {
    const names = [];
    for (const operation of document.operations()) {
      if (operation.action() !== action) continue;
      for (const message of operation.messages()) names.push(message.name());
    }
    names.sort();
    if (JSON.stringify(names) !== JSON.stringify(expected[action])) {
      throw new Error(`the ${action} operations hold ${names.join(", ")}; schema/protocol has ${expected[action].join(", ")}`);
    }
    // Every message's payload resolved to its schema: an object with its `type`.
    for (const operation of document.operations()) {
      if (operation.action() !== action) continue;
      for (const message of operation.messages()) {
        const payload = message.payload();
        const type = payload && payload.properties() && payload.properties().type;
        if (!type || type.const() !== message.name()) {
          throw new Error(`${message.name()}: its payload does not say its type`);
        }
      }
    }
  }
  console.log(`AsyncAPI ${document.version()}: ${expected.receive.length} requests, ${expected.send.length} server messages`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
