"""The words of houses by the group (core/group_build.py): `build GROUP to N`, `sell GROUP to N`, each lot as it
now stands, and why a group cannot be brought there. Merged into referee.words.templates.TEMPLATES; kept apart so each
module stays short."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.words.i18n import data, npgettext, pgettext


def group_templates(_standing: Callable[[Any], str], _and: Callable[[list[str]], str]) -> dict[str, Any]:
    """The templates, given how a lot's buildings and a list are said (referee.words.templates)."""

    def _lots(lots: list[dict]) -> str:
        """Each lot of a group as it now stands: "Oriental Avenue 2 houses, Vermont Avenue 2 houses"."""
        return ", ".join(pgettext("build.group", "{deed} {standing}").format(
            deed=lot["deed"], standing=_standing({"now_hotel": lot["hotel"], "now_houses": lot["houses"]})) for lot in lots)

    def _what(houses: int, hotels: int) -> str:
        """"6 houses and 3 hotels": what a group move built or sold."""
        return _and(([npgettext("build", "a house", "{n} houses", houses).format(n=houses)] if houses else [])
                    + ([npgettext("build.group", "a hotel", "{n} hotels", hotels).format(n=hotels)] if hotels else []))

    def _target(target: Any) -> str:
        return pgettext("build", "a hotel") if target == "hotel" else npgettext("build", "{n} house", "{n} houses", int(target)).format(n=target)

    return {
        "build.group": lambda p, f: pgettext("build.group", "{player} builds {what} on {group} for {cost}: {lots}").format(
            player=p["player"], what=_what(p["houses"], p["hotels"]),
            group=data(p["group"]), cost=f(p["cost"]), lots=_lots(p["lots"])),
        "sell.group": lambda p, f: pgettext("sell.group", "{player} sells {what} on {group} to the bank for {payout}: {lots}").format(
            player=p["player"], what=_what(p.get("houses", 0), p.get("hotels", 0)), group=data(p["group"]), payout=f(p["payout"]),
            lots=_lots(p["lots"])),
        "build.group.lot": lambda p, f: pgettext("build.group.lot", "{deed}: {was} → {now}").format(
            deed=p["deed"], was=_standing({"now_hotel": p["was_hotel"], "now_houses": p["was"]}),
            now=_standing({"now_hotel": p["hotel"], "now_houses": p["houses"]})),
        "invalid.group_target": lambda p, f: pgettext("invalid.group_target", "a group is brought to 0 to {max} houses or to a hotel, not {target}").format(
            max=p["max"], target=p["target"]),
        "invalid.group_above": lambda p, f: pgettext("invalid.group_above", "{deeds} already stand above {target} on {group}: sell {group} to {n} first").format(
            deeds=_and(p["deeds"]), target=_target(p["target"]), group=data(p["group"]), n=p["target"]),
        "invalid.group_there": lambda p, f: pgettext("invalid.group_there", "every lot of {group} already stands at {target}").format(
            group=data(p["group"]), target=_target(p["target"])),
        "refused.group_stock": lambda p, f: pgettext("refused.group_stock", "{group} to {target} needs {houses} houses and {hotels} hotels; "
                                                "the bank has {bank_houses} houses and {bank_hotels} hotels (a shortage: "
                                                "build fewer, or auction the last ones)").format(
            group=data(p["group"]), target=_target(p["target"]), houses=p["houses"], hotels=p["hotels"],
            bank_houses=p["bank_houses"], bank_hotels=p["bank_hotels"]),
    }
