"""In a terminal, indented paragraphs wrap between words and keep their indent (an 80-column terminal cuts words)."""

import io

from rich.console import Console

from referee.cli import common


def _terminal(monkeypatch, width: int) -> io.StringIO:
    buf = io.StringIO()
    con = Console(file=buf, force_terminal=True, width=width, highlight=False, color_system=None, soft_wrap=False)
    monkeypatch.setattr(common, "out", con)
    return buf


TEXT = ("A jailed player gets out by paying £50 before throwing on a later turn, by using a Get Out of Jail "
        "Free card, or by throwing doubles, moving by that throw.")


def test_paragraph_wraps_between_words_with_its_indent(monkeypatch):
    buf = _terminal(monkeypatch, 40)
    common.out.print(common.para(TEXT, 3))
    lines = buf.getvalue().rstrip("\n").split("\n")
    assert len(lines) > 3
    assert all(len(line.rstrip()) <= 40 for line in lines)
    assert all(line.startswith("   ") and not line.startswith("    ") for line in lines)
    assert " ".join(line.strip() for line in lines) == TEXT  # no word cut in two


def test_paragraph_piped_stays_one_line(monkeypatch):
    buf = io.StringIO()
    monkeypatch.setattr(common, "out", Console(file=buf, force_terminal=False, width=40, highlight=False, soft_wrap=True))
    common.out.print(common.para(TEXT, 2))
    assert buf.getvalue() == "  " + TEXT + "\n"


def test_ask_in_a_narrow_terminal(monkeypatch, tmp_path):
    from referee.cli import ask_cmd
    from referee.search import ask_edition

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path))
    buf = _terminal(monkeypatch, 60)
    answer = ask_edition("can I collect rent while I'm in jail?", "us-classic", 1)
    ask_cmd._print_answer(answer, None)
    lines = buf.getvalue().rstrip("\n").split("\n")
    assert all(len(line.rstrip()) <= 60 for line in lines)
    head = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    cite = next(i for i, line in enumerate(lines) if line.startswith("   — "))
    under = lines[head + 1 : cite]  # the heading's last words, if it wrapped, then the clause's text: all under "1. "
    assert len(under) > 1 and all(line.startswith("   ") for line in under)
    said = " ".join(line.strip() for line in lines[head:cite])
    assert said.endswith(answer.hits[0].text) and "%)" in said  # every word whole, the score's too
