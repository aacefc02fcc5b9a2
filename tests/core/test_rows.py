"""The reads written in SQL (core/rows.py and the managers that use it) give what the ORM
gives: the same instances, field by field, and a real row lock."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.db.models import Model
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import ApiToken, hash_key
from accounts.services import api_token_create
from core import rows
from games.models import Game, GamePhase, OrderSet, Seat

pytestmark = pytest.mark.django_db(transaction=True)


def same_as_orm(found: Model | None, expected: Model) -> None:
    assert found is not None
    assert type(found) is type(expected)
    for field in expected._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    assert found._state.adding is False
    assert found._state.db == expected._state.db


def test_a_game_read_in_sql_is_the_orms_game(started_game: Game) -> None:
    started_game.options = {"nested": {"json": [1, 2]}}
    started_game.save(update_fields=["options"])
    same_as_orm(Game.objects.row(started_game.pk), Game.objects.get(pk=started_game.pk))


def test_no_such_game_is_none(started_game: Game) -> None:
    assert Game.objects.row(started_game.pk + 1000) is None


def test_a_seat_read_in_sql_is_the_orms_seat(started_game: Game, players: dict[str, Any]) -> None:
    france = players["france"]
    same_as_orm(
        Seat.objects.held_by(started_game.pk, france.pk),
        Seat.objects.get(game=started_game, user=france),
    )
    assert Seat.objects.held_by(started_game.pk + 1000, france.pk) is None


def test_the_open_phase_read_in_sql_is_the_latest_open_one(started_game: Game) -> None:
    first = started_game.phases.get()
    first.notes = [{"note": "kept"}]
    first.deadline = timezone.now()
    first.save()
    same_as_orm(GamePhase.objects.open_latest(started_game.pk), GamePhase.objects.get(pk=first.pk))
    first.status = GamePhase.Status.RESOLVED
    first.save()
    assert GamePhase.objects.open_latest(started_game.pk) is None


def test_a_token_is_read_with_its_user_in_one_statement(players: dict[str, Any]) -> None:
    token, key = api_token_create(user=players["england"], name="bot")
    with CaptureQueriesContext(connection) as queries:
        found = ApiToken.objects.with_user(hash_key(key))
        assert found is not None
        assert found.user.username == players["england"].username
    assert len(queries) == 1
    same_as_orm(found, ApiToken.objects.get(pk=token.pk))
    same_as_orm(found.user, type(players["england"]).objects.get(pk=players["england"].pk))
    assert ApiToken.objects.with_user(hash_key(key + "x")) is None


def test_a_lock_outside_a_transaction_is_refused(started_game: Game) -> None:
    if not connection.features.has_select_for_update:
        pytest.skip("SQLite locks the whole database, not rows")
    with pytest.raises(TransactionManagementError):
        Game.objects.row(started_game.pk, lock=True)


def test_a_locked_game_row_waits_for_the_transaction(started_game: Game) -> None:
    """Another connection cannot lock the game's row (nor its open phase's) while a
    transaction holds them: the same lock the ORM's select_for_update takes."""
    if not connection.features.has_select_for_update:
        pytest.skip("SQLite locks the whole database, not rows")
    refused: list[str] = []

    def try_to_lock(table: str, pk: int) -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE NOWAIT", [pk])
        except OperationalError:
            refused.append(table)
        finally:
            connections.close_all()

    with transaction.atomic():
        game = Game.objects.row(started_game.pk, lock=True)
        phase = GamePhase.objects.open_latest(started_game.pk, lock=True)
        assert game is not None
        assert phase is not None
        for table, pk in (("games_game", game.pk), ("games_gamephase", phase.pk)):
            other = threading.Thread(target=try_to_lock, args=(table, pk))
            other.start()
            other.join()
    assert refused == ["games_game", "games_gamephase"]


def test_the_columns_read_are_the_models_fields() -> None:
    # A field added to a model is read without touching any SQL: the list is its fields'.
    assert rows.width(Game) == len(Game._meta.concrete_fields)
    assert rows.columns(Seat, "s").count("s.") == len(Seat._meta.concrete_fields)


def test_an_order_set_is_replaced_in_one_statement(
    started_game: Game, players: dict[str, Any]
) -> None:
    phase = started_game.phases.get()
    france = started_game.seats.get(power="france")
    england = started_game.seats.get(power="england")
    with CaptureQueriesContext(connection) as queries:
        OrderSet.objects.replace(
            OrderSet(phase=phase, seat=france, power="france", orders=["A par - bur"], ready=True)
        )
    assert len(queries) == 1
    first = OrderSet.objects.get(phase=phase, power="france")
    assert (first.seat_id, first.orders, first.ready) == (france.pk, ["A par - bur"], True)
    OrderSet.objects.replace(
        OrderSet(phase=phase, seat=england, power="france", orders=["A mar - spa"], ready=False)
    )
    again = OrderSet.objects.get(phase=phase, power="france")
    assert again.pk == first.pk
    assert (again.seat_id, again.orders, again.ready) == (england.pk, ["A mar - spa"], False)
    assert again.updated_at >= first.updated_at
