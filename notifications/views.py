"""The inbox page: the user's notifications, mark all read, and their settings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from notifications import services
from notifications.forms import SettingForm
from notifications.models import Channel, Notification, NotificationSetting, PushSubscription

#: Notifications shown on the page, newest first.
PAGE_SIZE = 100


@login_required
@require_http_methods(["GET", "POST"])
def inbox(request: HttpRequest) -> HttpResponse:
    user = request.user
    setting = NotificationSetting.objects.filter(user=user).first() or NotificationSetting()
    form = SettingForm(setting=setting)
    if request.method == "POST":
        if request.POST.get("action") == "read_all":
            services.inbox_mark_read(user=user)
            return redirect("notifications:inbox")
        if request.POST.get("action") == "push_remove":
            device = request.POST.get("device", "")
            mine = device.isascii() and device.isdigit()
            if mine and services.push_unsubscribe(user=user, pk=int(device)):
                messages.success(request, _("That device gets no more pushes."))
            return redirect("notifications:inbox")
        form = SettingForm(request.POST, setting=setting)
        if form.is_valid():
            services.setting_save(
                user=user,
                choices=form.choices(),
                webhook_url=form.cleaned_data["webhook_url"],
                digest=form.cleaned_data["digest"],
                digest_hour=form.cleaned_data["digest_hour"],
                time_zone=form.cleaned_data["time_zone"] or "UTC",
                reminder_hours=form.cleaned_data["reminder_hours"],
                language=form.cleaned_data["language"],
            )
            messages.success(request, _("Your notification settings are saved."))
            return redirect("notifications:inbox")
    items = [
        (n, services.text(kind=n.kind, params=n.params))
        for n in Notification.objects.filter(user=user).select_related("game")[:PAGE_SIZE]
    ]
    return render(
        request,
        "notifications/inbox.html",
        {
            "items": items,
            "form": form,
            "channels": Channel.choices,
            "devices": PushSubscription.objects.filter(user=user),
            "push_label": Channel.PUSH.label,
        },
    )
