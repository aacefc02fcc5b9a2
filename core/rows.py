"""Model instances from hand-written SQL, for the few reads on the hottest path.

Django builds a queryset's SQL anew every time it runs one. For a one-row read of a game,
a seat or a phase that costs about 0.4 ms of CPU on the benchmark machine, four to five
times what sending the same SQL through a cursor costs (``bench/site_load_orders.py``;
the figures are in the README). An order submission made six such reads, and a web
process has two cores' worth of CPU for every request at once. So the models whose rows
every submission reads offer a few reads written in SQL (their managers), and this module
turns those rows into instances the way the ORM does:

- the columns read are the model's own concrete fields, in their order, so a field added
  to a model is read without touching any SQL;
- each value goes through the converters the ORM would apply (a JSON field's decoding;
  SQLite's dates, times and booleans), asked of the connection the row came from;
- instances are made by ``Model.from_db``, as the ORM makes them (deferred nothing,
  ``_state.adding`` false, ``_state.db`` set).

Only reads that every submission makes belong here; everything else stays a queryset.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=models.Model)


def connection() -> BaseDatabaseWrapper:
    return connections[DEFAULT_DB_ALIAS]


def quote(name: str) -> str:
    return connection().ops.quote_name(name)


@cache
def _fields(model: type[models.Model]) -> tuple[Any, ...]:
    return tuple(model._meta.concrete_fields)


def width(model: type[models.Model]) -> int:
    """How many columns :func:`columns` reads for ``model``."""
    return len(_fields(model))


@cache
def table(model: type[models.Model]) -> str:
    """``model``'s table, quoted."""
    return quote(model._meta.db_table)


@cache
def column(model: type[models.Model], field: str) -> str:
    """The column of ``model``'s field ``field``, quoted."""
    return quote(model._meta.get_field(field).column)  # type: ignore[union-attr]


@cache
def columns(model: type[models.Model], alias: str) -> str:
    """Every concrete field's column of ``model`` (as ``alias``.column), in field order:
    the select list :func:`instance` reads back."""
    return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model))


def lock_clause() -> str:
    """`` FOR UPDATE`` where the database locks rows (not SQLite, which locks the whole
    database for a write transaction).

    Raises:
        TransactionManagementError: outside a transaction, where a lock would end with
            the statement (the ORM refuses ``select_for_update()`` there too).
    """
    db = connection()
    if not db.features.has_select_for_update:
        return ""
    if db.get_autocommit():
        raise TransactionManagementError("A row lock outside a transaction ends at once.")
    return " FOR UPDATE"


@cache
def _attnames(model: type[models.Model]) -> list[str]:
    return [f.attname for f in _fields(model)]


@cache
def _converted(model: type[models.Model], vendor: str) -> tuple[tuple[int, Any], ...]:
    """The fields of ``model`` the ORM converts on ``vendor``'s database, with each one's
    column expression: which ones is fixed by the vendor, the converters themselves are
    asked of each connection (they may read its settings)."""
    db = connection()
    found = []
    for n, field in enumerate(_fields(model)):
        col = field.get_col(model._meta.db_table)
        if db.ops.get_db_converters(col) or field.get_db_converters(db):
            found.append((n, col))
    return tuple(found)


def instance(model: type[M], row: Sequence[Any], start: int = 0) -> M:
    """The instance of ``model`` read from ``row[start:]`` (the columns of
    :func:`columns`), with its values converted as the ORM converts them."""
    fields = _fields(model)
    values = list(row[start : start + len(fields)])
    db = connection()
    for n, col in _converted(model, db.vendor):
        value = values[n]
        for convert in db.ops.get_db_converters(col) + col.field.get_db_converters(db):
            value = convert(value, col, db)
        values[n] = value
    return model.from_db(DEFAULT_DB_ALIAS, _attnames(model), values)


def one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """The first row ``sql`` returns, or None."""
    with connection().cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()  # type: ignore[no-any-return]


def first(model: type[M], sql: str, params: Sequence[Any]) -> M | None:
    """The instance of ``model`` in the first row ``sql`` returns (the columns of
    :func:`columns`), or None."""
    found = one(sql, params)
    return None if found is None else instance(model, found)
