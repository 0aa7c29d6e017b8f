// A shared game's link in headless Chromium, driven by playwright-core.
//
//   node browser_shared.mjs URL LINK SCRIPT CHROMIUM EXPECT.json
//
// Opens URL?seed=1#g=TEXT (TEXT: the file LINK, a finished game's log) and
// plays SCRIPT (a simulator script of press, wait and shot lines) in real
// time with the page's keys. A press is the simulator's: the key down for 3
// of the page's frames, then up for 3 (100 ms each at 30 fps), counted in
// frames so a busy machine does not shorten it. EXPECT ({shot: {bits, rows}},
// the simulator's panels and the rows of each to compare) says when a shot
// may be taken: a "wait" before a shot ends, and the shot is taken, once the
// canvas shows the expected rows (the page reads the log a slice a frame, in
// as many frames as the firmware takes), or after DEADLINE_MS, when the shot
// is taken as it is, marked unmet, and the script stops. The comparison
// itself is the caller's. After the script, the link the page's "Share link"
// showed is read. Prints JSON: each shot [name, bits, ms waited, met], the
// link shared, the page's errors and timings.
import { readFileSync } from "node:fs";
import { KEYS, canvasBits, frames, framesAfter, launch, ready, scriptLines } from "./page.mjs";

const [url, linkPath, scriptPath, executablePath, expectPath] = process.argv.slice(2);
const text = readFileSync(linkPath, "utf8").trim();
const lines = scriptLines(readFileSync(scriptPath, "utf8"));
const expect = JSON.parse(readFileSync(expectPath, "utf8"));
const DEADLINE_MS = 30000;          // for one shot's picture: generous for 2 busy cores
const PRESS_FRAMES = 3;

const { browser, page, errors } = await launch(executablePath);
const result = { shots: [], errors, waits: [] };
try {
  const matches = (bits, want) => want.rows.every((y) => bits.slice(y * 128, (y + 1) * 128)
    === want.bits.slice(y * 128, (y + 1) * 128));
  // the canvas once it shows `name`'s expected rows, or at the deadline
  const until = async (name) => {
    const want = expect[name];
    const t0 = Date.now();
    let bits = await canvasBits(page);
    while (want && !matches(bits, want) && Date.now() - t0 < DEADLINE_MS) {
      await page.waitForTimeout(50);
      bits = await canvasBits(page);
    }
    return { bits, ms: Date.now() - t0, met: !want || matches(bits, want) };
  };
  const press = async (name) => {
    await page.keyboard.down(KEYS[name]);
    await framesAfter(page, await frames(page), PRESS_FRAMES);
    await page.keyboard.up(KEYS[name]);
    await framesAfter(page, await frames(page), PRESS_FRAMES);
  };

  const t0 = Date.now();
  await page.goto(url + "?seed=1#g=" + text);
  await ready(page);
  result.load_ms = Date.now() - t0;
  const f0 = await frames(page);
  const p0 = Date.now();
  play: for (let i = 0; i < lines.length; i++) {
    const w = lines[i];
    if (w[0] === "press") {
      for (let k = 0; k < (w[2] ? parseInt(w[2], 10) : 1); k++) await press(w[1]);
    } else if (w[0] === "wait") {
      const next = lines[i + 1];
      if (next && next[0] === "shot" && expect[next[1]]) {
        const got = await until(next[1]);         // the shot ends the wait: its picture is there
        result.waits.push([next[1], got.ms]);
      } else {
        await page.waitForTimeout(parseInt(w[1], 10));
      }
    } else if (w[0] === "shot") {
      const got = await until(w[1]);
      result.shots.push([w[1], got.bits, got.ms, got.met]);
      if (!got.met) break play;                   // what follows would not be the script's
    } else {
      throw new Error("not played in the browser: " + w.join(" "));
    }
  }
  result.play_ms = Date.now() - p0;
  result.frames = (await frames(page)) - f0;
  // "Share link": the page shows the game's link (what dicebox.js's showShare shows)
  try {
    await page.waitForFunction(() => window.dicebox.shared, null, { timeout: 10000 });
  } catch (e) {
    /* none: the caller sees shared === null */
  }
  result.shared = await page.evaluate(() => window.dicebox.shared || null);
  result.share_field = await page.locator("#sharelink").inputValue();
  result.share_shown = await page.locator("#share").isVisible();
  result.page_error = await page.evaluate(() => window.dicebox.error);
  result.info = await page.evaluate(() => window.dicebox.info());
  result.stats = await page.evaluate(() => window.dicebox.stats);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result));
