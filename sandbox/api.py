"""The sandbox's REST API (``/api/v1/sandboxes/``): your sandboxes, a new one (from a
variant's start with its options, or forked from a game's phase you may see), one
sandbox with its tree of phases and one phase's board (as the game state API shows a
game's), every power's orders for a phase, adjudicating, branching, deleting; and a
sandbox through its read-only link, which refuses every write.

Thin views over sandbox.services and sandbox.selectors. Only the owner writes; anyone
else is told there is no such sandbox (404), as a private game is denied to outsiders,
so that a sandbox's existence is not given away. diplosite.api_urls puts
:data:`urlpatterns` under the API's prefix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.permissions import NotAHouseBot
from core.api import (
    MAX_ID,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
    ErrorSerializer,
    IndexField,
    PageQuerySerializer,
    PageSerializer,
    QuerySerializer,
    by_power,
    page_of,
)
from games.api.access import game_for
from games.api.games import DislodgedSerializer, ResultSerializer
from sandbox import selectors, services
from sandbox.models import Sandbox, SandboxPhase

#: The most powers one request gives orders for (a board has at most a few dozen).
MAX_POWERS = 50


class SandboxSummarySerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    title = serializers.CharField()
    variant = serializers.CharField()
    forked = serializers.SerializerMethodField(
        help_text="Whether it was forked from a game's phase."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def get_forked(self, sandbox: Sandbox) -> bool:
        return sandbox.forked_from_id is not None


class SandboxListSerializer(PageSerializer):
    sandboxes = SandboxSummarySerializer(many=True)


class SandboxForkedFromSerializer(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.IntegerField(
        allow_null=True, help_text="The game; null if you may not see it (or it is gone)."
    )
    phase = serializers.IntegerField(allow_null=True, required=False, help_text="Its index.")
    name = serializers.CharField(allow_null=True, required=False)


class SandboxInfoSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    title = serializers.CharField()
    variant = serializers.CharField()
    variant_name = serializers.CharField()
    options = serializers.DictField(help_text="The variant's rule choices it plays by.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    head = serializers.IntegerField(
        allow_null=True, help_text="The phase its last adjudication made (it opens there)."
    )
    share_code = serializers.CharField(
        allow_null=True,
        help_text="The read-only link's code (GET /sandboxes/shared/{code}/): its owner "
        "alone is told; null through the link.",
    )
    forked_from = SandboxForkedFromSerializer(allow_null=True)


class SandboxNodeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    parent = serializers.IntegerField(allow_null=True, help_text="The phase it follows.")
    depth = serializers.IntegerField(help_text="Steps from the start.")
    code = serializers.CharField()
    adjudicated = serializers.BooleanField()


class SandboxLineStepSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()


class SandboxBranchSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="1 for the first, oldest.")
    adjudicated = serializers.BooleanField()


class SandboxPhaseSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    parent = serializers.IntegerField(allow_null=True)
    depth = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField(
        help_text="M movement, R retreats, A adjustments; N, P, D set a game up "
        "(nomination, placement, draft)."
    )
    setup = serializers.BooleanField()
    adjudicated = serializers.BooleanField()
    units = by_power()
    dislodged = serializers.DictField(child=DislodgedSerializer(many=True))
    centers = by_power()
    extras = serializers.DictField()
    to_order = serializers.ListField(
        child=serializers.CharField(), help_text="Every power with orders to give here."
    )
    orders = by_power()
    legal = serializers.DictField(
        child=serializers.DictField(child=serializers.ListField(child=serializers.CharField())),
        help_text="The owner's, of an open phase of play: each power's units (or build "
        "sites) with the orders they may be given. Empty otherwise.",
    )
    back = serializers.IntegerField(allow_null=True, help_text="The phase before.")
    forward = serializers.IntegerField(
        allow_null=True, help_text="The phase after, on this line of play."
    )
    outcome = serializers.CharField(
        allow_blank=True, help_text='How a game would end here ("solo", "shared"); empty.'
    )
    winner = serializers.CharField(allow_blank=True)
    results = ResultSerializer(many=True, required=False, help_text="Once adjudicated.")
    units_after = by_power()
    centers_after = by_power()
    dislodged_after = serializers.DictField(child=DislodgedSerializer(many=True))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("units_after", "centers_after", "dislodged_after"):
            self.fields[name].required = False
            self.fields[name].help_text = "Once adjudicated."


class SandboxStateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    sandbox = SandboxInfoSerializer()
    phases = SandboxNodeSerializer(many=True, help_text="Its whole tree of phases, oldest first.")
    line = SandboxLineStepSerializer(many=True, help_text="The line of play through the phase.")
    branches = SandboxBranchSerializer(
        many=True, help_text="The phase's branches (itself included): other orders tried."
    )
    phase = SandboxPhaseSerializer()


class SandboxAdjudicatedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    adjudicated = serializers.IntegerField(
        help_text="The phase adjudicated: the one asked for, or a branch of it."
    )
    branched = serializers.BooleanField(
        help_text="Whether it is a branch (other orders in a phase adjudicated before)."
    )
    next = SandboxStateSerializer(help_text="The sandbox at the phase that follows.")


def _orders_field(**kwargs: Any) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.ListField(
            child=serializers.CharField(max_length=200, allow_blank=True),
            max_length=services.MAX_ORDERS_PER_POWER,
        ),
        **kwargs,
    )


def _few_powers(value: dict[str, list[str]]) -> dict[str, list[str]]:
    if len(value) > MAX_POWERS:
        raise serializers.ValidationError(_("No board has that many powers."))
    return value


class SandboxOrdersInputSerializer(BodySerializer):
    orders = _orders_field(
        help_text='Each power\'s orders, one text each: {"france": ["A par - bur"]}. '
        "Every power left out has none."
    )

    def validate_orders(self, value: dict[str, list[str]]) -> dict[str, list[str]]:
        return _few_powers(value)


class SandboxAdjudicateInputSerializer(BodySerializer):
    orders = _orders_field(
        required=False,
        help_text="Each power's orders, as for PUT .../orders/; left out: those saved.",
    )

    def validate_orders(self, value: dict[str, list[str]]) -> dict[str, list[str]]:
        return _few_powers(value)


class SandboxSavedOrdersSerializer(serializers.Serializer):  # type: ignore[type-arg]
    phase = serializers.IntegerField()
    orders = by_power()


def _sandbox(request: Request, sandbox_id: int) -> Sandbox:
    """The caller's own sandbox; the same 404 for anyone else, whether it exists or not."""
    sandbox = (
        selectors.owned_sandbox(user=request.user, sandbox_id=sandbox_id)
        if 0 < sandbox_id <= MAX_ID
        else None
    )
    if sandbox is None:
        raise exceptions.NotFound(_("No such sandbox."))
    return sandbox


def _phase(sandbox: Sandbox, phase_id: int) -> SandboxPhase:
    phase = sandbox.phases.filter(pk=phase_id).first() if 0 < phase_id <= MAX_ID else None
    if phase is None:
        raise exceptions.NotFound(_("No such phase."))
    return phase


def _state(request: Request, sandbox: Sandbox, at: int | None, *, owner: bool) -> dict[str, Any]:
    try:
        return selectors.sandbox_state(sandbox=sandbox, viewer=request.user, at=at, owner=owner)
    except SandboxPhase.DoesNotExist:
        raise exceptions.NotFound(_("No such phase.")) from None


class SandboxQuerySerializer(QuerySerializer):
    phase = IndexField(
        required=False, help_text="A phase's id (see phases); where it was last opened if not."
    )


class SandboxesApi(ApiView):
    permission_classes = [IsAuthenticated, NotAHouseBot]

    class SandboxCreateSerializer(BodySerializer):
        title = serializers.CharField(
            max_length=100, required=False, allow_blank=True, help_text="The variant's name."
        )
        variant = serializers.CharField(
            max_length=40,
            required=False,
            help_text="The variant to start from (standard if neither this nor game).",
        )
        options = serializers.DictField(
            required=False,
            help_text="The variant's rule choices, as for a new game (POST /games/); its "
            "defaults for those left out.",
        )
        game = IndexField(
            required=False,
            help_text="Fork this game's phase instead (with phase): only what you may see "
            "of it comes along.",
        )
        phase = IndexField(required=False, help_text="The index of the game's phase to fork.")

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            forking = "game" in data or "phase" in data
            if forking and not ("game" in data and "phase" in data):
                raise serializers.ValidationError(_("A fork needs both a game and a phase."))
            if forking and ("variant" in data or "options" in data):
                raise serializers.ValidationError(
                    _("A fork plays by the game's variant and options: give neither.")
                )
            return data

    @extend_schema(
        operation_id="sandboxes_list",
        summary="Your sandboxes, the last changed first, a page at a time",
        parameters=[PageQuerySerializer],
        responses={200: SandboxListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        PageQuerySerializer(data=request.query_params).is_valid(raise_exception=True)
        sandboxes, paging = page_of(selectors.sandboxes_of(owner=request.user), request, self)
        return Response(SandboxListSerializer({"sandboxes": sandboxes, **paging}).data)

    @extend_schema(
        operation_id="sandboxes_create",
        summary="A new sandbox: from a variant's start with its options, or forked from a "
        "game's phase you may see",
        request=SandboxCreateSerializer,
        responses={201: SandboxStateSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.SandboxCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        title = d.get("title", "")
        if "game" in d:
            game = game_for(request, d["game"])
            phase = game.phases.filter(index=d["phase"]).first()
            if phase is None:
                raise exceptions.NotFound(_("No such phase."))
            sandbox = services.sandbox_fork(user=request.user, phase=phase, title=title)
        else:
            sandbox = services.sandbox_create(
                owner=request.user,
                variant_id=d.get("variant", "standard"),
                title=title,
                options=d.get("options"),
            )
        state = _state(request, sandbox, None, owner=True)
        return Response(SandboxStateSerializer(state).data, status=status.HTTP_201_CREATED)


class SandboxApi(ApiView):
    @extend_schema(
        operation_id="sandboxes_read",
        summary="One of your sandboxes: its tree of phases and one phase's board",
        parameters=[SandboxQuerySerializer],
        responses={200: SandboxStateSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, sandbox_id: int) -> Response:
        sandbox = _sandbox(request, sandbox_id)
        query = SandboxQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        state = _state(request, sandbox, query.validated_data.get("phase"), owner=True)
        return Response(SandboxStateSerializer(state).data)

    @extend_schema(
        operation_id="sandboxes_delete",
        summary="Delete one of your sandboxes with all its phases (its link stops working)",
        request=None,
        responses={204: None, **WRITE_ERRORS},
    )
    def delete(self, request: Request, sandbox_id: int) -> Response:
        sandbox = _sandbox(request, sandbox_id)
        services.sandbox_delete(user=request.user, sandbox=sandbox)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SandboxOrdersApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="sandboxes_orders",
        summary="Save every power's orders for an open phase, replacing those saved "
        "(nothing is adjudicated)",
        request=SandboxOrdersInputSerializer,
        responses={200: SandboxSavedOrdersSerializer, **WRITE_ERRORS},
    )
    def put(self, request: Request, sandbox_id: int, phase_id: int) -> Response:
        phase = _phase(_sandbox(request, sandbox_id), phase_id)
        data = SandboxOrdersInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        phase = services.sandbox_orders_save(
            user=request.user, phase=phase, orders=data.validated_data["orders"]
        )
        return Response(
            SandboxSavedOrdersSerializer({"phase": phase.pk, "orders": phase.orders}).data
        )


def _adjudicated(
    request: Request, sandbox: Sandbox, phase: SandboxPhase, after: SandboxPhase
) -> Response:
    state = _state(request, sandbox, after.pk, owner=True)
    return Response(
        SandboxAdjudicatedSerializer(
            {"adjudicated": after.parent_id, "branched": after.parent_id != phase.pk, "next": state}
        ).data
    )


def _orders_adjudicated(
    request: Request, sandbox_id: int, phase_id: int, adjudicate: Callable[..., Any]
) -> Response:
    """Adjudicate and branch alike: the phase's orders as sent (else as saved), given to
    ``adjudicate`` (the service of the verb), and the answer."""
    sandbox = _sandbox(request, sandbox_id)
    phase = _phase(sandbox, phase_id)
    data = SandboxAdjudicateInputSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    orders = data.validated_data.get("orders", phase.orders)
    after = adjudicate(user=request.user, phase=phase, orders=orders)
    return _adjudicated(request, sandbox, phase, after)


class SandboxAdjudicateApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="sandboxes_adjudicate",
        summary="Adjudicate a phase at once with every power's orders (on a phase "
        "adjudicated before: a branch, as .../branch/ does)",
        request=SandboxAdjudicateInputSerializer,
        responses={200: SandboxAdjudicatedSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, sandbox_id: int, phase_id: int) -> Response:
        return _orders_adjudicated(request, sandbox_id, phase_id, services.sandbox_adjudicate)


class SandboxBranchApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="sandboxes_branch",
        summary="Try other orders in a phase adjudicated before: a new branch beside it, "
        "adjudicated at once (the branch these orders made before, if any; history is "
        "never rewritten)",
        request=SandboxAdjudicateInputSerializer,
        responses={200: SandboxAdjudicatedSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, sandbox_id: int, phase_id: int) -> Response:
        return _orders_adjudicated(request, sandbox_id, phase_id, services.sandbox_branch)


_READ_ONLY = OpenApiResponse(ErrorSerializer, description="The read-only link refuses writes.")


class SharedSandboxApi(ApiView):
    """A sandbox through its read-only link, for whoever holds it (signed in or not):
    every write to it is refused with a 403 that says why."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="sandboxes_shared",
        summary="A sandbox through its read-only link's code: its tree of phases and one "
        "phase's board (no legal orders, no link code)",
        parameters=[SandboxQuerySerializer],
        responses={200: SandboxStateSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, code: str) -> Response:
        sandbox = selectors.shared_sandbox(code=code[:32])
        if sandbox is None:
            raise exceptions.NotFound(_("No such sandbox."))
        query = SandboxQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        state = _state(request, sandbox, query.validated_data.get("phase"), owner=False)
        return Response(SandboxStateSerializer(state).data)

    def _refuse(self) -> NoReturn:
        raise exceptions.PermissionDenied(
            _("This link shows a sandbox; it cannot change it. Only its owner may.")
        )

    @extend_schema(
        operation_id="sandboxes_shared_write",
        summary="Refused: a read-only link cannot change its sandbox",
        request=None,
        responses={403: _READ_ONLY},
    )
    def post(self, request: Request, code: str) -> Response:
        self._refuse()

    @extend_schema(
        operation_id="sandboxes_shared_put",
        summary="Refused: a read-only link cannot change its sandbox",
        request=None,
        responses={403: _READ_ONLY},
    )
    def put(self, request: Request, code: str) -> Response:
        self._refuse()

    @extend_schema(
        operation_id="sandboxes_shared_patch",
        summary="Refused: a read-only link cannot change its sandbox",
        request=None,
        responses={403: _READ_ONLY},
    )
    def patch(self, request: Request, code: str) -> Response:
        self._refuse()

    @extend_schema(
        operation_id="sandboxes_shared_delete",
        summary="Refused: a read-only link cannot change its sandbox",
        request=None,
        responses={403: _READ_ONLY},
    )
    def delete(self, request: Request, code: str) -> Response:
        self._refuse()


urlpatterns = [
    path("sandboxes/", SandboxesApi.as_view(), name="sandboxes"),
    path("sandboxes/shared/<str:code>/", SharedSandboxApi.as_view(), name="sandbox-shared"),
    path("sandboxes/<int:sandbox_id>/", SandboxApi.as_view(), name="sandbox"),
    path(
        "sandboxes/<int:sandbox_id>/phases/<int:phase_id>/orders/",
        SandboxOrdersApi.as_view(),
        name="sandbox-orders",
    ),
    path(
        "sandboxes/<int:sandbox_id>/phases/<int:phase_id>/adjudicate/",
        SandboxAdjudicateApi.as_view(),
        name="sandbox-adjudicate",
    ),
    path(
        "sandboxes/<int:sandbox_id>/phases/<int:phase_id>/branch/",
        SandboxBranchApi.as_view(),
        name="sandbox-branch",
    ),
]
