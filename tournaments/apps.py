from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported here, not at the top: these import the models, which may be loaded
        # only once the app registry is ready.
        from games.events import subscribe
        from games.links import link_rule_register
        from games.occasions import occasion_teller_register
        from games.profiles import profile_section_register
        from games.seating import seat_gate_register
        from games.votes import vote_refusal_register
        from tournaments.duels import DuelRule
        from tournaments.listeners import game_event_hear
        from tournaments.occasions import tournament_occasions
        from tournaments.profiles import ratings_section
        from tournaments.services.registration import bot_seat_refusal
        from tournaments.votes import board_vote_refusal

        # Games adjudicates linked boards; what a duel means is ours to say.
        link_rule_register(DuelRule())
        subscribe(game_event_hear)
        # A bot takes a seat in our games only where the organiser allows bots.
        seat_gate_register(bot_seat_refusal)
        vote_refusal_register(board_vote_refusal)
        profile_section_register(ratings_section)
        # A player's list of his games names the tournament a board is played for.
        occasion_teller_register(tournament_occasions)
