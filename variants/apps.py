from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VariantsConfig(AppConfig):
    name = "variants"
    verbose_name = _("Variants")
