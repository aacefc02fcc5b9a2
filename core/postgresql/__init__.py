"""Django's PostgreSQL backend, with the pooled connections checked without a round trip
(see base.py)."""
