"""Milestones's finished games kept as their logs, through its real table
(tests/portable/gamelogs_play.py)."""
from gamelogs_play import games_replay_to_the_tables_final_state, resumed_game_keeps_one_log
from gamelogs_play import power_cuts_keep_the_log_once


def test_bots_games_replay_from_the_kept_log_to_the_tables_final_state():
    games_replay_to_the_tables_final_state("milestones", [[2, 2], [0, 2, 2]])


def test_a_game_saved_half_way_and_resumed_keeps_one_log_of_the_whole_game():
    resumed_game_keeps_one_log("milestones", [0, 2])


def test_a_power_cut_at_every_storage_operation_of_a_games_end_keeps_its_log_once():
    power_cuts_keep_the_log_once("milestones", [0, 2])
