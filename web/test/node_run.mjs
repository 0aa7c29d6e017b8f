// Runs the web edition's Python in MicroPython's WebAssembly port under Node,
// headless, with the same dicebox_js module the page registers (storage in a
// Map that outlives a "reload", crypto from Node, tones recorded).
//
//   node node_run.mjs BUILD_DIR script FILE [SEED]   -> JSON of the shots
//   node node_run.mjs BUILD_DIR storage              -> JSON of the storage checks
//   node node_run.mjs BUILD_DIR shared TEXTFILE FILE -> a shared game's link opened, a script
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [buildDir, mode, ...rest] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(buildDir, "micropython.mjs")).href);
const files = JSON.parse(readFileSync(path.join(buildDir, "files.json"), "utf8"));

const unb64 = (s) => new Uint8Array(Buffer.from(s, "base64"));

function jsModule(store, tones, log, stuck, shared = []) {
  return {
    share: (t) => { shared.push(t); },
    random_hex: (n) => (stuck ? "00".repeat(n) : randomBytes(n).toString("hex")),
    store_keys: () => [...store.keys()].join("\n"),
    store_get: (k) => (store.has(k) ? store.get(k) : null),
    store_set: (k, v) => { store.set(k, v); return true; },
    store_remove: (k) => { store.delete(k); },
    tone: (f) => { tones.push(f); },
    log: (t) => { log.push(t); },
  };
}

// One page load: a fresh runtime, the firmware written into its filesystem.
async function load(store, tones = [], log = [], stuck = false, shared = []) {
  const t0 = performance.now();
  const out = [];
  const mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024,
    stdout: (s) => out.push(s), stderr: (s) => out.push(s) });
  for (const [p, text] of Object.entries(files)) {
    const parts = ("/lib/" + p).split("/").slice(1, -1);
    let dir = "";
    for (const d of parts) {
      dir += "/" + d;
      try { mp.FS.mkdir(dir); } catch (e) { /* exists */ }
    }
    mp.FS.writeFile("/lib/" + p, text.startsWith("b64:") ? unb64(text.slice(4)) : text);
  }
  mp.registerJsModule("dicebox_js", jsModule(store, tones, log, stuck, shared));
  const webhw = mp.pyimport("webhw");
  return { mp, webhw, out, loadMs: performance.now() - t0, tones, log };
}

if (mode === "script") {
  const text = readFileSync(rest[0], "utf8");
  const seed = rest[1] ? parseInt(rest[1], 10) : 1;
  const { webhw, loadMs } = await load(new Map());
  const t0 = performance.now();
  const res = JSON.parse(webhw.run_script(text, seed));
  res.load_ms = loadMs;
  res.run_ms = performance.now() - t0;
  process.stdout.write(JSON.stringify(res));
} else if (mode === "shared") {
  // A shared game's link (#g=TEXT in rest[0]) opened at boot, then a script
  // (rest[1]); the texts the page was asked to share come back too.
  const link = readFileSync(rest[0], "utf8").trim();
  const text = readFileSync(rest[1], "utf8");
  const shared = [];
  const { webhw } = await load(new Map(), [], [], false, shared);
  const res = JSON.parse(webhw.run_shared(link, text, 1));
  res.shared = shared;
  process.stdout.write(JSON.stringify(res));
} else if (mode === "storage") {
  // Boot, roll, "reload" with the same storage; then a damaged entry.
  const store = new Map();
  const r = {};
  let page = await load(store);
  let con = page.webhw.boot(JSON.stringify({ seed: 1, virtual: true }));
  con.run_ms(100);
  const shots = [];
  for (const line of ["press a", "press a", "wait 800"]) {
    con.command(line, shots);
  }
  const before = con.picture();
  r.keys_after_play = [...store.keys()].sort();
  page = await load(store);
  con = page.webhw.boot(JSON.stringify({ seed: 7, virtual: true }));
  con.run_ms(100);
  con.command("press a", shots);
  con.command("wait 300", shots);
  r.same_after_reload = con.picture() === before;
  // damage the roller's save: set aside as on the device, the roller starts afresh
  const rollerKey = r.keys_after_play.find((k) => k.startsWith("dicebox:roller"));
  r.roller_key = rollerKey;
  store.set(rollerKey, '{"fmt": 1, "name": "roll');
  page = await load(store);
  con = page.webhw.boot(JSON.stringify({ seed: 1, virtual: true }));
  con.run_ms(100);
  con.command("press a", shots);
  con.command("wait 300", shots);
  r.keys_after_damage = [...store.keys()].sort();
  r.bad_kept = store.get(rollerKey.replace(".json", ".bad")) || null;
  r.top_after_damage = JSON.parse(con.info()).top;
  r.after_damage = con.picture();
  // the crypto source: health tests ran, dice come from it
  page = await load(new Map());
  con = page.webhw.boot('{"virtual": true}');
  r.info = JSON.parse(con.info());
  r.load_ms = page.loadMs;
  for (const line of ["wait 100", "press a", "press a", "wait 800"]) con.command(line, shots);
  r.crypto_roll = JSON.parse(con.info());
  r.tones_sound_on = page.tones.filter((f) => f > 0).length;
  // Sound off in Settings: the piezo's tones stop reaching Web Audio
  const quiet = new Map();
  page = await load(quiet);
  con = page.webhw.boot('{"virtual": true}');
  for (const line of ["wait 100", "press down 5", "press a", "press right", "press b", "press up 5",
    "press a", "press a", "wait 800"]) con.command(line, shots);
  r.muted_top = JSON.parse(con.info()).top;
  r.muted_settings = quiet.get("dicebox:settings.json") || null;
  r.tones_sound_off = page.tones.filter((f) => f > 0).length;
  // idle: the console sleeps (the page stops stepping it); a press wakes it and is eaten
  page = await load(new Map());
  con = page.webhw.boot('{"virtual": true}');
  con.command("wait 125000", shots);
  r.asleep = JSON.parse(con.info()).asleep;
  r.step_while_asleep = con.step();
  con.down(4);
  r.woken = !JSON.parse(con.info()).asleep;
  con.run_ms(150);
  con.up(4);
  con.run_ms(300);
  r.after_wake_top = JSON.parse(con.info()).top;
  r.after_wake_on = con.picture().split(" ")[1];
  // a stuck source: the start-up health test fails and every roll is refused
  page = await load(new Map(), [], [], true);
  con = page.webhw.boot('{"virtual": true}');
  r.stuck_info = JSON.parse(con.info());
  for (const line of ["wait 100", "press a", "press a", "wait 300"]) con.command(line, shots);
  r.stuck_roll = JSON.parse(con.info());
  process.stdout.write(JSON.stringify(r));
} else {
  console.error("usage: node_run.mjs BUILD_DIR script FILE [SEED] | storage");
  process.exit(2);
}
