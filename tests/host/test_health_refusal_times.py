"""How long after a source goes wrong (right after boot) the idle health
steps refuse it, over 200 seeds each: printed, and held to bounds.
Idle frames are 1/30 s, each testing hal.entropy.STEP_BITS raw bits."""
from test_health_continuous import Source, _steps_to_refuse

from dicebox.hal.entropy import Entropy

SEEDS = range(1, 201)


def times(mode):
    out = []
    for seed in SEEDS:
        e = Entropy(Source(seed, fail_at=1024, mode=mode))
        out.append(_steps_to_refuse(e) / 30.0)
        assert not e.ok
    out.sort()
    return out[len(out) // 2], out[len(out) * 9 // 10], out[-1]


def test_refusal_times_after_boot():
    bounds = {1: 0.2, 0: 0.2, "biased": 5.0, "period4": 5.0, "p75": 60.0}
    print()
    for mode, worst in bounds.items():
        med, p90, top = times(mode)
        print("%-8s refused after idle: median %.2f s, 90th percentile %.2f s, max %.2f s" % (
            {1: "stuck 1", 0: "stuck 0", "biased": "82% ones", "period4": "period 4",
             "p75": "75% ones"}[mode], med, p90, top))
        assert top <= worst, (mode, top)
        if mode == "p75":
            assert med < 15    # it was 46 s (90th percentile 3 minutes)
