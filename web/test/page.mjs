// What the browser drivers (browser.mjs, browser_shared.mjs) share: Chromium
// launched by playwright-core, the page's start awaited, the canvas read, the
// page's frames counted, the simulator's script lines split.
import { chromium } from "playwright-core";

export const BUTTON_IDS = { up: "#up", down: "#down", left: "#left", right: "#right", a: "#a", b: "#b" };
export const KEYS = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight", a: "z", b: "x" };

// Chromium with one page; the page's uncaught errors are collected in `errors`.
export async function launch(executablePath) {
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 480, height: 640 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    return { browser, context, page, errors };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

// The console's first frame painted (or the page's failure, thrown).
export async function ready(page) {
  await page.waitForFunction(() => window.dicebox && (window.dicebox.ready || window.dicebox.error),
    null, { timeout: 30000 });
  const err = await page.evaluate(() => window.dicebox.error);
  if (err) throw new Error("page failed: " + err);
}

// The canvas's 128x64 pixels, "1" lit, row by row.
export const canvasBits = (page) => page.evaluate(() => {
  const c = document.getElementById("screen");
  const d = c.getContext("2d").getImageData(0, 0, 128, 64).data;
  let s = "";
  for (let i = 0; i < 128 * 64; i++) s += d[i * 4 + 1] > 0 ? "1" : "0";
  return s;
});

// The frames the page has stepped the console so far.
export const frames = (page) => page.evaluate(() => window.dicebox.stats.frames);

// Until the page has stepped `n` frames after `from`.
export const framesAfter = (page, from, n, timeout = 30000) => page.waitForFunction(
  ([f, k]) => window.dicebox.stats.frames >= f + k, [from, n], { polling: 10, timeout });

// A script's lines (host_tools/sim/run.py's), split into words; no comments.
export const scriptLines = (text) => text.split("\n").map((l) => l.trim().split(/\s+/))
  .filter((w) => w[0] && !w[0].startsWith("#"));
