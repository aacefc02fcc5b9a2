"""The rules of linked boards, by kind: games adjudicates linked boards together
(services.links); what a kind of link means is its
:class:`games.extension_points.LinkRule`, registered at ``extension_points.link_rules`` by
the app that knows it (tournaments registers its twin-board duel in its
``AppConfig.ready()``)."""

from __future__ import annotations

from games.extension_points import LinkRule, link_rules


def link_rule(kind: str) -> LinkRule:
    """The rule of ``kind``.

    Raises:
        LookupError: no app registered a rule for ``kind`` (is it installed?).
    """
    try:
        return link_rules.lookup(kind)
    except LookupError:
        raise LookupError(f"no rule for linked boards of kind {kind!r}") from None
