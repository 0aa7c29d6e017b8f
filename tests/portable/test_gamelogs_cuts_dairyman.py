"""Dairyman: a power cut at each storage operation of a game's end keeps
its log exactly once (tests/portable/gamelogs_play.py; a module of its own:
under the MicroPython runner it has the device-sized heap to itself)."""
from gamelogs_play import power_cuts_keep_the_log_once


def test_a_power_cut_at_every_storage_operation_of_a_games_end_keeps_its_log_once():
    power_cuts_keep_the_log_once("dairyman", [1, 2])
