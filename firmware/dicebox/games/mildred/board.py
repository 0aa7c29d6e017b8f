"""The words the Mildred rules and rewards share: phases, round flags,
shenanigans, the scallywag bitmask helpers and the saved fields of a State
(``FIELDS``). (rules.py re-exports the phases, flags and helpers; rewards.py
and checks.py use them without importing the rules.)

State fields (rules.State). Every name is also the key it is saved under
(``FIELDS``), so the short ones stay short; per-player fields are pairs
indexed by seat 0/1.
  sets    the 3 task sets in play (sorted numbers 0..3, cards.SET_NAMES)
  inds    the 6 indulgency cards in play (sorted numbers 0..7)
  phase   SETUP, START, WAKE, SHAKE, ACT or OVER (below)
  turn    the seat whose round it is
  pend    a roll the round waits for, or None: ["shake", n] the round's
          shake, ["reroll", n] Cook 2, ["vroll", n] DIY 4 (n dice)
  cookie  cookie die, 1..6
  vic     victory dice placed (3 wins)
  pool    shaken dice with their values (sorted list)
  used    count of dice in the used pool (shaken at the next round)
  mods    dice on the 2 modify spots
  prank, dodge  [dice, slot]: ``dice`` real dice; ``slot`` the highest slot
          reached (rewards can push it past the dice, up to cards.MAX_SLOT)
  sc      scallywags: per task set a bitmask of the levels holding one (bit
          n = level n, 1..6)
  rd      ready marks: per task set 1 while its scallywags may do a task
  ig      indulgency groups: per card None or [pattern, dice on it]
  flags   the active player's round flags: F_READY (step (e) done), F_COOK
          (Cook 1 used), F_DISC (Clean 3) and F_PAID << set (that set paid its
          reward: R18, a set pays once a round; Wakeup tasks only after (e))
  shen    shenanigans hitting a player's next round: SH_LESS (Clean 2),
          SH_NO4 (Clean 4), SH_NOTIE (Clean 5)
  keep    the seat that may keep its start shake (first round), else -1
  rounds  player rounds played (R14: the game stops at ROUND_LIMIT)
  winner  None while playing; then the seat, or -1 for a draw
A player's 9 dice are always somewhere: pool, used, mods, prank, dodge, sc,
ig, vic, or a pending shake or reroll (checks.py counts them).
"""
from micropython import const
from dicebox.core.state_io import Fields

# The saved fields: attribute name == save key (see the glossary above).
# Version 1 is the format saves have always had; renaming a field needs a 2.
FIELDS = Fields(1, ("sets", "inds", "phase", "turn", "pend", "cookie", "vic", "pool",
                    "used", "mods", "prank", "dodge", "sc", "rd", "ig", "flags",
                    "shen", "keep", "rounds", "winner"), "mildred")

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
