from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported here, not at the top: these import the models, which may be loaded
        # only once the app registry is ready.
        from accounts.extension_points import DataSection, closing_steps, data_sections
        from games import extension_points as plug
        from tournaments.demo import demo_bot_games, demo_house_rules
        from tournaments.duels import DuelRule
        from tournaments.listeners import game_event_hear
        from tournaments.occasions import tournament_occasions
        from tournaments.own_data import own_entries, own_ratings
        from tournaments.profiles import ratings_section
        from tournaments.services.registration import (
            bot_seat_refusal,
            entries_close,
            organiser_records_forget,
            results_identity_forget,
        )
        from tournaments.votes import board_vote_refusal

        # Games adjudicates linked boards; what a duel means is ours to say.
        plug.link_rules.register(DuelRule())
        # The demo events' games are the demo bot's; the knock-out's duels the visitor
        # plays keep the demo duel's house rules.
        plug.demo_games.register(demo_bot_games)
        plug.demo_house_rules.register(demo_house_rules)
        plug.game_listeners.register(game_event_hear)
        # A bot takes a seat in our games only where the organiser allows bots.
        plug.seat_gates.register(bot_seat_refusal)
        plug.vote_refusals.register(board_vote_refusal)
        plug.profile_sections.register(ratings_section)
        # A player's list of his games names the tournament a board is played for.
        plug.occasion_tellers.register(tournament_occasions)
        # A player's entries and ratings are in his download; closing his account
        # withdraws him from what is still to play, his results kept.
        data_sections.register(DataSection("tournament_entries", own_entries))
        data_sections.register(DataSection("ratings", own_ratings))
        closing_steps.register(entries_close)
        closing_steps.register(results_identity_forget)
        closing_steps.register(organiser_records_forget)
