"""Tournaments run by organisers: for now, the Highlander twin-board duel as a kind of
linked boards (duels.py) and its page. Listens to games; games never imports it."""
