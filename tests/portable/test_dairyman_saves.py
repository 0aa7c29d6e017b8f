"""Dairyman saves: from_dict refuses every damaged state with BadData; the
menu loads through core.tablepages.load_table, reports the problem and never crashes."""
from console import Fresh
import json
import dicebox.games.dairyman as dairyman
D_pages = Fresh("dicebox.games.dairyman.pages")
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.rng import seeded
from dicebox.core.storage import BadData
from dicebox.core.memstore import MemoryStore
from dicebox.games.dairyman import rules, tiles
from check import raises
from test_dairyman_rules import new, roll


def mid_game():
    """Seat 0 after a roll and a lock, one tile owned and flipped by seat 1."""
    s = new(3)
    roll(s, [6, 4, 5, 5, 1, 2, 3, 3])
    s.apply(("lock", (0, 1)))
    s.owned[1].append(s.stack.pop())
    return s


def refused(d, why=None):
    e = raises(BadData, rules.State.from_dict, d)
    if why is not None:
        assert why in str(e), str(e)
    return e


def test_round_trip_through_json_at_every_step_of_random_games():
    r = seeded(5)
    for n in (2, 3, 4):
        s = rules.State(n)
        steps = 0
        while s.current_player() != TERMINAL and steps < 400:
            if s.current_player() == CHANCE:
                s.apply_chance([r.randbelow(k) for k in s.chance_request()])
            else:
                acts = s.legal_actions()
                s.apply(acts[r.randbelow(len(acts))])
            d = json.loads(json.dumps(s.to_dict()))
            assert rules.State.from_dict(d).to_dict() == s.to_dict()
            steps += 1


def test_issue_examples_refused():
    d = mid_game().to_dict()
    d["seat"] = 5
    refused(d, "seat")
    d = mid_game().to_dict()
    d["display"][0] = 99
    refused(d, "display")
    d = mid_game().to_dict()
    d["n"] = 7
    refused(d, "players")


def test_types_and_ranges_refused():
    base = mid_game().to_dict()
    bad = [
        ("stack", "junk"), ("display", [1, 2, 3, 4]), ("seat", "0"), ("seat", True),
        ("dv", [9] * 8), ("dc", [0] * 8), ("dl", [7] * 8), ("tokens", [9, 0, 0]),
        ("freeze", [-1, 0, 0]), ("freeze", [0, 0]), ("flipped", [0] * 21),
        ("rolls", -1), ("need_lock", 2), ("over", "no"), ("pending", [9]),
        ("pending", [1, [50]]), ("owned", [[], []]), ("used", [3]),
        ("sets", [[1, 0, 2]]), ("last", [[1]]), ("turns", 1.5), ("v", 2),
    ]
    for k, v in bad:
        d = json.loads(json.dumps(base))
        d[k] = v
        refused(d)
    for k in base:
        d = json.loads(json.dumps(base))
        del d[k]
        refused(d)
    refused("junk")
    refused([])


def test_tiles_neither_created_nor_lost():
    d = mid_game().to_dict()
    d["stack"].pop()
    refused(d, "tiles")
    d = mid_game().to_dict()
    d["owned"][2].append(d["display"][0])        # in two places
    refused(d)
    d = mid_game().to_dict()
    d["flipped"][d["display"][0]] = 1           # flipped on the display
    refused(d, "flipped")


def test_dice_invariants():
    d = mid_game().to_dict()
    d["dv"][0] = 5                              # the locked set totals 11
    refused(d, "10")
    d = mid_game().to_dict()
    d["dl"][2] = 1                              # locked outside a set
    refused(d, "set")
    d = mid_game().to_dict()
    d["dl"][2] = rules.SPENT                        # a white die spent
    refused(d, "yellow")
    d = mid_game().to_dict()
    d["dc"] = d["dc"] + [rules.RED]                 # lengths differ
    refused(d)
    d = mid_game().to_dict()
    for k in ("dc", "dv", "dl"):
        d[k] = d[k] + [rules.RED if k == "dc" else (3 if k == "dv" else 0)] * 5
    refused(d)                                  # five red dice


def test_seat_kind_and_count_refused_at_load():
    import dicebox.games.dairyman as dairyman
    D_pages = Fresh("dicebox.games.dairyman.pages")
    st = MemoryStore()
    good = mid_game()
    for seats in ([0, 7, 2], [0, 2], [0, 2, 2, 2], ["human", 0, 0]):
        st.save(dairyman.SAVE, {"state": good.to_dict(), "seats": seats})
        assert D_pages.load(_App(st)) is None
        assert st.take_problems(dairyman.SAVE), seats
    for seats in ([0, 5, 2], [0, 2], [0, -1, 1]):
        st.save(dairyman.SAVE, {"state": good.to_dict(), "seats": seats, "kinds": 2})
        assert D_pages.load(_App(st)) is None
        assert st.take_problems(dairyman.SAVE), seats
    st.save(dairyman.SAVE, {"state": good.to_dict(), "seats": [0, 4, 2], "kinds": 2,
                           "log": ["P1 rolled 6 4"], "opt": {"hints": 1}})
    s, seats, log, opt = D_pages.load(_App(st))
    assert s.to_dict() == good.to_dict() and seats == [0, 4, 2]
    assert log.lines == ["P1 rolled 6 4"] and opt == {"hints": 1}


def test_a_save_from_before_the_shared_table_resumes_with_levels():
    """Old seats 0 human, 1 easy bot, 2 hard bot: easy plays as Beginner,
    hard as Strong; the move log comes along."""
    st = MemoryStore()
    good = mid_game()
    st.save(dairyman.SAVE, {"state": good.to_dict(), "seats": [0, 1, 2], "log": ["old line"]})
    s, seats, log, opt = D_pages.load(_App(st))
    assert s.to_dict() == good.to_dict() and seats == [0, 1, 3]
    assert log.lines == ["old line"] and opt == {}
    assert not st.take_problems(dairyman.SAVE)


class _App:
    def __init__(self, store):
        self.store = store


# A save written before the field table (tiles.FIELDS): yes/no fields as 1/0.
FIRST_FORMAT = json.loads(
    '{"v":1,"n":3,"stack":[3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],'
    '"display":[0,1,2],"owned":[[],[21],[]],'
    '"flipped":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"tokens":[0,0,0],'
    '"freeze":[0,0,0],"seat":0,"dc":[0,0,0,0,0,0,0,1],"dv":[6,4,5,5,1,2,3,3],'
    '"dl":[1,1,0,0,0,0,0,0],"sets":[[1,0,1]],"rolls":1,"need_lock":0,"used":[],'
    '"pending":null,"over":0,"turns":0,"last":["lock",0,1]}')


def test_a_save_of_the_first_format_still_loads_the_same_game():
    s = rules.State.from_dict(json.loads(json.dumps(FIRST_FORMAT)))
    assert s.need_lock is False and s.is_over() is False
    assert s.to_dict() == mid_game().to_dict()
    d = json.loads(json.dumps(FIRST_FORMAT))
    d["need_lock"] = 1
    assert rules.State.from_dict(d).need_lock is True
    d["need_lock"] = 2
    refused(d, "need_lock")


def test_the_field_table_is_the_save_format():
    d = mid_game().to_dict()
    assert sorted(d) == sorted(("v",) + tiles.FIELDS.names)
    assert d["v"] == tiles.FIELDS.version == 1
    for k in tiles.FIELDS.names:
        assert hasattr(rules.State(2), k), k


def test_another_version_or_a_missing_field_is_refused():
    d = mid_game().to_dict()
    d["v"] = 2
    refused(d, "another version")
    for k in ("last", "need_lock", "pending"):
        d = mid_game().to_dict()
        del d[k]
        refused(d, k + " missing")
    refused([1, 2], "not a saved game")


def test_a_clone_shares_no_list_with_its_original():
    s = mid_game()
    c = s.clone()
    assert c.to_dict() == s.to_dict() and c.supply_total == s.supply_total
    c.owned[1].append(0)
    c.sets[0].append(9)
    c.dv[0] = 1
    c.last.append("x")
    assert s.to_dict() == mid_game().to_dict()


def test_is_over_is_the_end_of_the_game():
    s = mid_game()
    assert not s.is_over() and s.current_player() != TERMINAL
    s.stack = []
    s.display = [0]
    s.owned[1].extend(range(1, 21))
    s.dc = s.dv = s.dl = []
    s.sets = []
    s.end_turn()
    assert s.is_over() and s.current_player() == TERMINAL
    d = json.loads(json.dumps(s.to_dict()))
    assert rules.State.from_dict(d).is_over()
