from django.contrib import admin

from sandbox.models import Sandbox


@admin.register(Sandbox)
class SandboxAdmin(admin.ModelAdmin):
    list_display = ["title", "owner", "variant", "created_at"]
    raw_id_fields = ["owner", "forked_from", "head"]
