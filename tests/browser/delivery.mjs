// How the page is delivered (issue 32, docs/client.md "How it is served"),
// against the real `spb serve`: each file in Brotli when the request accepts
// it, else gzip, else as it is, with `Vary: Accept-Encoding` and an ETag per
// coding (a 304 for a current copy); the files the shell names by their
// content's hash cached for a year, the shell itself revalidated; a first
// visit fetching only the reader's language's catalogue (another one only
// when the reader switches to it); a repeat visit taking every file but the
// shell from the browser's cache; the manifest and its icons making the page
// installable; and no accessibility violation (axe-core) on the login page.
// Usage: node delivery.mjs SPB_BINARY SCREENSHOT_DIR
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  check, commandLine, noAccessibilityViolations, launchBrowser, PHONE, runSteps, startServer, Steps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("delivery.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

// A GET with exactly the headers given (fetch would add its own
// Accept-Encoding and decompress): the status, headers and raw body.
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

// The browser's requests for the site's files (the WebSocket aside) while fn runs,
// each with whether the browser's cache answered it.
async function requestsDuring(page, fn) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const seen = new Map();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.url.startsWith(server.url)) seen.set(e.requestId, { path: new URL(e.request.url).pathname, cached: false });
  });
  cdp.on("Network.requestServedFromCache", (e) => { if (seen.has(e.requestId)) seen.get(e.requestId).cached = true; });
  cdp.on("Network.responseReceived", (e) => {
    if (seen.has(e.requestId) && (e.response.fromDiskCache || e.response.fromMemoryCache)) seen.get(e.requestId).cached = true;
  });
  await fn();
  await page.waitForTimeout(300);
  await cdp.detach();
  return [...seen.values()];
}

const catalogues = (requests) => requests.map((r) => r.path).filter((p) => /^\/js\/(en|fr|ru)-\w+\.js$/.test(p));

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  let shell, script;
  await step("each file goes in Brotli when accepted, else gzip, else as it is, varying by Accept-Encoding", async () => {
    const plain = await get("/");
    check(plain.status === 200 && !plain.headers["content-encoding"], `the shell without Accept-Encoding: ${plain.status} ${plain.headers["content-encoding"]}`);
    shell = plain.body.toString();
    script = shell.match(/<script type="module" src="(\/js\/app-\w+\.js)">/)?.[1];
    check(script, `the shell names no hashed script: ${shell}`);
    for (const path of ["/", script]) {
      const identity = await get(path);
      const br = await get(path, { "accept-encoding": "gzip, deflate, br" });
      const gz = await get(path, { "accept-encoding": "gzip, deflate" });
      const refused = await get(path, { "accept-encoding": "br;q=0, gzip" });
      check(br.headers["content-encoding"] === "br", `${path}: ${br.headers["content-encoding"]} for a browser that accepts br`);
      check(brotliDecompressSync(br.body).equals(identity.body), `${path}: the Brotli body is not the file`);
      check(gz.headers["content-encoding"] === "gzip", `${path}: ${gz.headers["content-encoding"]} for gzip, deflate`);
      check(gunzipSync(gz.body).equals(identity.body), `${path}: the gzip body is not the file`);
      check(refused.headers["content-encoding"] === "gzip", `${path}: ${refused.headers["content-encoding"]} when br has q=0`);
      check(br.body.length < gz.body.length && gz.body.length < identity.body.length,
        `${path}: Brotli ${br.body.length}, gzip ${gz.body.length}, identity ${identity.body.length} bytes`);
      for (const r of [identity, br, gz]) check(r.headers.vary === "Accept-Encoding", `${path}: Vary ${r.headers.vary}`);
      const tags = new Set([identity, br, gz].map((r) => r.headers.etag));
      check(tags.size === 3, `${path}: the codings share an ETag: ${[...tags].join(" ")}`);
      const again = await get(path, { "accept-encoding": "gzip, deflate, br", "if-none-match": br.headers.etag });
      check(again.status === 304 && again.body.length === 0, `${path}: ${again.status} for a current Brotli copy`);
      const other = await get(path, { "accept-encoding": "gzip", "if-none-match": br.headers.etag });
      check(other.status === 200 && other.headers["content-encoding"] === "gzip", `${path}: the Brotli ETag validated a gzip answer`);
    }
  });

  await step("the hashed files are kept for a year, the shell, the service worker and /cards.json revalidated", async () => {
    const named = [...shell.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
    check(named.length >= 4, `the shell names ${named.join(", ")}`);
    for (const path of named) {
      const r = await get(path);
      check(r.status === 200, `${path}: HTTP ${r.status}`);
      check(r.headers["cache-control"] === "public, max-age=31536000, immutable", `${path}: Cache-Control ${r.headers["cache-control"]}`);
    }
    for (const path of ["/", "/index.html", "/sw.js", "/cards.json"]) {
      const r = await get(path);
      check(r.status === 200 && r.headers["cache-control"] === "no-cache", `${path}: ${r.status}, Cache-Control ${r.headers["cache-control"]}`);
    }
    const manifestAnswer = await get(named.find((p) => p.endsWith(".webmanifest")));
    check(manifestAnswer.headers["content-type"] === "application/manifest+json", `the manifest's Content-Type: ${manifestAnswer.headers["content-type"]}`);
    const manifest = JSON.parse(manifestAnswer.body);
    for (const icon of manifest.icons) {
      const r = await get(icon.src);
      check(r.status === 200 && r.headers["content-type"] === "image/png", `${icon.src}: ${r.status} ${r.headers["content-type"]}`);
      check(r.headers["cache-control"].includes("immutable"), `${icon.src}: Cache-Control ${r.headers["cache-control"]}`);
    }
  });

  for (const [locale, code] of [["en-US", "en"], ["fr-FR", "fr"]]) {
    await step(`a first visit in ${code} fetches the ${code} catalogue only; a repeat visit only the shell`, async () => {
      const context = await browser.newContext({ locale, viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const first = await requestsDuring(page, async () => {
        await page.goto(`${server.url}/`);
        await page.locator("#register-name").waitFor();
      });
      const fetched = catalogues(first);
      check(fetched.length === 1 && fetched[0].startsWith(`/js/${code}-`), `${code}: the catalogues fetched: ${fetched.join(", ")}`);
      await page.goto("about:blank");
      const repeat = await requestsDuring(page, async () => {
        await page.goto(`${server.url}/`);
        await page.locator("#register-name").waitFor();
      });
      const asked = repeat.filter((r) => !r.cached).map((r) => r.path);
      check(asked.length === 1 && asked[0] === "/", `${code}: the repeat visit asked the server for ${asked.join(", ")}`);
      if (code === "en") {
        const switched = await requestsDuring(page, async () => {
          await page.locator("#language-select").selectOption("ru");
          await page.locator("html[lang=ru]").waitFor({ state: "attached" });
        });
        check(catalogues(switched).length === 1 && catalogues(switched)[0].startsWith("/js/ru-"), `switching to Russian fetched ${catalogues(switched).join(", ")}`);
        check(await page.locator(".brand").textContent() === "Санкт-Петербург", "the page did not switch to Russian");
      }
      await context.close();
    });
  }

  await step("the page is installable: its manifest, icons and a description", async () => {
    const player = await steps.newPlayer(browser, server, "visitor", PHONE);
    await player.page.locator("#register-name").waitFor();
    const cdp = await player.context.newCDPSession(player.page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // A test's browser context is incognito, where nothing installs; every other criterion counts.
    const errors = installabilityErrors.filter((e) => e.errorId !== "in-incognito");
    check(errors.length === 0, `not installable: ${JSON.stringify(errors)}`);
    const { url, errors: manifestErrors } = await cdp.send("Page.getAppManifest");
    check(/\/manifest-\w+\.webmanifest$/.test(url) && manifestErrors.length === 0, `the manifest ${url}: ${JSON.stringify(manifestErrors)}`);
    const description = await player.page.locator('meta[name="description"]').getAttribute("content");
    check(description && description.length > 50, `the description: ${description}`);
    await noAccessibilityViolations(player, "the login page");
  });
});
