"""Tournaments run by organisers: Highlander duels (twin boards linked as one match,
duels.py) in round-robin groups and knock-out brackets, and rounds of standard
Diplomacy seated at boards of seven and scored by the systems tournaments use; with
registration, the organiser's pages, the players' ratings, and the results as CSV, JSON
and the World Diplomacy Database's upload.

The reckoning is pure, with no Django (brackets, groups, ratings, scoring, seating; an
import-linter contract holds it so); services hold the verbs, selectors what the pages
show. Tournaments listen to games and plug into them through the hooks games offers;
games never imports tournaments."""
