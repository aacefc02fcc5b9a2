"""A variant made up for the tests, "Comets", laid out as a shipped one is: its rules
(``adjudicator/``, as ``adjudicator/variants/<id>/``), its site side (``site/``, as
``variants/<id>/``: its entry, words, panel, page and layer), its templates
(``templates/variants/comets/``), its script (``static/js/variants/comets.js``) and its
German words (``locale/de/LC_MESSAGES/django.po``). A test registers it as the registries
list a shipped variant (tests/games/web/test_made_up_variant.py): nothing of games/ knows
it, which is the proof issue 36 asks for."""
