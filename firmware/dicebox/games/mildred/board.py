"""The words the Mildred rules and rewards share: phases, round flags,
shenanigans, and the scallywag bitmask helpers. (rules.py re-exports all of
them; rewards.py uses them without importing the rules.)"""
from micropython import const

# phases (State.phase)
SETUP = const(0)   # chance: pick indulgencies and the task set left out
START = const(1)   # chance: both players shake 9 dice for the start player
WAKE = const(2)
SHAKE = const(3)   # chance: the active player's pool is shaken
ACT = const(4)
OVER = const(5)

# per-round flags of the active player (State.flags)
F_READY = const(1)     # step (e) done
F_COOK = const(2)      # Cook#1 advance done
F_DISC = const(4)      # Clean#3: one die less for indulgencies this round
F_PAID = const(8)      # F_PAID << set: that set has paid a reward this round (R18)
F_ALL = const(0x7F)

# shenanigans on a player (State.shen), active during that player's next round
SH_LESS = const(1)     # Clean#2: scores 1 cookie less
SH_NO4 = const(2)      # Clean#4: cannot score a 4-cookie indulgency
SH_NOTIE = const(4)    # Clean#5: cannot score on ties


def top(m):
    """Highest level held in a scallywag bitmask (0 when empty)."""
    for lv in range(6, 0, -1):
        if (m >> lv) & 1:
            return lv
    return 0


def ndice(m):
    """Scallywags in a bitmask (levels 1..6 only: bounded whatever ``m`` holds)."""
    n = 0
    for lv in range(1, 7):
        n += (m >> lv) & 1
    return n


def wrap(v):
    """A die value moved past 6 or below 1 comes round: 7 is 1, 0 is 6."""
    return (v - 1) % 6 + 1


def counts(pool):
    """``c[v]`` = how many dice of value v (1..6) are in ``pool``."""
    c = [0] * 7
    for v in pool:
        c[v] += 1
    return c


ROUND_LIMIT = 200   # R14: the game stops after this many player rounds


def ind_dice(st, p, pat):
    """The shaken dice of p's that go onto a card for pattern ``pat`` (sorted):
    the pattern itself, or with Clean 3 (R8) one die fewer: the wild stands in
    for a missing die, or for the highest when none is missing. None when
    p's shaken dice cannot make the pattern."""
    wild = 1 if st.flags & F_DISC else 0
    c = counts(st.pool[p])
    take = []
    miss = 0
    for v in pat:
        if c[v]:
            c[v] -= 1
            take.append(v)
        else:
            miss += 1
    if miss > wild:
        return None
    if wild and not miss:
        take.pop()  # R8: the wild stands in for the highest die
    return take
