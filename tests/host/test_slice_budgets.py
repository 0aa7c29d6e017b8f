"""The bots' slices and decisions sized for the chip, from figures recorded in
host_tools/benches/bench_slices.py (measured once there, not timed here): a slice's
units x unix-port microseconds a unit x the bot's chip factor <= 20 ms, every
piece of work a bot charges fits a slice, Mildred's Expert within 250 ms, and
the work is counted in each decision's Budget (no module counters)."""
import bench_slices as S
from dicebox.core.think import Budget
from dicebox.games.dairyman import bot as dairyman
from dicebox.games.mildred import bot as mildred
from dicebox.games.milestones import bot as milestones
from dicebox.games.milestones import search as milestones_search

BOTS = {"dairyman": dairyman, "mildred": mildred, "milestones": milestones}


def chip_ms(game, units):
    return units * S.HOST_US_PER_UNIT[game] * S.CHIP_FACTOR[game] / 1000.0


def test_the_factors_are_the_calibrated_ones():
    # issue 20: identical fixed-seed decisions on the chip and the unix port
    assert S.CHIP_FACTOR == {"dairyman": 367, "mildred": 279, "milestones": 367}
    assert S.SLICE_MS == 20 and S.DECISION_MS == 250


def test_a_full_slice_is_within_20_ms_on_the_chip():
    for game, bot in BOTS.items():
        assert chip_ms(game, bot.SLICE) <= S.SLICE_MS, (game, bot.SLICE, chip_ms(game, bot.SLICE))


def test_the_old_slices_were_over_it():
    # the sizes before (130, 8 and 45 units) by the same figures: the reason
    # for the change
    for game, old in (("dairyman", 130), ("mildred", 8), ("milestones", 45)):
        assert chip_ms(game, old) > S.SLICE_MS, game


def test_every_piece_a_bot_charges_fits_a_slice():
    # a piece alone in a slice always fits (Budget.fits), so a piece larger
    # than SLICE would make a slice longer than the figures above
    d = dairyman
    from dicebox.games.dairyman import stops
    pieces = [d._CONTEXT, d._EXPERT, d._CLAIMS, d._CLAIM, d._STOPS * 7 + 4, d._START, d._ROWS,
              d._TAIL, d._PLANW, d._NOISE_UNITS, 5, max(d._ICEW), d._WAY * 6,
              2 * max(d.NOUT) + 1, stops.SPLIT, stops.KEEP]
    assert max(pieces) <= d.SLICE, pieces
    m = mildred
    assert max(m.EVAL, m.TASK, m.SAMPLES, m.WORDS) <= m.SLICE
    s = milestones
    assert max(s.LOOK, milestones_search._KEEPCOST, 16, 12) <= s.SLICE


def test_mildreds_expert_decides_within_250_ms_on_the_chip():
    e = S.MILDRED_EXPERT
    assert mildred.EXPERT_BUDGET <= e["budget"]       # the budget the ratio was measured on
    assert e["audit_ms"] * e["ratio"] <= S.DECISION_MS
    # the Hint: the same thinking, then its words in two slices
    assert e["audit_ms"] * e["ratio"] + 2 * chip_ms("mildred", mildred.SLICE) <= S.DECISION_MS


def test_no_bot_keeps_a_module_counter_of_work():
    for bot in BOTS.values():
        assert not hasattr(bot, "units") and not hasattr(bot, "_used") and not hasattr(bot, "_Clock")


def test_the_budget_counts_slices_and_units():
    b = Budget(10)
    assert b.fits(6) and b.fits(4) and b.units == 10 and b.slices == 0
    assert not b.fits(1) and b.slices == 1 and b.used == 0   # the slice was full
    assert b.fits(1) and b.units == 11
    assert b.fits(25) is False and b.fits(25) and b.units == 36   # alone, a piece always fits
    b.end()
    assert b.slices == 3 and b.used == 0
    assert b.left() is None
    assert Budget(3, 5).left() == 5
