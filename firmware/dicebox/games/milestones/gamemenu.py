"""Milestones' part of the game menu (hold B at the table; the menu itself is
``core.tablepages.game_menu``): the moves made from it (ask to keep, discard,
flip the hourglass; each in its place all game, saying why not when it cannot
be made now), the face-up cards, the claim aid and the bots' pace, and the
Hint. Imported when the menu opens and dropped when the table is back on top
(``ON_DEMAND``); the functions take the table, ``t`` (a ``table.Table``)."""
from dicebox.core import ui
from dicebox.core.think import Budget
from dicebox.games.milestones import PACES, deck, tasks


def moves(t):
    """The moves of the game menu, each in a fixed place for the whole game
    (the variant says which are there): one not possible now says why in
    its label ("Flip: no match") and A on it does nothing."""
    st = t.st
    items = []
    if t.humans > 1:
        why = why_not(t, "keep")
        items.append(("Ask to keep", lambda: then(
            t, lambda: t.seats_then(t.keep, "Who asks?"))) if why is None
            else ("Keep: " + why, None))
    if st.big:
        why = why_not(t, "discard")
        items.append(("Discard card", lambda: then(
            t, lambda: t.seats_then(lambda s: t.act(("discard", s)), "Who discards?")))
            if why is None else ("Discard: " + why, None))
    if st.hg_side is not None:
        why = why_not(t, "flip")
        items.append(("Flip hourglass", lambda: then(t, lambda: t.act(("flip", 0))))
                     if why is None else ("Flip: " + why, None))
    return items


def why_not(t, verb):
    """None when the game menu's move ``verb`` (keep, discard, flip) can be
    made now by a person's seat, else why not (at most 8 characters)."""
    st = t.st
    if st.over:
        return "over"
    if st.setup < st.n:
        return "later"            # the first cards are being drawn
    if verb == "keep":
        if st.dice is None:
            return "no dice"
        return None if t.keepm else "no marks"
    for s in range(t.humans):
        for a in st.legal_actions(s):
            if a[0] == verb:
                return None
    if verb == "flip":
        if not st.hg_open:
            return "used"
        if st.dice is None:
            return "no dice"
        return "no match"
    for s in range(t.humans):
        if st.hands[s] >= 0:
            return "no pile"
    return "no card"


def then(t, fn):
    t.app.pop()                   # the menu
    fn()


def settings(t):
    """The face-up cards (in their place all game, "none" once used), the
    claim aid and, with bots, their pace."""
    items = []
    st = t.st
    if st.mand_all or st.hg_side is not None:
        items.append(("Face-up cards" if st.mand_open or st.hg_open else "Face-up: none",
                      (lambda: specials(t)) if st.mand_open or st.hg_open else None))
    items.append((lambda: "Claim aid: %s" % ("on" if t.cfg.get("aid") else "off"),
                  lambda: toggle_aid(t)))
    if t.bots:
        items.append((lambda: "Pace: %s" % PACES[t.pace()], lambda: next_pace(t),
                      lambda d: step_pace(t, d)))
    return items


def next_pace(t):
    """The game menu's "Pace" (the bots'): A goes calm, normal, quick,
    round again; Left/Right step slower or quicker (``step_pace``)."""
    t.cfg["pace"] = (t.pace() + 1) % len(PACES)
    t.want_save()
    t.app.top().dirty = True


def step_pace(t, d):
    p = min(max(t.pace() + d, 0), len(PACES) - 1)
    if p != t.pace():
        t.cfg["pace"] = p
        t.want_save()
    t.app.top().dirty = True


def toggle_aid(t):
    t.cfg["aid"] = not t.cfg.get("aid")
    t.want_save()
    t.app.top().dirty = True


def specials(t):
    st = t.st
    lines = []
    for sd in st.mand_open:
        lines.append("Must: " + ", ".join(tasks.describe(deck.SIDE_TASKS[sd])))
    if st.hg_open:
        lines.append("Glass: " + ", ".join(tasks.describe(deck.SIDE_TASKS[st.hg_side])))
    t.app.push(ui.TextPage(t.app, "Face up", "\n".join(lines)))


def hint(t):
    """The Expert's advice for a person's seat, thought in slices on a clone."""
    def show(seat):
        t.bm          # the bot module and the bots, as play brings them in (the advice uses the module)
        from dicebox.games.milestones.advice import hint as advise, SLICE
        gen = advise(t.st.clone(), seat, t.app.rng, Budget(SLICE))
        from dicebox.core.tablepages import HintPage
        t.app.replace(HintPage(t.app, gen, lambda a: hint_words(t, a, seat)))
    t.seats_then(show, "Whose hint?")


def hint_words(t, a, seat):
    """The hint's headline; the bot's words under it say which dice and why."""
    if not a:
        return "Nothing to do now."
    v = a[0]
    if v == "roll":
        return "Your roll:" if t.st.turn == seat else "When you roll:"
    if v == "claim":
        return "Claim now!"
    if v == "flip":
        return "Flip the glass!"
    if v == "discard":
        return "Swap your card."
    return "Take a card."
