"""The admin's user pages, with the user name checks of sign-up (a look-alike of a taken
name, a name kept for the site's own accounts). Whether an account is one of the site's
own bots (``accounts.models.HouseBot``) is on no form: only the site marks its bots."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User

from accounts.forms import AdminAddUserForm, AdminUserForm


class SiteUserAdmin(UserAdmin):  # type: ignore[type-arg]
    add_form = AdminAddUserForm
    form = AdminUserForm


admin.site.unregister(User)
admin.site.register(User, SiteUserAdmin)
