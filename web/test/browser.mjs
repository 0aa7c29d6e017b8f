// The web edition in headless Chromium (Debian's), driven by playwright-core.
//
//   node browser.mjs URL SCRIPT CHROMIUM SCREENSHOT [GOLDENS.json]
//
// Opens URL?seed=1 and plays SCRIPT (host_tools/screenshots/web.txt) up to the shot
// web_dairyman_menu in real time with the page's own inputs: presses go by
// turns to the on-screen buttons (pointer) and the keys, the first shake is
// a stream of devicemotion events, later ones the Shake button. Each shot
// reads the canvas. Then the page is reloaded and the saved game must be
// there, and once more offline (the service worker's copy). With GOLDENS
// ({name: "0101..."}), a shot whose canvas differs is read again for up to a
// second before it is taken (a machine busy with other work may paint a
// frame late; the comparison itself is the caller's). Prints JSON: the canvas bits of every shot and the page's timings.
import { readFileSync } from "node:fs";
import { BUTTON_IDS, KEYS, canvasBits as readCanvas, launch, ready as started } from "./page.mjs";

const [url, scriptPath, executablePath, screenshotPath, goldensPath] = process.argv.slice(2);
const goldens = goldensPath ? JSON.parse(readFileSync(goldensPath, "utf8")) : {};
const LAST = "web_dairyman_menu";

const { browser, context, page, errors } = await launch(executablePath);
const result = { shots: [], errors };
try {
  const ready = () => started(page);
  const canvasBits = () => readCanvas(page);
  let presses = 0;
  const tap = async (name) => {
    if (presses++ % 2 === 0) {            // an on-screen button, by pointer
      await page.locator(BUTTON_IDS[name]).hover();
      await page.mouse.down();
      await page.waitForTimeout(100);
      await page.mouse.up();
    } else {                              // the simulator's key
      await page.keyboard.down(KEYS[name]);
      await page.waitForTimeout(100);
      await page.keyboard.up(KEYS[name]);
    }
    await page.waitForTimeout(100);
  };
  const hold = async (name, ms) => {      // a long press: the on-screen button held down
    await page.locator(BUTTON_IDS[name]).hover();
    await page.mouse.down();
    await page.waitForTimeout(ms);
    await page.mouse.up();
    await page.waitForTimeout(100);
  };
  const motion = (x, y, z) => page.evaluate(([x, y, z]) => {
    window.dispatchEvent(new DeviceMotionEvent("devicemotion", {
      accelerationIncludingGravity: { x, y, z }, interval: 33 }));
  }, [x, y, z]);
  let shakes = 0;
  const shake = async () => {
    if (shakes++ === 0) {                 // the phone's motion sensor: a second of shaking
      const g = 9.80665 / 1000;
      for (let i = 0; i < 24; i++) {
        const s = (i >> 1) & 1 ? 1 : -1;
        await motion(1800 * s * g, -1500 * s * g, (1000 + 900 * s) * g);
        await page.waitForTimeout(33);
      }
      await motion(0, 0, 9.80665);        // lying still again
      await page.waitForTimeout(600);
    } else {                              // the Shake button
      await page.locator("#shake").hover();
      await page.mouse.down();
      await page.mouse.up();
      await page.waitForTimeout(1400);
    }
  };
  const shot = async (name, expect) => {
    const want = goldens[expect || name];
    await page.waitForTimeout(150);
    let bits = await canvasBits();
    for (let i = 0; i < 10 && want && bits !== want; i++) {
      await page.waitForTimeout(100);
      bits = await canvasBits();
    }
    result.shots.push([name, expect || name, bits]);
  };

  const t0 = Date.now();
  await page.goto(url + "?seed=1");
  await ready();
  result.load_wall_ms = Date.now() - t0;
  result.first_frame_ms = await page.evaluate(() => window.dicebox.firstFrameMs);
  result.source = await page.evaluate(() => window.dicebox.source);

  for (const raw of readFileSync(scriptPath, "utf8").split("\n")) {
    const w = raw.trim().split(/\s+/);
    if (!w[0] || w[0].startsWith("#")) continue;
    if (w[0] === "press") {
      for (let i = 0; i < (w[2] ? parseInt(w[2], 10) : 1); i++) await tap(w[1]);
    } else if (w[0] === "hold") {
      await hold(w[1], parseInt(w[2], 10));
    } else if (w[0] === "wait") {
      await page.waitForTimeout(parseInt(w[1], 10));
    } else if (w[0] === "shake") {
      await shake();
    } else if (w[0] === "shot") {
      await shot(w[1]);
      if (w[1] === "web_2d6" && screenshotPath) {
        // the console: the panel, the buttons and Shake (not the test's status line)
        const a = await page.locator("#bezel").boundingBox();
        const b = await page.locator("#pad").boundingBox();
        const x = Math.min(a.x, b.x) - 16;
        const y = a.y - 16;
        await page.screenshot({ path: screenshotPath, clip: { x, y,
          width: Math.max(a.x + a.width, b.x + b.width) + 16 - x, height: b.y + b.height + 16 - y } });
      }
      if (w[1] === LAST) break;
    } else {
      throw new Error("not played in the browser: " + raw);
    }
  }
  result.info = await page.evaluate(() => window.dicebox.info());
  result.stats = await page.evaluate(() => window.dicebox.stats);

  // reload: the game saved in the browser's storage is offered again
  await page.reload();
  await ready();
  result.reload_first_frame_ms = await page.evaluate(() => window.dicebox.firstFrameMs);
  await shot("reload_home", "web_menu");
  await tap("down");
  await tap("down");
  await tap("a");
  await shot("reload_dairyman", LAST);
  result.storage_keys = await page.evaluate(() => Object.keys(localStorage).sort());
  result.sw = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return reg ? "registered" : "none";
  });
  // offline: the service worker's copy starts the console with no network
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  await ready();
  await shot("offline_home", "web_menu");
  await context.setOffline(false);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result));
