"""What a Dairyman stop is worth beyond its points, for the bots' turn search
(bot._context): the tiles a reset would take (the highest unflipped ones),
the chance each seat holds the most tokens when the last one is taken, and
the worth of the next player's fresh turn at the display a stop leaves.

FRESH (read by ``fresh``): the level 0-2 search's expected points of a fresh
turn (8 dice, a failure -5), in tenths, by the display's three values in any order
(host_tools/benches/bench_dairyman.py --tables;
tests/host/test_dairyman_tables.py checks it)."""
from array import array
from micropython import const
from dicebox.games.dairyman.tiles import VALUE


def hi(s, q):
    """Value of seat q's highest unflipped tile: what a reset takes."""
    top = 0
    for t in s.owned[q]:
        if not s.flipped[t] and VALUE[t] > top:
            top = VALUE[t]
    return top


def hi2(s, q):
    """Value of seat q's second highest unflipped tile (what a reset takes
    once the highest is flipped; equal to hi when two tiles share the top)."""
    top = 0
    h2 = 0
    for t in s.owned[q]:
        if not s.flipped[t]:
            v = VALUE[t]
            if v > top:
                h2 = top
                top = v
            elif v > h2:
                h2 = v
    return h2


_RESET = {}   # token counts -> chance each seat is among the most at the reset
              # (an array of doubles: one object, not a list and a float a seat)


_FACT = (1, 1, 2, 6, 24, 120, 720, 5040, 40320)
SPLIT = 3     # bot units of one split of the tokens left (reset_odds_in: 2-3 us of the
              # unix port a split, four players; host_tools/benches/bench_slices.py)
KEEP = 20     # ... of keeping the chances (_RESET: a table that grows copies its entries)


def reset_odds_in(bg, tokens, total):
    """For each seat, the chance it holds the most tokens when the last one is
    taken, if every later token goes to a seat at random, as a bot thinks it:
    a generator that yields None between slices of ``bg`` (a
    core.think.Budget, SPLIT units a split) and returns the chances. They
    are summed over the ways the tokens left can split between the seats
    (multinomial weights), not by recursion over every order (that cost the
    chip about 380 ms the first time in a four-player game); the splits come
    in order, the first seat's share slowest, and the sums are the same
    whatever the slices."""
    key = tuple(tokens)
    r = _RESET.get(key)
    if r is not None:
        return r
    n = len(tokens)
    left = total - sum(tokens)
    if left <= 0:
        most = max(tokens)
        r = [1.0 if x == most else 0.0 for x in tokens]
    else:
        r = [0.0] * n
        cur = list(tokens)
        last = n - 1
        rest = left                  # the tokens the last seat gets in this split
        cur[last] += rest
        part = [0] * last            # ... and the others' shares
        while True:
            while not bg.fits(SPLIT):
                yield None
            w = _FACT[left]          # the split's orders: left! over each share's factorial
            for j in range(last):
                w //= _FACT[part[j]]
            w //= _FACT[rest]
            most = max(cur)
            for q in range(n):
                if cur[q] == most:
                    r[q] += w
            j = last - 1             # the next split: the last share that can grow grows,
            while j >= 0 and not rest:   # the ones after it start again from none
                rest = part[j]
                cur[j] -= rest
                part[j] = 0
                j -= 1
            if j < 0:
                break
            part[j] += 1
            cur[j] += 1
            rest -= 1
            cur[last] = tokens[last] + rest
        scale = 1.0 / (n ** left)
        for q in range(n):
            r[q] *= scale
    while not bg.fits(KEEP):
        yield None
    if len(_RESET) > 400:
        _RESET.clear()
    r = array("d", r)
    _RESET[key] = r
    return r


# The worth to the next player of a fresh turn at a display (8 dice, a failure
# -5): the level 0-2 search's expected points, in tenths, by the display's three
# values as indices 0..6 (10..40), at a * 49 + b * 7 + c in any order: FRESH's
# letter there (its byte) less _A is the index of the worth in FRESH_V. A line
# is one value of a, seven letters each b. Written out by
# host_tools/benches/bench_dairyman.py --tables (a loop at import cost the chip
# ~100 ms); tests/host/test_dairyman_tables.py checks it. One bytes object
# (343 bytes) where a tuple of ints took 1.7 KB.
FRESH_V = (226, 205, 204, 192, 186, 180, 168, 167, 161, 143, 137, 136, 98, -37, -38)
_A = const(65)   # the byte of "A": the first of FRESH_V
FRESH = (
    b"ABABADDBBAFBFFAAAAAAABFAIEIIABAEEEEDFAIEMMDFAIEMM"
    b"BBAFBFFBCABCBBAADBADDFBBFBFFBCABCBBFBDFBJJFBDFBJJ"
    b"AAAAAAAAADBADDADDBADDABBCABBAAAAAAAADDBADDADDBADD"
    b"BFAIEIIFBBFBFFABBCABBIFCLHKKEBAHHHGIFBKHKKIFBKGKK"
    b"ABAEEEEBCABCBBAAAAAAAEBAHHHGECAHHHGEBAHHHGEBAGGGG"
    b"DFAIEMMFBDFBJJADDBADDIFBKHKKEBAHHHGMJDKHONMJDKGNN"
    b"DFAIEMMFBDFBJJADDBADDIFBKGKKEBAGGGGMJDKGNNMJDKGNN"
)


def fresh(i):
    """The worth (tenths) of a fresh turn at the display of FRESH index i."""
    return FRESH_V[FRESH[i] - _A]


def next_turn(bg, rest, pool, m):
    """Expected worth (tenths) of the next player's fresh turn when the display
    keeps ``rest`` (value indices) and m tiles come from the stack, whose value
    counts are ``pool`` (drawn as if with replacement). A generator: yields
    None between slices, returns the worth."""
    n = 0
    kinds = 0
    for c in pool:
        n += c
        if c:
            kinds += 1
    if m == 0:
        return fresh(rest[0] * 49 + rest[1] * 7 + rest[2])
    if n == 0:
        return 0
    acc = 0
    if m == 1:
        base = rest[0] * 49 + rest[1] * 7
        while not bg.fits(2 * kinds + 12):
            yield None
        for v in range(7):
            if pool[v]:
                acc += pool[v] * FRESH_V[FRESH[base + v] - _A]
        return acc // n
    if m == 2:
        base = rest[0] * 49
        for v in range(7):
            if pool[v]:
                while not bg.fits(kinds):
                    yield None
                for w in range(7):
                    if pool[w]:
                        acc += pool[v] * pool[w] * FRESH_V[FRESH[base + v * 7 + w] - _A]
        return acc // (n * n)
    for v in range(7):
        if pool[v]:
            for w in range(7):
                if pool[w]:
                    while not bg.fits(kinds // 3 + 1):
                        yield None
                    pw = pool[v] * pool[w]
                    base = v * 49 + w * 7
                    for x in range(7):
                        if pool[x]:
                            acc += pw * pool[x] * FRESH_V[FRESH[base + x] - _A]
    return acc // (n * n * n)
