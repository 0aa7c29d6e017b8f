"""Auntie Mildred's List of Random Tasks: a 2-player dice placement game."""
NAME = "Auntie Mildred"
