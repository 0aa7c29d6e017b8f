"""Milestones: a cooperative real-time dice game for 1-5 players (bots fill seats)."""
