"""A shared game: the text a link carries (the browser edition's ``#g=TEXT``:
a finished game's log, core/gamelog.py's base64url text) opened as its
replay and review over the screen on top, or a message that says why it
cannot be. The browser's page makes such a link from a kept game ("Share
link" on its menu, only where the hardware can share: ``hw.share``) and never sends it anywhere: the game
is in the address's fragment, which no server sees. Imported only for that.
"""
from dicebox.core.gamelog import B64, MAX_BYTES

LINK_TAG = "#g="        # where a shared game starts in the page's address
MAX_TEXT = (MAX_BYTES * 4 + 2) // 3     # the longest log's text


def problem(text):
    """Why ``text`` cannot be a shared game's log, or None (a first look:
    the replay reads it with every check)."""
    if not text:
        return "it holds no game"
    if len(text) > MAX_TEXT:
        return "it is too long to be a game"
    for c in text:
        if B64.find(c) < 0:
            return "it has characters no game's link has"
    return None


def open_link(app, text):
    """The shared game ``text`` over the screen on top: its log read with
    every check (a slice a frame), then offered as a kept game is (its
    replay, its review, both on the log read here); a message instead when it cannot be a game or is
    damaged. True when it went on to be read."""
    text = text.strip()
    if text.startswith(LINK_TAG):
        text = text[len(LINK_TAG):]
    why = problem(text)
    if why:
        app.message("Shared game", "This link cannot be opened: %s. Nothing on the "
                    "console was changed. Ask for the link again, all of it." % why)
        return False
    from dicebox.core import ui
    from dicebox.core.replaypage import Reading, game_items, leave

    def offer(log):
        app.push(ui.Menu(app, "Shared game", game_items(app, text, log), lambda: leave(app)))
    app.push(Reading(app, text, offer, "Shared game",
                     "This link's game is damaged, or not a Dicebox game"))
    return True
