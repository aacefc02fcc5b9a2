"""A player's name for tournament results (tournaments.models.ResultsIdentity): his own
to give, change or withdraw, on a page of its own linked from his profile."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.names import shown_name
from tournaments.models import ResultsIdentity


class ResultsIdentityForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = ResultsIdentity
        fields = ["first_name", "last_name", "country", "wdd_id", "share"]

    def clean_first_name(self) -> str:
        return shown_name(self.cleaned_data["first_name"])

    def clean_last_name(self) -> str:
        return shown_name(self.cleaned_data["last_name"])


@login_required
def results_identity(request: HttpRequest) -> HttpResponse:
    mine = ResultsIdentity.objects.filter(user=request.user).first()
    form = ResultsIdentityForm(request.POST or None, instance=mine)
    if request.method == "POST" and form.is_valid():
        identity = form.save(commit=False)
        identity.user = request.user
        identity.save()
        messages.success(request, _("Kept. Only the organisers you share it with see it."))
        return redirect("tournaments:results-identity")
    return render(request, "tournaments/results_identity.html", {"form": form})
