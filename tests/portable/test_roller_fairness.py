from check import close, raises
from dicebox.apps import fairness as fz
from dicebox.core import rng


def test_chi_square_statistic_by_hand():
    # 60 rolls of a d6, expected 10 per face: squared gaps 4, 0, 1, 1, 0, 4
    counts = [12, 10, 9, 11, 10, 8]
    assert close(fz.chi_square(counts), (4 + 0 + 1 + 1 + 0 + 4) / 10.0)
    assert fz.chi_square([10] * 6) == 0


def test_critical_values_match_the_tables():
    # Upper 1 % and 0.1 % points of chi-square, from published tables.
    table = {1: (6.635, 10.828), 3: (11.345, 16.266), 5: (15.086, 20.515),
             7: (18.475, 24.322), 9: (21.666, 27.877), 19: (36.191, 43.820),
             99: (134.642, 148.230)}
    for df in table:
        a, b = table[df]
        assert abs(fz.critical(0.01, df) - a) < 2e-3 * a, df
        assert abs(fz.critical(0.001, df) - b) < 2e-3 * b, df


def test_p_value_even_df_closed_form():
    import math
    # df = 2: P(X >= x) = exp(-x / 2)
    for x in (0.5, 2.0, 6.0, 13.8):
        assert close(fz.p_value(x, 2), math.exp(-x / 2), 1e-6)
    # df = 4: exp(-x/2) (1 + x/2)
    for x in (1.0, 9.0, 20.0):
        assert close(fz.p_value(x, 4), math.exp(-x / 2) * (1 + x / 2), 1e-6)
    assert fz.p_value(0, 5) == 1.0
    raises(ValueError, fz.p_value, 1.0, 0)


def test_lgamma_of_half_integers():
    import math
    assert close(fz.lgamma_half(1), math.log(math.sqrt(math.pi)), 1e-9)  # Gamma(1/2)
    assert fz.lgamma_half(2) == 0.0                                       # Gamma(1)
    assert close(fz.lgamma_half(10), math.log(24), 1e-9)                  # Gamma(5) = 4!
    assert close(fz.lgamma_half(7), math.log(15 * math.sqrt(math.pi) / 8), 1e-9)


def test_verdict_fair_on_exact_uniform_counts():
    v, stat, df = fz.verdict([100] * 6)
    assert v == fz.FAIR and stat == 0 and df == 5


def test_verdict_loaded_die_is_biased():
    # A six that comes up twice as often as it should
    v, stat, df = fz.verdict([90, 90, 90, 90, 90, 150])
    assert v == fz.BIASED
    assert stat > fz.critical(0.001, 5)


def test_verdict_suspect_between_thresholds():
    # stat = (c^2 * 2) / 100 with counts 100 +- c; pick c so 15.09 <= stat < 20.5
    counts = [100 + 29, 100 - 29, 100, 100, 100, 100]
    v, stat, df = fz.verdict(counts)
    assert 15.09 < stat < 20.51
    assert v == fz.SUSPECT


def test_verdict_too_few_rolls():
    assert fz.verdict([3, 4, 5, 2, 6, 4])[0] == fz.TOO_FEW
    assert fz.verdict([7])[0] == fz.TOO_FEW


def test_every_verdict_has_words():
    for v in (fz.FAIR, fz.SUSPECT, fz.BIASED, fz.TOO_FEW):
        short, long = fz.WORDS[v]
        assert short and len(short) <= 16 and long


def test_run_in_slices_counts_every_roll():
    run = fz.FairnessRun(6, 600)
    r = rng.seeded(42)
    steps = 0
    while not run.step(r, 250):
        steps += 1
    assert steps == 2 and run.finished()
    assert sum(run.counts) == 600 == run.done_n
    assert run.step(r, 100) and sum(run.counts) == 600  # no rolls past the end


def test_seeded_fair_d6_run_passes():
    run = fz.FairnessRun(6, 6000)
    r = rng.seeded(2024)
    while not run.step(r, 500):
        pass
    assert run.result()[0] == fz.FAIR


def test_loaded_source_is_caught():
    class Loaded:
        # every 4th roll is forced to face 0, the rest are fair
        def __init__(self):
            self.r = rng.seeded(9)
            self.i = 0

        def randbelow(self, n):
            self.i += 1
            return 0 if self.i % 4 == 0 else self.r.randbelow(n)

    run = fz.FairnessRun(6, 600)
    run.step(Loaded(), 600)
    assert run.result()[0] == fz.BIASED


def test_bad_run_arguments():
    raises(ValueError, fz.FairnessRun, 1, 100)
    raises(ValueError, fz.FairnessRun, 6, 0)
    raises(ValueError, fz.FairnessRun, 1001, 100)


def test_a_on_rolls_lists_the_counts_and_changes_nothing_unseen():
    """A on "Rolls" opens the list of counts (the value stays until one is
    picked); Left/Right still step it."""
    from dicebox.apps import roller_fair
    from dicebox.core import events as E
    from console import FakeApp
    app = FakeApp()
    m = roller_fair.FairnessSetup(app)
    app.push(m)
    m.sel = 2
    before = m.label(2)
    app.press(E.A)
    assert app.top() is not m and m.label(2) == before
    app.press(E.B)
    assert app.top() is m and m.label(2) == before
    app.press(E.RIGHT)
    assert m.label(2) != before
    app.press(E.A)
    app.press(E.A)                       # the first count
    assert app.top() is m and m.n == roller_fair.FAIR_ROLLS[0]
