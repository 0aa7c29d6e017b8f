"""The game contract (core/game.py), checked the same way for all three games.

The play checks use only the public State API: the new-game constructor,
current_player, legal_actions, apply, do, chance_request, apply_chance,
to_dict/from_dict, clone.
Each check runs over every game and collects the failures of all of them
before it asserts, so one game's bug does not hide another's.

* malformed actions (wrong shape, wrong types, unknown verbs, extra or
  missing items) raise IllegalMove and leave the state unchanged;
* to_dict survives a JSON round trip through from_dict at every step of
  seeded random games;
* a game is determined by its action and chance log (replay gives the same
  state at every step);
* legal_actions is what apply accepts: every listed action is accepted, and a
  sample of near-miss candidates is accepted only when it is listed (or, where
  a game lists one action per kind of equivalent choice, equivalent to a
  listed one: ``same``);
* each rules.py (and the worked example, pig.py) writes the contract's
  methods in core/game.py's order under one banner, its own helpers under
  "helpers outside the contract", with the contract's arguments;
* ``do`` gives the state ``apply`` gives, for listed actions (and Milestones'
  clock actions) at every step of seeded random games;
* no firmware module outside a game's rules.py calls a private (``_x``)
  method of a State (the sources are read from the firmware tree).

Per-game notes: Milestones' clock actions (time, pause, resume) are always
allowed and never listed (its module docstring), so they are left out of the
legal-actions comparison and used only to move the clock on.
"""
import json
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.core.rng import seeded


# ---- the games ------------------------------------------------------------
def _dairyman():
    from dicebox.games.dairyman import rules
    return rules.State(3)


def _mildred():
    from dicebox.games.mildred import rules
    return rules.State()


def _milestones():
    from dicebox.games.milestones import rules
    return rules.State(2)


def _dairyman_key(state, action):
    """Dairyman lists one action per kind of choice: dice of the same face and
    colour class (yellow or not) are interchangeable in a lock, a freeze or a
    one-die ice cream. Map dice indices to (face, yellow) to compare."""
    a = tup(action)
    d = state.to_dict()
    dv, dc = d["dv"], d["dc"]

    def kind(i):
        return (dv[i], dc[i] == 1)
    if a[0] in ("lock", "reroll"):
        return (a[0], tuple(sorted(kind(i) for i in a[1])))
    if a[0] == "ice" and len(a) == 3:
        return (a[0], a[1], kind(a[2]))
    if a[0] == "claim":
        return (a[0], tuple(sorted(a[1])))
    return a


def _mildred_key(state, action):
    """Mildred takes an indulgency pattern as a multiset (it sorts the dice):
    ("ind", card, (6, 5, 5)) is the listed ("ind", card, (5, 5, 6))."""
    a = tup(action)
    if a[0] == "ind" and len(a) == 3 and isinstance(a[2], tuple):
        try:
            return a[:2] + (tuple(sorted(a[2])),)
        except TypeError:
            return a
    return a


def _milestones_clock(state, r):
    """Milestones runs on a clock: now and then let time pass (it ends the game)."""
    if r.randbelow(4) == 0:
        return ("time", state.to_dict()["now"] + 1000 * (1 + r.randbelow(20)))
    return None


def _pig():
    import pig      # the contract's worked example (tests/portable/pig.py)
    return pig.State(2)


# the worked example, checked beside the games where it is named
PIG = ("pig", _pig, None, None, ())
# name, new game, key for equivalent actions, extra action now and then, unlisted verbs
GAMES = (
    ("dairyman", _dairyman, _dairyman_key, None, ()),
    ("mildred", _mildred, _mildred_key, None, ()),
    ("milestones", _milestones, None, _milestones_clock, ("time", "pause", "resume")),
)
SEEDS = (1, 2)
MAX_STEPS = 160


def _plain(x):
    """JSON round trip (tuples become lists, as a save makes them)."""
    return json.loads(json.dumps(x))


def _step(state, r, extra):
    """One random step: a chance outcome, an extra (clock) action or a legal
    action. Returns the log entry ("c", values) / ("a", action)."""
    if state.current_player() == CHANCE:
        vals = [r.randbelow(n) for n in state.chance_request()]
        state.apply_chance(vals)
        return ("c", vals)
    if extra is not None:
        a = extra(state, r)
        if a is not None:
            state.apply(a)
            return ("a", a)
    acts = state.legal_actions()
    if not acts:
        raise AssertionError("seat %d must act but has no legal action" % state.current_player())
    a = acts[r.randbelow(len(acts))]
    state.apply(a)
    return ("a", a)


def _games(check, games=GAMES):
    """Run ``check(name, new, key, extra, unlisted)`` for each game; the list of
    failures as "game: what" strings."""
    bad = []
    for name, new, key, extra, unlisted in games:
        try:
            check(name, new, key, extra, unlisted)
        except Exception as e:
            bad.append("%s: %s %s" % (name, type(e).__name__, e))
    return bad


def _random_states(new, extra, seed, every):
    """Play a seeded random game, calling ``every(state, log)`` after each step."""
    r = seeded(seed)
    s = new()
    log = []
    n = 0
    while s.current_player() != TERMINAL and n < MAX_STEPS:
        log.append(_step(s, r, extra))
        every(s, log)
        n += 1
    return s, log


def _probe_games(new, extra, probe):
    """Play the seeded random games; at each state where a seat is to act,
    ``probe(state, log)`` says what is wrong there (None: nothing). Raises
    with the first three problems."""
    probs = []

    def every(s, log):
        if s.current_player() < 0 or len(probs) > 3:
            return
        why = probe(s, log)
        if why is not None:
            probs.append(why)
    for seed in SEEDS:
        _random_states(new, extra, seed, every)
    if probs:
        raise AssertionError("; ".join(probs[:3]))


# ---- malformed actions ------------------------------------------------------
_GENERIC = (None, (), [], "lock", 5, 1.5, ("nonsense",), ("",), (1, 2), ([], 3), {"a": 1},
            ("claim", {"t": 1}), ("fail", "fail", "fail"))


def _malformed(a):
    """Near-miss shapes of a legal action: one item too many or too few, an
    argument of the wrong type."""
    a = tup(a)
    out = [a + ("junk",), a + (3,), a + ((),)]
    if len(a) > 1:
        out.append(a[:-1])
    for k in range(1, len(a)):
        for bad in ("x", None, 1.5, {"k": 1}):
            out.append(a[:k] + (bad,) + a[k + 1:])
    return out


def _refused(s, a):
    """None if apply refused ``a`` with IllegalMove and left the state as it
    was, else what went wrong."""
    before = s.to_dict()
    c = s.clone()
    try:
        c.apply(a)
    except IllegalMove:
        if c.to_dict() != before:
            return "state changed by refused %r" % (a,)
        return None
    except Exception as e:
        return "%r raised %s %s" % (a, type(e).__name__, e)
    return "%r accepted" % (a,)


def test_malformed_actions_refused_state_unchanged():
    def check(name, new, key, extra, unlisted):
        def probe(s, log):
            cands = list(_GENERIC)
            for a in s.legal_actions()[:12]:
                cands.extend(_malformed(a))
            for a in cands:
                why = _refused(s, a)
                if why is not None:
                    return why
            return None
        _probe_games(new, extra, probe)
    bad = _games(check)
    assert not bad, "\n".join(bad)


# ---- saves --------------------------------------------------------------------
def test_json_round_trip_at_every_step():
    def check(name, new, key, extra, unlisted):
        cls = type(new())

        def every(s, log):
            d = _plain(s.to_dict())
            t = cls.from_dict(d)
            assert _plain(t.to_dict()) == d, "round trip differs after %r" % (log[-1],)
            assert t.current_player() == s.current_player()
            assert _plain(t.legal_actions()) == _plain(s.legal_actions()), "legal actions differ"
        for seed in SEEDS:
            _random_states(new, extra, seed, every)
    bad = _games(check)
    assert not bad, "\n".join(bad)


# ---- determinism ----------------------------------------------------------------
def test_replay_of_the_action_and_chance_log_gives_the_same_game():
    # The replay runs in step with the game (one saved state at a time fits
    # the device-sized heap); each entry goes through JSON as a saved log would.
    def check(name, new, key, extra, unlisted):
        for seed in SEEDS:
            t = new()

            def every(s, log):
                kind, x = log[-1]
                if kind == "c":
                    t.apply_chance(_plain(x))
                else:
                    t.apply(_plain(x))
                assert _plain(t.to_dict()) == _plain(s.to_dict()), "replay differs at step %d" % len(log)
            _random_states(new, extra, seed, every)
    bad = _games(check)
    assert not bad, "\n".join(bad)


def test_clone_is_independent():
    def check(name, new, key, extra, unlisted):
        def every(s, log):
            if len(log) % 7:
                return
            d = _plain(s.to_dict())
            c = s.clone()
            assert _plain(c.to_dict()) == d
            r = seeded(len(log))
            for _ in range(5):
                if c.current_player() == TERMINAL:
                    break
                _step(c, r, extra)
            assert _plain(s.to_dict()) == d, "playing a clone changed the original"
        for seed in SEEDS:
            _random_states(new, extra, seed, every)
    bad = _games(check)
    assert not bad, "\n".join(bad)


# ---- legal actions ------------------------------------------------------------------
def _near(a, r):
    """Candidates near a legal action: each int argument moved, a tuple of ints
    with one item changed, added or dropped."""
    a = tup(a)
    out = []
    for k in range(1, len(a)):
        x = a[k]
        if type(x) is int:
            for d in (-1, 1, 2):
                out.append(a[:k] + (x + d,) + a[k + 1:])
        elif isinstance(x, tuple) and all(type(i) is int for i in x):
            if x:
                j = r.randbelow(len(x))
                out.append(a[:k] + (x[:j] + (x[j] + 1,) + x[j + 1:],) + a[k + 1:])
                out.append(a[:k] + (x[:-1],) + a[k + 1:])
            out.append(a[:k] + (x + (r.randbelow(12),),) + a[k + 1:])
    return out


def test_legal_actions_are_what_apply_accepts():
    def check(name, new, key, extra, unlisted):
        def probe(s, log):
            legal = [tup(a) for a in s.legal_actions()]
            for a in legal:
                c = s.clone()
                try:
                    c.apply(a)
                except IllegalMove as e:
                    return "listed %r refused: %s" % (a, e)
            if key is None:
                keys = legal
            else:
                keys = [key(s, a) for a in legal]
            r = seeded(len(log))
            verbs = []
            for a in legal:
                if a[0] not in verbs:
                    verbs.append(a[0])
            pool = legal[:]
            if len(pool) > 20:
                pool = [pool[r.randbelow(len(pool))] for _ in range(20)]
            cands = []
            for a in pool:
                cands.extend(_near(a, r))
            for a in cands:
                if a[0] in unlisted:
                    continue
                c = s.clone()
                try:
                    c.apply(a)
                except IllegalMove:
                    continue
                except Exception as e:
                    return "%r raised %s" % (a, type(e).__name__)
                k = a if key is None else key(s, a)
                if k not in keys:
                    return "%r accepted but not listed" % (a,)
            return None
        _probe_games(new, extra, probe)
    bad = _games(check)
    assert not bad, "\n".join(bad)


# ---- one contract, one order (core/game.py) -------------------------------------
# The contract's methods in the order every rules.py (and the worked example,
# tests/portable/pig.py) writes them; the game's result method sits between
# the words and the saves.
CONTRACT = ("__init__", "current_player", "is_over", "legal_actions", "apply", "do",
            "chance_request", "apply_chance", "describe", "describe_chance",
            "to_dict", "from_dict", "clone")
END = {"dairyman": "winners", "mildred": "end_reason", "milestones": "score", "pig": "winners"}
# the positional arguments after self, each a contract method's (more may follow with defaults)
ARGS = {"apply": ("action",), "do": ("action",), "describe": ("action",),
        "describe_chance": ("values",), "apply_chance": ("values",), "legal_actions": (),
        "current_player": (), "is_over": (), "chance_request": (), "to_dict": (), "clone": ()}
HELPERS = "# ---- helpers outside the contract"


def _here():
    return __file__.rsplit("/", 1)[0] if "/" in __file__ else "."


def _firmware():
    """The firmware sources (under MicroPython the runner imports a build
    without them, so they are read from the tree beside the tests)."""
    return _here() + "/../../firmware/dicebox"


def _read(path):
    with open(path) as f:
        return f.read()


def _rules_source(name):
    if name == "pig":
        return _read(_here() + "/pig.py")
    return _read(_firmware() + "/games/%s/rules.py" % name)


def _state_class(src):
    """The text of ``class State`` in ``src``: from its line to the next line
    that is not indented."""
    i = src.index("\nclass State") + 1
    j = i
    while True:
        j = src.find("\n", j + 1)
        if j < 0:
            return src[i:]
        if j + 1 < len(src) and src[j + 1] not in " \n":
            return src[i:j]


def _places(text, part):
    """Each offset of ``part`` in ``text``, in order."""
    k = text.find(part)
    while k >= 0:
        yield k
        k = text.find(part, k + 1)


def _methods(cls):
    """[(name, parameter text, offset)] of the methods in a class's text, in order."""
    out = []
    for k in _places(cls, "\n    def "):
        a = k + 9
        b = cls.index("(", a)
        c = cls.index(")", b)
        out.append((cls[a:b], cls[b + 1:c], k))
    return out


def _params(text):
    return [p.strip() for p in text.split(",") if p.strip()]


def test_every_rules_module_writes_the_contract_in_one_order():
    bad = []
    for name in ("pig", "dairyman", "mildred", "milestones"):
        cls = _state_class(_rules_source(name))
        meths = _methods(cls)
        names = [m[0] for m in meths]
        helpers = cls.find(HELPERS)
        if helpers < 0:
            bad.append("%s: no %r banner" % (name, HELPERS))
            helpers = len(cls)
        want = list(CONTRACT)
        want.insert(want.index("to_dict"), END[name])
        missing = [n for n in want if n not in names]
        if missing:
            bad.append("%s: no %s" % (name, ", ".join(missing)))
            continue
        got = [n for n in names if n in want]
        if got != want:
            bad.append("%s: the contract in the order %s" % (name, " ".join(got)))
        for n, params, at in meths:
            if n in want and at > helpers:
                bad.append("%s: %s under the helpers' banner" % (name, n))
            if n not in want and not n.startswith("__") and at < helpers:
                bad.append("%s: helper %s among the contract's methods" % (name, n))
            if n in ARGS:
                ps = _params(params)
                need = list(ARGS[n])
                if ps[0] != "self" or ps[1:1 + len(need)] != need or \
                        [p for p in ps[1 + len(need):] if "=" not in p]:
                    bad.append("%s: %s(%s), not %s(self%s)" % (
                        name, n, params, n, "".join(", " + p for p in need)))
    assert not bad, "\n".join(bad)


def test_the_contract_methods_are_there_for_every_game():
    bad = []
    for name, new, key, extra, unlisted in GAMES + (PIG,):
        s = new()
        for n in CONTRACT + (END[name],):
            if not callable(getattr(s, n, None)):
                bad.append("%s: %s" % (name, n))
    assert not bad, bad


# ---- do is apply without the checks -----------------------------------------------
def test_do_gives_the_state_apply_gives_for_legal_actions():
    def check(name, new, key, extra, unlisted):
        def every(s, log):
            if s.current_player() < 0:
                return
            acts = [tup(a) for a in s.legal_actions()]
            r = seeded(len(log))
            if len(acts) > 6:
                acts = [acts[r.randbelow(len(acts))] for _ in range(6)]
            if extra is not None:
                a = extra(s, r)
                if a is not None:
                    acts.append(a)
            for a in acts:
                c = s.clone()
                c.apply(_plain(a))
                d = s.clone()
                d.do(a)
                assert _plain(d.to_dict()) == _plain(c.to_dict()), "do %r differs from apply" % (a,)
        for seed in SEEDS + (3, 4):
            _random_states(new, extra, seed, every)
    bad = _games(check, GAMES + (PIG,))
    assert not bad, "\n".join(bad)


# ---- no private State method called from outside its rules.py ------------------
def _private_state_methods():
    out = []
    for name in ("dairyman", "mildred", "milestones"):
        for n, params, at in _methods(_state_class(_rules_source(name))):
            if n[0] == "_" and not n.startswith("__") and n not in out:
                out.append(n)
    return out


def _ident(ch):
    return ch == "_" or "a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9"


def private_calls(src, names):
    """The calls ``x._name(`` in ``src`` of a name in ``names``, as
    "x._name" strings; a call on ``self`` is left out where ``src`` itself
    defines that method (its own class's, not a State's)."""
    out = []
    for k in _places(src, "._"):
        e = k + 1
        while e < len(src) and _ident(src[e]):
            e += 1
        b = k
        while b > 0 and _ident(src[b - 1]):
            b -= 1
        name = src[k + 1:e]
        recv = src[b:k]
        if e < len(src) and src[e] == "(" and name in names:
            if not (recv == "self" and ("def %s(" % name) in src):
                out.append(recv + "." + name)
    return out


def _firmware_files(d):
    import os
    out = []
    for n in sorted(os.listdir(d)):
        if n.endswith(".py"):
            out.append(d + "/" + n)
        elif "." not in n and n != "__pycache__":
            try:
                out.extend(_firmware_files(d + "/" + n))
            except OSError:
                pass
    return out


def test_the_private_call_scan_finds_what_it_looks_for():
    names = ["_lock", "_fail"]
    assert private_calls("x = st._lock(a)\n", names) == ["st._lock"]
    assert private_calls("c.clone()._fail(1)", names) == ["._fail"]
    assert private_calls("self._lock(a)\n", names) == ["self._lock"]     # not this file's own
    assert private_calls("def _fail(self):\n    self._fail()\n", names) == []
    assert private_calls("st._locked(a); st._lock; st.lock(a)", names) == []
    got = _private_state_methods()
    for n in ("_dice_arg", "_a_dodge", "_claim_reason", "_finish"):
        assert n in got, n
    for n in ("do", "remove_top", "clear_cols", "legal_wake", "legal_act", "start_turn"):
        assert n not in got, n


def test_no_module_outside_a_rules_py_calls_a_private_state_method():
    names = _private_state_methods()
    files = _firmware_files(_firmware())
    assert len(files) > 80, len(files)
    bad = []
    for f in files:
        if f.endswith("/rules.py"):
            continue
        for call in private_calls(_read(f), names):
            bad.append("%s: %s" % (f.split("/dicebox/")[-1], call))
    assert not bad, "\n".join(bad)
