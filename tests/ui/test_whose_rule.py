"""Every ruling a player reads says whose rule it is (the printed rules, the referee's
reading where they are silent, a house rule) and never its id: the rules screen of every
game under every setting of its switches, and a settled dispute's verdict."""

import flet as ft
import pytest

from referee.games import GAMES
from referee.ui.screens.settle.dispute import DisputeScreen
from referee.ui.widgets import rules_lines
from tests.player_words import WHOSE, slips
from tests.ui.test_one_app_words import texts


def _settings(rules):
    """The default options, and each switch that changes a ruling set the other way."""
    default = rules.parse_options({})
    yield default
    for ruling in rules.rulings:
        if ruling.option is not None and ruling.when != getattr(default, ruling.option):
            yield default.model_copy(update={ruling.option: ruling.when})


def _said(control) -> list[str]:
    return [text for text, c, _ in texts(control, hidden=True) if isinstance(c, ft.Text)]


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_rules_screen_says_whose_each_ruling_is_and_no_id(kind):
    rules = GAMES[kind]
    for options in _settings(rules):
        said = _said(ft.Column(rules_lines(rules, options)))
        assert not [(t, slips(t)) for t in said if slips(t)]
        for ruling in rules.rulings:
            if ruling.in_force(options):  # its title, then whose rule it is
                i = said.index(ruling.title)
                assert said[i + 1].startswith(WHOSE), (ruling.id, said[i + 1])
        off = [r for r in rules.rulings if not r.in_force(options)]
        for ruling in off:  # switched off: its title and whose it would be
            assert rules.rulings.cite(ruling.id) in said


def test_the_referees_reading_names_the_option_that_changes_it_on_the_rules_screen():
    rules = GAMES["faeker"]
    said = _said(ft.Column(rules_lines(rules, rules.parse_options({}))))
    assert "Passing is final" in said
    reading = "The referee's reading (the rules are silent)"
    assert said[said.index("Passing is final") + 1] == reading
    assert said[said.index("Bluff: at least the bid") + 1] == (
        "The referee's reading (the rules are silent; option 'Bluff needs the exact count' "
        "changes it)"
    )


def test_a_settled_disputes_verdict_cites_its_rulings_by_title_and_whose_they_are():
    s = DisputeScreen(lambda **_: None, lambda d, r: True)
    s.choose_game("faeker")
    s.choose_kind("faeker_bluff")
    s.form._set_top(4)
    s.form._set(bid=3)
    for c in (4, 5, 0, 1, 2):
        s.form._add_card(c)
    said = _said(s.view())
    assert not [(t, slips(t)) for t in said if slips(t)]
    assert "Bluff: at least the bid — the referee's reading (the rules are silent; option " in (
        " ".join(said)
    )


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_printed_rule_holds_none_of_the_referees_own_words(kind):
    """What the printed rules say is said as theirs alone: an aside of the referee inside
    one ("the referee asks how many cards it held") read as the rulebook's."""
    for ruling in GAMES[kind].rulings:
        if ruling.source == "printed":
            assert "referee" not in ruling.text.lower(), (ruling.id, ruling.text)
