from django.apps import AppConfig
from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Imported here, not at the top: it imports the models, which may be loaded only
        # once the app registry is ready.
        from accounts import usernames

        # Every save of an account, whatever makes it (sign-up, the admin, a command, the
        # shell): the database refuses a name that looks the same as another account's.
        user_model = get_user_model()
        pre_save.connect(usernames.key_checked, sender=user_model, dispatch_uid="username-key")
        post_save.connect(usernames.key_kept, sender=user_model, dispatch_uid="username-key")
