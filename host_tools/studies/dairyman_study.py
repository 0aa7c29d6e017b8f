"""Dairyman Expert study: where the Expert's games against the old hard bot
are won and lost, and paired comparisons of Expert variants.

usage: python host_tools/studies/dairyman_study.py stats [--games N] [--seed S]
       python host_tools/studies/dairyman_study.py pair VARIANT [--games N] [--seed S]

``stats`` plays the Expert against the old hard bot (host_tools/studies/ladder_dairyman.py
reads it from git) and sums per bot: points claimed, points lost to resets,
flips by kind, failures, ice creams used, and the margin of won and lost games.
``pair`` plays the same seeds (same dice, same seat orders) with the Expert as
it is and with VARIANT (a name in VARIANTS: settings of bot.py's module
values) and prints both win rates and the paired difference with its standard
error. At most 2 processes.
"""
import argparse
import math
import os
import sys
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools"))
import upy  # noqa: E402

upy.on_path()
import ladder_dairyman as L  # noqa: E402
from dicebox.core import rng, game  # noqa: E402
from dicebox.games.dairyman import rules, bot, plainbots  # noqa: E402
from dicebox.games.dairyman.tiles import VALUE, BACK, CHEESE  # noqa: E402

# settings of bot.py's module values; "defer:KIND[:KIND]" plays the Expert but
# takes the hard search's move in decisions of those kinds (see _kind)
VARIANTS = {
    "base": {},
    "noexpo": {"EXPOSE_W": 0.0},      # the Expert before the exposure terms
    "expo2": {"EXPOSE_W": 2.0},
    "next06": {"NEXT_W": 0.6},
    "next13": {"NEXT_W": 1.3},
    "reset15": {"RESET_W": 1.5},
    "toprisk01": {"TOP_RISK": 0.1},
    "toprisk04": {"TOP_RISK": 0.4},
    "ft3": {"EXPERT_FT": 3.0},
}


def _kind(a, h):
    """The kind of a decision where the Expert plays a and the hard search h."""
    va, vh = a[0], h[0]
    if "ice" in (va, vh):
        return "ice"
    if "flip" in (va, vh):
        return "flip"
    if va == vh:
        return {"claim": "claim", "lock": "lock", "reroll": "freeze"}.get(va, "other")
    if "reroll" in (va, vh) and (va in ("claim", "fail") or vh in ("claim", "fail")):
        return "stop"
    return "other"


COUNT = {}


def _defer_bot(kinds):
    """The Expert, but the hard search's move in decisions of these kinds."""
    def choose(state, rng):
        a = plainbots.expert(state, rng)
        h = plainbots.hard(state, rng)
        if a != h:
            k = _kind(a, h)
            COUNT[k] = COUNT.get(k, 0) + 1
            if k in kinds:
                return h
        return a
    return choose


def _settings(variant):
    """A named variant, or settings written out: "RISK_A=0.1+RISK_N=8"
    (CONT_B as three numbers for the 1st, 2nd, 3rd+ reroll: "CONT_B=0/1/2")."""
    if variant in VARIANTS:
        return VARIANTS[variant]
    out = {}
    for item in variant.split("+"):
        k, v = item.split("=")
        if k == "CONT_B":
            out[k] = tuple([0.0] + [float(x) for x in v.split("/")])
        else:
            out[k] = float(v)
    return out


_KNOBS = ("NEXT_W", "RESET_W", "EXPERT_FT", "TOP_RISK", "EXPOSE_W", "RISK_A",
          "RISK_CAP", "RISK_N", "CONT_B")
_DEFAULT = dict((k, getattr(bot, k)) for k in _KNOBS if hasattr(bot, k))


def _apply(variant):
    """bot.py's values as they are, then the variant's (a pool's worker
    plays several variants in turn)."""
    for k, v in _DEFAULT.items():
        setattr(bot, k, v)
    if variant.startswith("defer"):
        return
    for k, v in _settings(variant).items():
        if k not in _DEFAULT:
            raise SystemExit("bot.py has no %s (see docs/games/dairyman-bots.md)" % k)
        setattr(bot, k, v)


def _expert(variant):
    if variant.startswith("defer"):
        return _defer_bot(variant.split(":")[1:])
    return plainbots.level_bot(3)


def _stats_game(g):
    a = plainbots.level_bot(3)
    b = L.old_hard()
    first = g % 2 == 0
    bots = [a, b] if first else [b, a]
    ex = 0 if first else 1
    r = rng.seeded(g)
    br = rng.seeded(g * 7919 + 13)
    s = rules.State(2)
    st = [dict(claim=0, lost=0, cheese=0, ice=0, fail=0, icer=0, resets=0, turns=0) for _ in range(2)]
    while s.current_player() != game.TERMINAL:
        if s.current_player() == game.CHANCE:
            game.resolve_chance(s, r)
            continue
        p = s.seat
        act = bots[p](s, br)
        s.apply(act)
        last = s.last
        if act[0] == "claim":
            for t in act[1]:
                st[p]["claim"] += VALUE[t]
            st[p]["turns"] += 1
        elif act[0] == "fail":
            st[p]["fail"] += 1
            st[p]["turns"] += 1
            if last and last[0] == "reset":
                st[p]["resets"] += 1
                for k in range(2, len(last), 2):
                    st[last[k]]["lost"] += VALUE[last[k + 1]]
        elif act[0] == "flip":
            st[p]["cheese" if BACK[act[1]] == CHEESE else "ice"] += 1
        elif act[0] == "ice":
            st[p]["icer"] += 1
    sc = s.scores()
    win = s.winners()
    w = (1.0 / len(win)) if ex in win else 0.0
    return w, sc[ex] - sc[1 - ex], st[ex], st[1 - ex]


def stats(games, seed, pool):
    res = pool.map(_stats_game, range(seed, seed + games), chunksize=10)
    won = sum(x[0] for x in res)
    print("Expert v old hard: %d games, %.1f%%" % (games, 100.0 * won / games))
    keys = ("claim", "lost", "cheese", "ice", "fail", "icer", "resets", "turns")
    print("%-8s %s" % ("", " ".join("%8s" % k for k in keys)))
    for name, j in (("Expert", 2), ("hard", 3)):
        print("%-8s %s" % (name, " ".join("%8.2f" % (sum(x[j][k] for x in res) / games) for k in keys)))
    for label, sel in (("won", lambda x: x[0] == 1.0), ("lost", lambda x: x[0] == 0.0)):
        sub = [x for x in res if sel(x)]
        if sub:
            print("%s: %d games, mean margin %.1f" % (label, len(sub), sum(x[1] for x in sub) / len(sub)))
    hist = {}
    for x in res:
        m = abs(x[1]) // 10 * 10
        m = min(m, 60)
        hist.setdefault(m, [0, 0])
        hist[m][0 if x[0] >= 0.5 else 1] += 1
    print("margin  won lost")
    for m in sorted(hist):
        print("%4d+ %5d %5d" % (m, hist[m][0], hist[m][1]))


def _pair_games(job):
    variant, seeds = job
    _apply(variant)
    a = _expert(variant)
    b = L.old_hard()
    out = []
    for g in seeds:
        first = g % 2 == 0
        s = L.play([a, b] if first else [b, a], g)
        win = s.winners()
        seat = 0 if first else 1
        out.append((1.0 / len(win)) if seat in win else 0.0)
    if COUNT:
        print(variant, sorted(COUNT.items()))
    return out


def _run(variant, games, seed, pool):
    seeds = list(range(seed, seed + games))
    jobs = [(variant, seeds[h::2]) for h in range(2)]
    res = pool.map(_pair_games, jobs)
    out = {}
    for h in range(2):
        for g, w in zip(seeds[h::2], res[h]):
            out[g] = w
    return [out[g] for g in seeds]


def _cached_base(games, seed, pool):
    # the base is bot.py's Expert as it is: its settings name the cache
    tag = "".join("%s%s" % (k, _DEFAULT[k]) for k in sorted(_DEFAULT))
    tag = "%08x" % (sum(ord(ch) * (j + 1) for j, ch in enumerate(tag)) & 0xffffffff)
    path = os.path.join(ROOT, "bench", "out", "dairyman_base_%d_%d_%s.txt" % (seed, games, tag))
    if os.path.exists(path):
        with open(path) as f:
            return [float(x) for x in f.read().split()]
    res = _run("base", games, seed, pool)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(" ".join(str(x) for x in res))
    return res


def pair(variant, games, seed, pool):
    base = _cached_base(games, seed, pool)
    var = _run(variant, games, seed, pool)
    d = [v - b for v, b in zip(var, base)]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    print("%-12s %d games from %d: base %.1f%%  variant %.1f%%  paired diff %+.1f +- %.1f points (1 s.e.), "
          "%d games differ"
          % (variant, n, seed, 100.0 * sum(base) / n, 100.0 * sum(var) / n, 100 * m,
             100 * sd / math.sqrt(n), sum(1 for x in d if x)))


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("what")
    ap.add_argument("variant", nargs="?", default="base")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20001)
    a = ap.parse_args(argv)
    with Pool(2) as pool:
        if a.what == "stats":
            stats(a.games, a.seed, pool)
        else:
            for v in a.variant.split(","):
                pair(v, a.games, a.seed, pool)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
