"""Mildred's finished games kept as their logs, through its real table
(tests/portable/gamelogs_play.py)."""
from gamelogs_play import games_replay_to_the_tables_final_state, resumed_game_keeps_one_log


def test_bots_games_replay_from_the_kept_log_to_the_tables_final_state():
    games_replay_to_the_tables_final_state("mildred", [[1, 2], [2, 2]])


def test_a_game_saved_half_way_and_resumed_keeps_one_log_of_the_whole_game():
    resumed_game_keeps_one_log("mildred", [1, 1])
