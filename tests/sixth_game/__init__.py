"""A sixth game that lives only here, to show what a new game needs: High card.

`game/` is its pure half (rules, rulings, disputes) and `ui/` its screens (the table and
the dispute entry). The `highcard` fixture (conftest.py) registers both halves for one
test and takes them out again; nothing outside this folder names it.
"""
