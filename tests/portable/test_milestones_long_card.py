"""A card of three lines or more under the dice still leaves a line for what
to do ("A mark, Up claim") and messages: the card's last shown line ends in
".." (Up shows it whole). A newcomer holding a long card saw no prompt and no
bot's message for as long as they held it."""
from dicebox.games.milestones import deck
from dicebox.games.milestones import view as MS_view
from test_milestones_screens import App, setup_solo


def test_a_long_card_leaves_the_prompt_and_the_messages():
    long_cards = [c for c in range(deck.NCARDS) if len(MS_view.card_lines(c)) >= 3]
    assert long_cards, "no card of three lines"
    app = App()
    table = setup_solo(app, bots=0)
    st = table.st
    app.shake()
    app.run(1000)
    st.hands[0] = long_cards[0]
    table.show_card = True
    table.msg = ""
    table.dirty = True
    out = app.screen()
    assert "A mark, Up claim" in out or "shake to roll" in out, out
    assert ".." in out, out
    table.say("S2 scored +2")
    out = app.screen()
    assert "S2 scored +2" in out, out
