"""What the entropy source does after its continuous health tests raise an
alarm, or on a roll after a refusal (hal/entropy.py's ``Entropy._alarm`` and
``_retry``), imported only then: a healthy source raises an alarm about once
in 13,700 hours, so play does not carry this code. Each function takes the
``Entropy``; the bounds are passed in from hal/entropy.py, which keeps them."""


def alarm(src, repeat_bits):
    """The continuous tests failed: stop, test a fresh sample, go on if it
    passes; a second alarm within ``repeat_bits`` of the first refuses."""
    why = src.test.msg
    src.alarms += 1
    if src.since_alarm < repeat_bits:
        src._refuse("%s (again, %d bits after the last alarm)" % (why, src.since_alarm))
        src._say("health alarm (%s) soon after another: rolls refused" % why)
        return False
    src.since_alarm = 0
    src.retests += 1
    try:
        ok = src._sample()
    except Exception as e:
        ok = False
        src.startup.msg = "entropy source unreadable: %r" % (e,)
    if ok:
        src._say("health alarm (%s); a fresh sample of %d bits passed: rolls go on" % (
            why, src.nbits))
        return True
    src._refuse(src.startup.msg)
    src.retry = True
    src._say("health alarm (%s); the fresh sample failed too (%s): rolls refused" % (
        why, src.startup.msg))
    return False


def retry(src, fresh_bytes):
    """A roll after a failed fresh sample ("A on the table tries again"):
    another fresh sample; the dice go on if it passes. A source that is
    still stuck fails it again and the roll is refused with the reason; a
    second alarm soon after the first still refuses for good."""
    try:
        ok = src._sample()
    except Exception:
        ok = False
    src.retests += 1
    if ok:
        src.entropy_ok = True
        src.entropy_msg = "ok"
        src.retry = False
        src.fresh = fresh_bytes
        src._say("a fresh sample on a roll passed: rolls go on")
    else:
        src.entropy_msg = src.startup.msg
    return ok
