"""What every variant's site module shares: the entry players see (name, summary, player
counts, rules pages), its parts of the game page and its own pages of a game (``Panel``,
``Page``: games asks, handing it plain values, ``PanelInput``), and the base of its options
form. Each variant's own module (``variants/<id>/``) fills them in; ``variants.registry``
gathers the modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext

from adjudicator.variants import VARIANTS
from variants.drawing import (
    DrawnMarks,
    OrderShapes,
    Placer,
    Shape,
    no_layers,
    no_marks_drawn,
    no_order_shapes,
)
from variants.notes import Words

#: The language whose rules page every variant has.
FALLBACK_LANGUAGE = "en"


#: A variant's marks on its seat's units, from a phase's extras and the seat: each
#: ``{"what", "where"}`` in the reader's words (Rather Silly's special armies).
UnitMarks = Callable[[Mapping[str, Any], str], list[dict[str, str]]]


@dataclass(frozen=True, slots=True)
class VariantWords:
    """What a variant says that the core does not, in the reader's language: the names of
    its own seats, the sentences of the reason codes, reading problems and questions it
    declares, and the words its results' parameters take. ``games.wording`` says the core's
    and asks every variant's through ``variants.registry.words`` (the English msgids are the
    adjudicator's own wording, as the core's are)."""

    #: Its seats that are not the standard powers, by seat id.
    power_names: Mapping[str, Promise] = field(default_factory=dict)
    #: Seats numbered after a prefix ("investor-3"), by the prefix: ``%(n)s`` the number.
    numbered_seats: Mapping[str, Promise] = field(default_factory=dict)
    #: One sentence per reason code it gives.
    reasons: Mapping[str, Promise] = field(default_factory=dict)
    #: A reason's sentence for when a parameter is left out, by code, then by the
    #: parameter's name (as the adjudicator's ``Reason.without``).
    reasons_without: Mapping[str, Mapping[str, Promise]] = field(default_factory=dict)
    #: Why one of its orders cannot be read, by the parser's problem code.
    problems: Mapping[str, Promise] = field(default_factory=dict)
    #: The parts of its own orders a reading problem names where the order ended too
    #: early (its ``what``), by the parser's code for the part.
    order_parts: Mapping[str, Promise] = field(default_factory=dict)
    #: Its questions to the game master and what their defaults mean, by code.
    questions: Mapping[str, Promise] = field(default_factory=dict)
    #: Its own kinds of unit a result's ``kind`` names, beside the kinds of order.
    kinds: Mapping[str, Promise] = field(default_factory=dict)
    #: Its map's own places, not on the standard map, by their English names (as the
    #: adjudicator's map names them, the msgid in the "province" context).
    place_names: Mapping[str, Promise] = field(default_factory=dict)
    #: Its marks on a seat's units, if it marks any.
    unit_marks: UnitMarks | None = None


def merged_words(all_words: Iterable[VariantWords]) -> VariantWords:
    """Every variant's words in one: a code is one variant's (the adjudicator refuses to
    declare a reason or a question twice), and a seat a variant shares with another has
    the same name in both."""
    words = list(all_words)

    def union(name: str) -> dict[str, Any]:
        return {k: v for w in words for k, v in getattr(w, name).items()}

    marks = [w.unit_marks for w in words if w.unit_marks is not None]

    def unit_marks(extras: Mapping[str, Any], power: str) -> list[dict[str, str]]:
        # A phase's extras are its own variant's: another variant's marks find nothing.
        return [m for mark in marks for m in mark(extras, power)]

    return VariantWords(
        power_names=union("power_names"),
        numbered_seats=union("numbered_seats"),
        reasons=union("reasons"),
        reasons_without=union("reasons_without"),
        problems=union("problems"),
        order_parts=union("order_parts"),
        questions=union("questions"),
        kinds=union("kinds"),
        place_names=union("place_names"),
        unit_marks=unit_marks if marks else None,
    )


@dataclass(frozen=True, slots=True)
class PhaseWords:
    """How players name a phase kind the variant declares, in their language: a set-up
    phase has a name of its own, without a season ("Placement of units")."""

    #: The phase's name the first time it is played.
    name: Promise | str
    #: Its name when played again under the same code, with ``%(n)s`` the time it is.
    again: Promise | str
    #: Numbered from the first time on (each pick of a draft is "pick n").
    always_numbered: bool = False
    #: What a set-up deadline lasts for, in the help of a game's set-up deadline ("a
    #: nomination", "each draft pick"); empty: not named there.
    deadline_help: Promise | str = ""

    def of(self, occurrence: int) -> str:
        if occurrence > 1 or self.always_numbered:
            return str(self.again) % {"n": occurrence}
        return str(self.name)


@dataclass(frozen=True, slots=True)
class ExclusionWords:
    """How a game's list of seats words a player's exclusion where his seat is no power
    (Kapitalisten's investors command no nation: their seat is never "in civil disorder");
    the variant's :attr:`SiteVariant.note_words` word the note of it."""

    #: The seat's tag in the list of seats while nobody plays it.
    tag: Promise | str


@dataclass(frozen=True, slots=True)
class FormingWords:
    """What the page of a forming game says of its seats where they are no powers drawn
    by lot (Kapitalisten's investors own no nation)."""

    #: Above the list of seats, in place of "Powers are drawn by lot ...".
    seats: Promise | str
    #: To a player who has a seat, with ``%(name)s`` the name he plays under.
    my_seat: Promise | str


@dataclass(frozen=True, slots=True)
class SeatWords:
    """What the game page tells a seat that is no great power (Rather Silly's roles) of its
    orders, by the letter of the phase's kind: how they are written, and what an empty list
    means for it. A kind left out: the page's own words for a power."""

    syntax: Mapping[str, Promise | str] = field(default_factory=dict)
    no_orders: Mapping[str, Promise | str] = field(default_factory=dict)


# -- The game page's panels and the variant's own pages ---------------------------------
# games builds the page; the variant says what of its own goes where. The arrow points
# from games to variants, so games hands the variant plain values (PanelInput) and renders
# what comes back (Panel, Page): no variant module reads games' records.

#: The places on the game page where a variant's panels appear, in page order:
#: ``map_help`` the line under the map (what a click means in the variant's own phases),
#: ``phase`` below the phase's notes, ``setup`` the set-up's section, ``orders`` the
#: viewer's orders section (in place of the page's own), ``ready_note`` beside a Ready
#: button.
PANEL_SLOTS = ("map_help", "phase", "setup", "orders", "ready_note")


@dataclass(frozen=True, slots=True)
class PanelInput:
    """What games tells a variant of the game it shows one viewer: plain values."""

    game_id: int
    #: The adjudicator's variant id.
    variant: str
    #: ``games.selectors.game_state``'s answer for this viewer (already filtered by
    #: ``games.visibility``).
    state: Mapping[str, Any]
    #: A seat the viewer was excluded from and nobody plays yet (his own account is
    #: still his to read); None elsewhere. Given on a variant's own pages only.
    left_seat: str | None = None
    #: A seat as the game's pages name it (a pseudonym on its pages), in the reader's
    #: language.
    power_name: Callable[[str], str] = str
    #: A phase's code in words ("S1901M" -> "Spring 1901 movement").
    phase_name: Callable[[str], str] = str
    #: The demo game this is (a board of), with the demo's house rules, which its panels
    #: say where they apply; None for every other game.
    demo: DemoGame | None = None


@dataclass(frozen=True, slots=True)
class Panel:
    """A part of the game page the variant renders: ``template`` (under
    ``templates/variants/<id>/``) is included at ``slot`` (one of :data:`PANEL_SLOTS`)
    with the page's context and ``context`` on top."""

    slot: str
    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Page:
    """A variant's own page of a game (Kapitalisten's exchange): ``template`` rendered
    with games' context of the game (``game``, ``state``) and ``context`` on top."""

    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


def no_panels(shown: PanelInput) -> Sequence[Panel]:
    """The panels of a variant with none of its own."""
    return ()


# -- Its games in the demo ----------------------------------------------------------------
# The demo (``manage.py demo_data``) makes a few games of the demo players for a newcomer to
# look at; a variant says which of its own to make, as plain values, and games makes them
# (the arrow points from games to variants).


@dataclass(frozen=True, slots=True)
class DemoGame:
    """A game of the variant the demo makes, once, of the demo players (by username)."""

    #: Its name, which tells it from every other game the demo player made.
    name: str
    #: The demo player who makes it (and takes the first seat).
    creator: str
    #: The demo players who join it after him, in order.
    joiners: tuple[str, ...] = ()
    #: The seat of the creator, then of each joiner, where players choose theirs; empty:
    #: seats are given as the game's terms give them.
    powers: tuple[str, ...] = ()
    #: Its rule choices, as the variant's options form gives them.
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Played as a twin-board duel (a variant with :attr:`SiteVariant.duel_boards`).
    duel: bool = False
    #: The demo player whose seat a visitor plays; the demo bot orders for every other
    #: demo player's seat, in this game and its other boards.
    visitor: str = ""
    #: The pseudonym of the creator, then of each joiner, where the variant plays under
    #: pseudonyms (:attr:`SiteVariant.pseudonyms`); empty otherwise.
    pseudonyms: tuple[str, ...] = ()
    #: A house rule of the demo, never of a real game: the phase kinds (their values) in
    #: which the demo bot gives its orders only once the visitor has marked his ready, and
    #: never gives one he gave (in a secret nomination, the centres he named are left to
    #: him, so that a newcomer's first game does not begin with both lists cancelling
    #: out). The variant's panel of such a phase shows :attr:`house_note`.
    bot_after_visitor: frozenset[str] = frozenset()
    #: The house rule in the visitor's words, shown where he gives those orders.
    house_note: Promise | str = ""


def no_demo_games() -> Sequence[DemoGame]:
    """The demo games of a variant with none of its own."""
    return ()


@dataclass(frozen=True, slots=True)
class SiteVariant:
    """One variant as the site presents it to players."""

    #: The adjudicator's variant id ("standard", "highlander", "multiple_void").
    id: str
    name: Promise | str
    summary: Promise | str
    #: How many players a game takes: (fewest, most).
    players: tuple[int, int]
    #: The rules templates' path without ".<language>.html".
    rules_template_base: str
    #: The words of the phase kinds the variant declares, by their letters.
    phase_words: Mapping[str, PhaseWords] = field(default_factory=dict)
    # -- Its words (see VariantWords) --
    #: What the variant says that the core does not: its seats' names, its reasons'
    #: sentences and more; none by default (the core's words serve).
    words: VariantWords = field(default_factory=VariantWords)
    #: Players play under pseudonyms they choose on joining (Kapitalisten's investors):
    #: who is behind one is never shown.
    pseudonyms: bool = False
    #: Terms of a game the variant's rules fix, whatever the creator chose, by
    #: ``games.terms.GameTerms`` field (Kapitalisten: anonymous, published press only, a
    #: replacement search for missed military orders).
    fixed_terms: Mapping[str, Any] = field(default_factory=dict)
    #: Orders are read strictly (Kapitalisten, rule 7): a faulty order is saved as
    #: written, its fault shown, and void when adjudicated, never refused nor rewritten.
    strict_orders: bool = False
    #: How an exclusion is worded where a seat is no power; None: as a power's, whose
    #: player is excluded and which is in civil disorder until someone takes it over.
    exclusion: ExclusionWords | None = None
    #: How a forming game's page words its seats; None: powers drawn by lot (or chosen).
    forming: FormingWords | None = None
    #: The heading of the game page's list of seats where they are no powers; None:
    #: "Powers".
    seats_heading: Promise | str | None = None
    #: The words of the seats that are no great powers, by seat (Rather Silly's roles).
    seat_words: Mapping[str, SeatWords] = field(default_factory=dict)
    #: The words of the variant's own phase kinds for every seat, where the seat's own
    #: (``seat_words``) say nothing of the kind (Rather Silly's llamas' winter).
    kind_words: SeatWords = field(default_factory=SeatWords)

    # -- Its panels on the game page and its own pages (see Panel, Page) --
    #: The variant's panels of the game page shown, each at its slot.
    panels: Callable[[PanelInput], Sequence[Panel]] = no_panels
    #: The variant's own pages of a game, by the last part of their address
    #: (``/games/<id>/<name>/``, reversed as ``games:variant-page`` with the game and the
    #: name; a shipped variant's also as ``games:<name>``): each answers a Page or raises
    #: ``Http404``. A name is a slug, and never one of games' own addresses (``ready``).
    pages: Mapping[str, Callable[[PanelInput], Page]] = field(default_factory=dict)
    #: The variant's script on the game page (``static/js/variants/<id>.js``), or None.
    script: str | None = None

    # -- Its own colours (the great powers' are variants.drawing.COLOURS) --
    #: The colour of each of its own seats or creatures the board draws, by the name a
    #: unit or center is marked with: the server's drawing asks here
    #: (variants.board.colour_of), the page its stylesheet.
    colours: Mapping[str, str] = field(default_factory=dict)
    #: Its stylesheet (``static/css/variants/<id>.css``: those colours for the page, its
    #: layers and panels), linked from every page (``{% variant_stylesheets %}``), or None.
    stylesheet: str | None = None

    # -- what the host does for the rules (moved here from the adjudicator's Variant,
    # which resolves a phase without them) --
    #: Two games of it can be played as a twin-board duel (Highlander, rule 7).
    duel_boards: bool = False
    #: Its rules read who has left from the host (``extras.absent``: the seats nobody
    #: plays, Kapitalisten's rule 3.3.3): the host lists them as each phase is resolved.
    reads_absent: bool = False
    #: Reason codes of results by which the variant's own rules exclude a seat's player
    #: (Kapitalisten: three turns without exchange orders): the host takes the seat away.
    excluding_reasons: frozenset[str] = frozenset()

    # -- Its layer of the board (variants.board draws it, knowing no variant) --
    #: The shapes the variant draws over the pieces, given the phase's ``extras`` as the
    #: viewer may see them, the phase's code and where a location stands on the map:
    #: Rather Silly's creatures and links. Default: none.
    layers: Callable[[Mapping[str, Any], str, Placer], Sequence[Shape]] = no_layers
    #: The marks on its units (a letter, classes, a ring), from the phase's extras as the
    #: viewer may see them. Default: none.
    marks_drawn: DrawnMarks = no_marks_drawn
    #: How its own orders are drawn (a ring or an arrow), by their text. Default: none is.
    order_shapes: OrderShapes = no_order_shapes

    # The notes of a game's history (games.notes declares their kinds).
    #: Words for some of the site's note kinds, by kind, in place of the site's own; none:
    #: the site's words for every kind (Kapitalisten: an excluded investor is no power).
    note_words: Mapping[str, Words] = field(default_factory=dict)

    # -- Its games in the demo (see DemoGame) --
    #: The games of the variant the demo makes (``variants/<id>/demo.py``); none by default.
    demo_games: Callable[[], Sequence[DemoGame]] = no_demo_games

    def seat_help(self, seat: str, kind: str) -> tuple[str, str]:
        """What the page tells ``seat`` in a phase of kind ``kind``: its order syntax and
        what an empty list means, each "" where the page's own words for a power serve."""
        own = self.seat_words.get(seat) or self.kind_words
        syntax = own.syntax.get(kind) or self.kind_words.syntax.get(kind, "")
        no_orders = own.no_orders.get(kind) or self.kind_words.no_orders.get(kind, "")
        return str(syntax), str(no_orders)

    @property
    def players_text(self) -> str:
        """The player count as players read it ("7 players", "2–6 players"), in the
        active language."""
        low, high = self.players
        if low == high:
            # Every variant takes two players or more: no singular is needed.
            return gettext("%(count)d players") % {"count": low}
        return gettext("%(fewest)d–%(most)d players") % {"fewest": low, "most": high}

    def rules_templates(self, language: str | None = None) -> list[str]:
        """The rules templates to try, best first: the language's, then English.

        ``language`` defaults to the active one; a regional code ("de-at") counts as
        its language ("de").
        """
        code = (language or get_language() or FALLBACK_LANGUAGE).lower()
        names = [f"{self.rules_template_base}.{code}.html"]
        base = code.split("-")[0]
        for candidate in (base, FALLBACK_LANGUAGE):
            name = f"{self.rules_template_base}.{candidate}.html"
            if name not in names:
                names.append(name)
        return names


def site_entry(variant_id: str, name: Promise, summary: Promise, **fields: Any) -> SiteVariant:
    """A variant's entry, its player counts taken from the adjudicator; ``fields`` are
    :class:`SiteVariant`'s other fields, by name."""
    # The player counts are the adjudicator's, so the two registries cannot disagree.
    return SiteVariant(
        id=variant_id,
        name=name,
        summary=summary,
        players=VARIANTS[variant_id].player_counts,
        rules_template_base=f"variants/rules/{variant_id}",
        **fields,
    )


class VariantOptionsForm(forms.Form):
    """A variant's rule choices; ``options()`` gives them as the adjudicator reads them."""

    #: Fields about a game, not the variant's rules (the creator's pseudonym, a duel's
    #: second board): a board with no players and one board (a sandbox) leaves them out.
    game_fields: tuple[str, ...] = ()

    def rules_only(self) -> VariantOptionsForm:
        """This form without its :attr:`game_fields`."""
        for name in self.game_fields:
            self.fields.pop(name, None)
        return self

    def options(self) -> dict[str, Any]:
        return {}

    def duel(self) -> bool:
        return False

    def creator_pseudonym(self) -> str | None:
        """The name the creator plays under, where the variant plays under pseudonyms."""
        return None
