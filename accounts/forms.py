from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm, UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from accounts.usernames import username_check


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(
        label=_("E-mail"), help_text=_("Used to reset your password and for notifications.")
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_username(self) -> Any:
        # Django's own check refuses another case of a taken name; ours also refuses a
        # look-alike spelling and the names kept for the site's own accounts.
        username = super().clean_username()
        if username:
            username_check(username)
        return username

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address already exists."))
        return email


class AdminAddUserForm(AdminUserCreationForm):  # type: ignore[type-arg]
    """The admin's form for a new account: the same names refused as at sign-up."""

    def clean_username(self) -> Any:
        username = super().clean_username()
        if username:
            username_check(username)
        return username


class AdminUserForm(UserChangeForm):  # type: ignore[type-arg]
    """The admin's form for an account: a new name is refused as at sign-up (the
    account's own name, unchanged, stays as it is, an older look-alike twin's too)."""

    def clean_username(self) -> Any:
        username = self.cleaned_data.get("username")
        if username and username != self.instance.get_username():
            username_check(username, user=self.instance)
        return username
