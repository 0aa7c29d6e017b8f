// Dicebox in the browser: the page's side of the hardware layer (webhw.py is
// the Python side). It loads MicroPython's WebAssembly port, writes the
// firmware into its filesystem, registers the `dicebox_js` module webhw.py
// talks to, and then steps the console 30 times a second: input in, the
// panel's pixels out to the canvas, tones to Web Audio.
//
// URL options (for tests and demos): ?seed=N plays with the simulator's seeded
// dice and its fixed battery, so the pictures equal the simulator's goldens.
// Those dice are predictable: a banner on the panel says "TEST DICE" for as
// long as the page runs.
//
// A shared game: #g=TEXT (a finished game's log, core/gamelog.py's base64url
// text) opens its replay. The fragment never leaves the browser: no server
// sees it. The console's Replay page makes such a link (its "Share link").
import { loadMicroPython } from "./micropython.mjs";

const BUILD = "__BUILD__";
const PERIOD = 1000 / 30;           // the App's 30 fps
const HOLD_MS = 1300;               // Z / X: a long press, as in the simulator
const MILLI_G = 1000 / 9.80665;     // m/s^2 -> milli-g
const KEYS = {
  ArrowUp: 0, w: 0, ArrowDown: 1, s: 1, ArrowLeft: 2, a: 2, ArrowRight: 3, d: 3,
  z: 4, Enter: 4, x: 5, Backspace: 5,
};
const HOLDS = { Z: 4, X: 5 };

const params = new URLSearchParams(location.search);
const SHARE_TAG = "#g=";
const sharedLog = () => (location.hash.startsWith(SHARE_TAG) ? location.hash.slice(SHARE_TAG.length) : null);
const seed = params.has("seed") ? parseInt(params.get("seed"), 10) || 1 : null;
const canvas = document.getElementById("screen");
const ctx2d = canvas.getContext("2d");
const image = ctx2d.createImageData(128, 64);
const statusEl = document.getElementById("status");
const testEl = document.getElementById("testdice");
if (seed !== null) {   // from the first moment: nothing hides it again
  testEl.textContent = "TEST DICE \u2014 not random (seed " + seed + ")";
  testEl.hidden = false;
}
const stats = { frames: 0, stepMsTotal: 0, stepMsMax: 0, paints: 0 };
const api = { build: BUILD, ready: false, error: null, firstFrameMs: null, stats, last: null };
window.dicebox = api;

// ---------------------------------------------------------------- sound
let audio = null;
let osc = null;
let gain = null;
let toneHz = 0;

function ensureAudio() {
  if (audio) {
    if (audio.state === "suspended") audio.resume();
    return;
  }
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  audio = new AC();
  osc = audio.createOscillator();
  gain = audio.createGain();
  osc.type = "square";            // a piezo's hard edges
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  if (toneHz) tone(toneHz);
}

function tone(f) {
  toneHz = f;
  if (!audio) return;
  const t = audio.currentTime;
  if (f > 0) {
    osc.frequency.setValueAtTime(f, t);
    gain.gain.setTargetAtTime(0.06, t, 0.003);
  } else {
    gain.gain.setTargetAtTime(0, t, 0.003);
  }
}

// ---------------------------------------------------------------- storage
function storeArea() {
  try {
    const s = window.localStorage;
    s.setItem("dicebox:?", "1");
    s.removeItem("dicebox:?");
    return s;
  } catch (e) {
    return null;   // storage blocked: saves live only while the page is open
  }
}
const area = storeArea();
const memory = new Map();

const jsModule = {
  random_hex(n) {
    const b = new Uint8Array(n);
    crypto.getRandomValues(b);
    let s = "";
    for (const v of b) s += (v < 16 ? "0" : "") + v.toString(16);
    return s;
  },
  store_keys() {
    if (!area) return [...memory.keys()].join("\n");
    const keys = [];
    for (let i = 0; i < area.length; i++) keys.push(area.key(i));
    return keys.join("\n");
  },
  store_get(k) {
    return area ? area.getItem(k) : (memory.has(k) ? memory.get(k) : null);
  },
  store_set(k, v) {
    try {
      if (area) area.setItem(k, v); else memory.set(k, v);
      return true;
    } catch (e) {
      return false;  // quota: the store keeps the old entry and says "not saved"
    }
  },
  store_remove(k) {
    if (area) area.removeItem(k); else memory.delete(k);
  },
  tone,
  log(t) { console.warn("dicebox:", t); },
  share(text) { showShare(text); },
};

// ---------------------------------------------------------------- a shared game
function shareLink(text) {
  return location.origin + location.pathname + location.search + SHARE_TAG + text;
}

function showShare(text) {
  const box = document.getElementById("share");
  const url = shareLink(text);
  api.shared = url;
  document.getElementById("sharelink").value = url;
  box.hidden = false;
  const copy = document.getElementById("sharecopy");
  copy.textContent = "Copy link";
  copy.onclick = () => {
    const done = () => { copy.textContent = "Copied"; };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(done, () => document.getElementById("sharelink").select());
    } else {
      document.getElementById("sharelink").select();
    }
  };
  const send = document.getElementById("sharesend");
  send.hidden = !navigator.share;
  send.onclick = () => navigator.share({ title: "A Dicebox game", url }).catch(() => {});
  document.getElementById("shareclose").onclick = () => { box.hidden = true; };
}

// ---------------------------------------------------------------- screen
function fitScreen() {
  // whole device pixels per panel pixel: crisp at any devicePixelRatio
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(window.innerWidth - 44, 900) * dpr;
  const k = Math.max(1, Math.floor(room / 128));
  canvas.style.width = (128 * k) / dpr + "px";
  canvas.style.height = (64 * k) / dpr + "px";
}

// "CONTRAST ON HEX" from Console.picture(): VLSB pages, 8 rows a byte
function paint(pic) {
  api.last = pic;
  const sp1 = pic.indexOf(" ");
  const sp2 = pic.indexOf(" ", sp1 + 1);
  const level = parseInt(pic.slice(0, sp1), 10);
  const on = pic.slice(sp1 + 1, sp2) === "1";
  const hex = pic.slice(sp2 + 1);
  const k = on ? 0.3 + 0.7 * Math.min(level, 255) / 255 : 0;
  const r = Math.round(120 * k);
  const g = Math.round(230 * k);
  const b = Math.round(255 * k);
  const px = image.data;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const i = (page * 128 + x) * 2;
      const byte = parseInt(hex.slice(i, i + 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const o = (((page << 3) + bit) * 128 + x) * 4;
        const lit = on && ((byte >> bit) & 1);
        px[o] = lit ? r : 0;
        px[o + 1] = lit ? g : 0;
        px[o + 2] = lit ? b : 0;
        px[o + 3] = 255;
      }
    }
  }
  ctx2d.putImageData(image, 0, 0);
  stats.paints++;
}

// ---------------------------------------------------------------- start
function unb64(s) {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function start() {
  fitScreen();
  window.addEventListener("resize", fitScreen);
  const [mp, files] = await Promise.all([
    loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: (s) => console.log(s),
      stderr: (s) => console.error(s) }),
    fetch("files.json").then((r) => r.json()),
  ]);
  for (const [p, text] of Object.entries(files)) {
    const parts = ("/lib/" + p).split("/").slice(1, -1);
    let dir = "";
    for (const d of parts) {
      dir += "/" + d;
      try { mp.FS.mkdir(dir); } catch (e) { /* there already */ }
    }
    mp.FS.writeFile("/lib/" + p, text.startsWith("b64:") ? unb64(text.slice(4)) : text);
  }
  mp.registerJsModule("dicebox_js", jsModule);
  const webhw = mp.pyimport("webhw");
  const opts = seed === null ? {} : { seed };
  if (sharedLog() !== null) opts.shared = sharedLog();
  const con = webhw.boot(JSON.stringify(opts));
  api.console = con;
  api.info = () => JSON.parse(con.info());
  api.source = con.source();
  statusEl.textContent = "Dice: " + api.source + (seed === null ? "" : " (seed " + seed + ")");
  api.testDice = seed !== null;
  wireInput(con);
  window.addEventListener("hashchange", () => {
    if (sharedLog() !== null) con.open_shared(sharedLog());
  });
  if (seed === null && navigator.getBattery) {
    navigator.getBattery().then((bat) => {
      const tell = () => con.set_battery(Math.round(bat.level * 100), bat.charging);
      tell();
      bat.addEventListener("levelchange", tell);
      bat.addEventListener("chargingchange", tell);
    }).catch(() => {});
  }
  loop(con);
}

// ---------------------------------------------------------------- frames
let motion = null;       // the latest motion sample, milli-g
let motionNew = false;
let lastMotion = null;
let wakeLock = null;
let wantAwake = false;

function loop(con) {
  let next = performance.now();
  const tick = () => {
    const t0 = performance.now();
    try {
      if (motionNew) {
        motionNew = false;
        let jerk = 0;
        if (lastMotion) {
          jerk = Math.abs(motion[0] - lastMotion[0]) + Math.abs(motion[1] - lastMotion[1])
            + Math.abs(motion[2] - lastMotion[2]);
        }
        lastMotion = motion;
        con.motion(motion[0], motion[1], motion[2], jerk > 600);
      }
      const pic = con.step();
      if (pic !== null && pic !== undefined) paint(pic);
      if (api.firstFrameMs === null && stats.paints) {
        api.firstFrameMs = performance.now();
        api.ready = true;
      }
      if (stats.frames % 15 === 0) keepAwake(con.keep_awake());
    } catch (e) {
      api.error = String(e);
      statusEl.textContent = "Stopped: " + e;
      console.error(e);
      return;
    }
    const dt = performance.now() - t0;
    stats.frames++;
    stats.stepMsTotal += dt;
    if (dt > stats.stepMsMax) stats.stepMsMax = dt;
    next += PERIOD;
    const now = performance.now();
    if (next < now - 4 * PERIOD) next = now;   // fell far behind (a hidden tab): resync
    setTimeout(tick, Math.max(0, next - now));
  };
  tick();
}

async function keepAwake(want) {
  wantAwake = want;
  if (!("wakeLock" in navigator)) return;
  try {
    if (want && !wakeLock && document.visibilityState === "visible") {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!want && wakeLock) {
      const w = wakeLock;
      wakeLock = null;
      await w.release();
    }
  } catch (e) {
    wakeLock = null;   // refused (battery saver, no permission): the timer runs anyway
  }
}

// ---------------------------------------------------------------- input
function wireInput(con) {
  const held = new Set();
  const press = (b, el) => {
    ensureAudio();
    if (held.has(b)) return;
    held.add(b);
    con.down(b);
    if (el) el.classList.add("down");
  };
  const release = (b, el) => {
    if (!held.has(b)) return;
    held.delete(b);
    con.up(b);
    if (el) el.classList.remove("down");
  };
  for (const el of document.querySelectorAll("#pad .btn[data-b]")) {
    const b = parseInt(el.dataset.b, 10);
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      try { el.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointer */ }
      press(b, el);
    });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) {
      el.addEventListener(ev, () => release(b, el));
    }
    el.addEventListener("contextmenu", (e) => e.preventDefault());
  }
  const shakeBtn = document.getElementById("shake");
  shakeBtn.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    ensureAudio();
    con.shake();
  });
  const holds = {};
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k in HOLDS) {
      e.preventDefault();
      if (e.repeat) return;
      const b = HOLDS[k];
      press(b, null);
      clearTimeout(holds[b]);
      holds[b] = setTimeout(() => release(b, null), HOLD_MS);
    } else if (k in KEYS) {
      e.preventDefault();
      if (!e.repeat) press(KEYS[k], null);
    } else if (k === " ") {
      e.preventDefault();
      ensureAudio();
      if (!e.repeat) con.shake();
    }
  });
  document.addEventListener("keyup", (e) => {
    if (e.key in KEYS) release(KEYS[e.key], null);
    if (e.key.length === 1 && e.key.toLowerCase() in KEYS) release(KEYS[e.key.toLowerCase()], null);
  });
  window.addEventListener("blur", () => {
    for (const b of [...held]) release(b, null);
    for (const el of document.querySelectorAll(".btn.down")) el.classList.remove("down");
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && wantAwake) keepAwake(true);
  });

  // shake to roll: the phone's accelerometer, with gravity, in milli-g
  const onMotion = (e) => {
    const a = e.accelerationIncludingGravity;
    if (!a || a.x === null || a.x === undefined) return;
    motion = [Math.round(a.x * MILLI_G), Math.round(a.y * MILLI_G), Math.round(a.z * MILLI_G)];
    motionNew = true;
    const ask = document.getElementById("motion");
    if (ask.style.display !== "none") ask.style.display = "none";   // motion is coming: no need to ask
  };
  const DME = window.DeviceMotionEvent;
  if (DME) window.addEventListener("devicemotion", onMotion);
  if (DME && typeof DME.requestPermission === "function" && navigator.maxTouchPoints > 0) {
    // iOS sends motion only once the player allows it, from a tap
    const ask = document.getElementById("motion");
    ask.style.display = "block";
    ask.addEventListener("click", () => {
      DME.requestPermission().then((answer) => {
        if (answer === "granted") {
          window.addEventListener("devicemotion", onMotion);
          ask.style.display = "none";
        } else {
          ask.textContent = "Motion not allowed: use the Shake button";
        }
      }).catch(() => { ask.textContent = "Motion not available: use the Shake button"; });
    });
  }
}

if ("serviceWorker" in navigator && location.protocol !== "file:" && !params.has("nosw")) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}

start().catch((e) => {
  api.error = String(e);
  statusEl.textContent = "Could not start: " + e;
  console.error(e);
});
