from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Games adjudicates linked boards; what a duel means is ours to say.
        from games.links import link_rule_register
        from tournaments.duels import DuelRule

        link_rule_register(DuelRule())

        from games.events import subscribe
        from tournaments.listeners import game_event_hear

        subscribe(game_event_hear)

        # A bot takes a seat in our games only where the organiser allows bots.
        from games.seating import seat_gate_register
        from tournaments.services.registration import bot_seat_refusal

        seat_gate_register(bot_seat_refusal)

        from games.votes import vote_refusal_register
        from tournaments.votes import board_vote_refusal

        vote_refusal_register(board_vote_refusal)

        from games.profiles import profile_section_register
        from tournaments.profiles import ratings_section

        profile_section_register(ratings_section)

        # A player's list of his games names the tournament a board is played for.
        from games.occasions import occasion_teller_register
        from tournaments.occasions import tournament_occasions

        occasion_teller_register(tournament_occasions)
