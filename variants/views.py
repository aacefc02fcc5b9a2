"""The variants' pages: a list of every variant, and a rules page per variant."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template

from adjudicator.errors import UnknownVariant
from adjudicator.variants import find_variant
from variants.registry import SITE_VARIANTS, site_variant


def variant_list(request: HttpRequest) -> HttpResponse:
    return render(request, "variants/index.html", {"variants": SITE_VARIANTS})


def variant_rules(request: HttpRequest, variant_id: str) -> HttpResponse:
    """The rules page in the active language (English where a language has none).

    Another name the adjudicator knows the variant by ("multiple-void") leads to the
    page under its id; a name nobody knows is a 404.
    """
    try:
        variant = site_variant(variant_id)
    except LookupError:
        try:
            known = find_variant(variant_id)
            variant = site_variant(known.id)
        except (UnknownVariant, LookupError):
            raise Http404("No such variant") from None
        return redirect("variants:rules", variant_id=variant.id, permanent=True)
    rules = select_template(variant.rules_templates())
    return render(
        request,
        "variants/rules.html",
        {"variant": variant, "rules_template": rules.template.name},
    )
