// The page's delivery over a phone's network (issue 32; figures in
// docs/client.md, "Delivery"): run by hand, never by ctest. Against a fresh
// `spb serve` it measures, each as the median of RUNS runs (default 5, 3 for
// Lighthouse):
//   - a first visit of the first page (the login page) on a phone with an
//     empty cache: the bytes transferred (compressed, headers included) and
//     the HTTP requests; the same for a logged-in player's table page in the
//     middle of a game;
//   - a repeat visit of each: the requests that reach the server;
//   - Lighthouse 12 (its default: mobile, simulated slow 4G) on both pages:
//     performance, accessibility, best practices, SEO, and the largest
//     contentful paint.
// The browser is Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//
//   (cd tests/browser && npm ci) && (cd tests/bench/page_delivery && npm ci)
//   node tests/bench/page_delivery/page_delivery.mjs build/server/spb
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import {
  launchBrowser, mouseMove, PHONE, startServer, startTwoPlayerTable, Steps, DESKTOP,
} from "../../browser/harness.mjs";

const spb = process.argv[2];
if (!spb) {
  console.error("usage: node page_delivery.mjs SPB_BINARY");
  process.exit(2);
}
const RUNS = Number(process.env.RUNS || 5);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--no-first-run"];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = await startServer(spb);
const browser = await launchBrowser();

// One visit in a phone's browser context: the HTTP requests the server
// answered (not the browser's cache) and the bytes they took on the wire.
// `ready` is what the page shows when it is drawn; a second of quiet after it
// lets the manifest and anything late arrive.
async function visit(context, url, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.url.startsWith("http")) requests.set(e.requestId, { url: e.request.url, bytes: 0, cached: false });
  });
  cdp.on("Network.requestServedFromCache", (e) => { if (requests.has(e.requestId)) requests.get(e.requestId).cached = true; });
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromMemoryCache)) r.cached = true;
  });
  cdp.on("Network.loadingFinished", (e) => { if (requests.has(e.requestId)) requests.get(e.requestId).bytes = e.encodedDataLength; });
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  await page.waitForTimeout(1000);
  await page.close();
  const asked = [...requests.values()].filter((r) => !r.cached);
  return { requests: asked.length, bytes: asked.reduce((sum, r) => sum + r.bytes, 0), urls: asked.map((r) => new URL(r.url).pathname) };
}

async function firstAndRepeat(url, ready, token) {
  const first = [];
  const repeat = [];
  let urls;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: "en-US" });
    if (token) await context.addInitScript((t) => localStorage.setItem("spb.token", t), token);
    const one = await visit(context, url, ready);
    first.push(one);
    urls = one.urls;
    repeat.push(await visit(context, url, ready));
    await context.close();
  }
  return {
    firstBytes: median(first.map((v) => v.bytes)),
    firstRequests: median(first.map((v) => v.requests)),
    repeatRequests: median(repeat.map((v) => v.requests)),
    urls,
  };
}

// Lighthouse in its own Chromium (chrome-launcher, Debian's binary). For the
// table page the player's token is put in that browser's storage first and
// Lighthouse told not to clear storage; the HTTP cache is emptied before
// each run all the same, so every run is a first visit.
async function lighthouseScores(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, userDataDir: mkdtempSync(join(tmpdir(), "spb-lh-")) });
  const runs = [];
  try {
    const control = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const page = await control.newPage();
      const cdp = await page.createCDPSession();
      if (token) {
        await page.goto(new URL("/cards.json", url).href);
        await page.evaluate((t) => localStorage.setItem("spb.token", t), token);
      }
      await cdp.send("Network.clearBrowserCache");
      await page.close();
      const { lhr } = await lighthouse(url, {
        port: chrome.port, output: "json", logLevel: "error", disableStorageReset: Boolean(token),
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
      runs.push({
        performance: lhr.categories.performance.score * 100,
        accessibility: lhr.categories.accessibility.score * 100,
        bestPractices: lhr.categories["best-practices"].score * 100,
        seo: lhr.categories.seo.score * 100,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        si: lhr.audits["speed-index"].numericValue,
        failing,
      });
    }
    await control.disconnect();
  } finally {
    await chrome.kill();
  }
  const of = (key) => median(runs.map((r) => r[key]));
  return {
    performance: of("performance"), accessibility: of("accessibility"), bestPractices: of("bestPractices"), seo: of("seo"),
    lcp: of("lcp"), fcp: of("fcp"), tbt: of("tbt"), cls: of("cls"), si: of("si"), failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

try {
  const login = await firstAndRepeat(`${server.url}/`, "#register-name");

  // Ann and Bob a few moves into a game; Ann's token opens her table page.
  const steps = new Steps(mkdtempSync(join(tmpdir(), "spb-bench-shots-")));
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob", PHONE);
  const tableId = await startTwoPlayerTable(server, ann, bob, "Bench");
  for (let i = 0; i < 4; i++) await mouseMove([ann, bob]);
  const token = await ann.page.evaluate(() => localStorage.getItem("spb.token"));
  const tableUrl = `${server.url}/#/table/${tableId}`;
  const table = await firstAndRepeat(tableUrl, ".status .move", token);

  const lhLogin = await lighthouseScores(`${server.url}/`);
  const lhTable = await lighthouseScores(tableUrl, token);

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`page delivery, medians (${RUNS} visits, ${LIGHTHOUSE_RUNS} Lighthouse runs), ${new Date().toISOString()}`);
  for (const [name, v] of [["first page (login)", login], ["table page (logged in)", table]]) {
    console.log(`${name}: first visit ${kb(v.firstBytes)} in ${v.firstRequests} requests (${v.urls.join(" ")}); repeat visit ${v.repeatRequests} request(s)`);
  }
  for (const [name, s] of [["first page (login)", lhLogin], ["table page (logged in)", lhTable]]) {
    console.log(`Lighthouse ${name}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, `
      + `SEO ${s.seo}; LCP ${(s.lcp / 1000).toFixed(2)} s, FCP ${(s.fcp / 1000).toFixed(2)} s, `
      + `speed index ${(s.si / 1000).toFixed(2)} s, total blocking ${Math.round(s.tbt)} ms, layout shift ${s.cls.toFixed(3)}`
      + (s.failing.length ? `; failing audits: ${s.failing.join(", ")}` : ""));
  }
} finally {
  await browser.close();
  await server.stop();
}
