"""Agreement (issue 29 item 2): a Spanish or Italian line about a player agrees whoever the player is — it names
the player or uses a form that does not depend on the player's gender; never a masculine default."""

from __future__ import annotations

import re

import pytest
from conftest import run

from referee.words import i18n

pytestmark = pytest.mark.usefixtures("table_language")

# forms that agree only with a man: an Italian "gli" / "fallito" / past participle in -o about {player};
# a Spanish "enviado", "quebrado" about {player}
MASCULINE = {
    "it": re.compile(r"\bgli mancano\b|(?<!tiri )\bfallit[oi]\b|\b(è stato|l'ha) mandato\b"),
    "es": re.compile(r"\b(fue|está) (enviado|quebrado|arruinado|eliminado)\b|\bquebrado\b"),
}


@pytest.mark.parametrize("lang", ["it", "es"])
def test_no_catalog_line_about_a_player_defaults_to_the_masculine(lang):
    i18n.use(lang, force=True)
    cat = i18n._catalog()
    shown = [s for key in list(cat._index) if key for s in (cat._raw(key.decode("utf-8")) or [])]
    bad = [s for s in shown if MASCULINE[lang].search(s)]
    assert not bad, bad[:5]


def test_an_italian_shortfall_names_the_player(game):
    assert run("new", "Sofia", "Bruno", "-r", "it-lire", game=game).code == 0
    r = run("paga", "Sofia", "Bruno", "400000", game=game)
    said = " ".join(r.out.split())
    assert "a Sofia mancano L. 50.000" in said, said
    assert "gli mancano" not in said and "fallito" not in said, said
