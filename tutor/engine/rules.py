"""Rule sets: the options that differ between tables.

The default is ``"tenhou"`` (RULES.md §10). A request picks a preset and may
override single options; unknown keys or values are errors, never ignored,
because a silently dropped option scores the hand under the wrong rules.

>>> RuleSet.from_overrides({"kiriage": True}).kiriage
True
>>> RuleSet.from_overrides({"preset": "classic"}).aka
False
>>> RuleSet.from_overrides({"kazoe": "lots"})
Traceback (most recent call last):
...
tutor.engine.rules.RuleError: rules.kazoe must be one of 'yakuman', 'sanbaiman', 'unlimited', not 'lots'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tutor.messages.catalogues import DEFAULT, N_, Problem, joined, translate


class RuleError(Problem):
    """An unknown rule key, preset or value (a marked sentence, said in the reader's language)."""


class RuleSet(NamedTuple):
    name: str = "tenhou"
    """The preset these options started from."""
    open_tanyao: bool = True
    """Kuitan: tanyao also counts on an open hand."""
    aka: bool = True
    """Red fives are dora; when off, a 0 is an ordinary five."""
    double_yakuman: bool = False
    """13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii pay 2 units."""
    kazoe: str = "yakuman"
    """13+ counted han: 'yakuman' (one unit), 'sanbaiman' (capped) or 'unlimited'."""
    kiriage: bool = False
    """4 han 30 fu and 3 han 60 fu are paid as mangan."""
    open_pinfu_fu: bool = True
    """An open hand whose fu come to 20 on ron gets 2 more, so it rounds to 30."""
    pinfu_tsumo_fu: bool = False
    """Tsumo keeps its 2 fu, and pinfu is then not awarded on tsumo."""
    double_wind_pair_fu: int = 4
    """Fu for a pair of the wind that is both seat and round wind."""
    renhou: bool = False
    """Local yakuman: a non-dealer's ron before their first draw."""
    daisharin: str | bool = False
    """Local yakuman 22334455667788p: False, True (circles only) or 'any_suit'."""
    daichisei: bool = False
    """Local double yakuman: seven pairs of the seven honours."""
    pao_scope: str = "whole"
    """What a responsible (pao) player covers (RULES.md §9.6): 'whole' (Tenhou, S0, S3: the whole hand,
    every yakuman in it) or 'yakuman' (S4: only the pao yakuman; the rest is paid as usual)."""
    pao_honba: str = "responsible"
    """Who pays the honba on a pao ron: 'responsible' (Tenhou) or 'discarder' (EMA and others)."""

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """A preset (``{"preset": name}``, default tenhou) with single options replaced."""
        overrides = dict(overrides or {})
        preset_name = overrides.pop("preset", "tenhou")
        if not isinstance(preset_name, str) or preset_name not in PRESETS:
            raise RuleError(
                N_("unknown rules preset {preset}; choose from {known}"),
                preset=repr(preset_name),
                known=", ".join(map(repr, PRESETS)),
            )
        changes = {key: _checked(key, value) for key, value in overrides.items()}
        return PRESETS[preset_name]._replace(**changes) if changes else PRESETS[preset_name]

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    def changes(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset.

        >>> RuleSet.from_overrides({"double_yakuman": True, "kiriage": True}).changes()
        {'double_yakuman': True, 'kiriage': True}
        """
        preset = PRESETS.get(self.name, PRESETS["tenhou"])
        return {key: value for key, value in self._asdict().items() if value != getattr(preset, key)}

    def describe(self, lang: str = DEFAULT) -> str:
        """What the hand was scored under, in ``lang``: the preset, and each option changed from it.

        >>> RuleSet.from_overrides({"double_yakuman": True, "kazoe": "sanbaiman"}).describe()
        'Tenhou rules with double yakuman on, counted yakuman: sanbaiman'
        """
        changed = []
        for key, value in self.changes().items():
            rule = translate(RULE_NAMES[key], lang)
            if isinstance(value, bool):
                changed.append(translate(N_("{rule} on") if value else N_("{rule} off"), lang).format(rule=rule))
            else:
                shown = translate(VALUE_NAMES[value], lang) if isinstance(value, str) else str(value)
                changed.append(translate(N_("{rule}: {value}"), lang).format(rule=rule, value=shown))
        title = translate(PRESET_NAMES.get(self.name, N_("Tenhou rules")), lang)
        if not changed:
            return title
        return translate(N_("{preset} with {changes}"), lang).format(preset=title, changes=joined(changed, lang))


PRESET_NAMES = {"tenhou": N_("Tenhou rules"), "classic": N_("Classic rules")}
RULE_NAMES = {
    "open_tanyao": N_("open tanyao"),
    "aka": N_("red fives"),
    "double_yakuman": N_("double yakuman"),
    "kazoe": N_("counted yakuman"),
    "kiriage": N_("kiriage mangan"),
    "open_pinfu_fu": N_("30 fu for an open ron of 20 fu"),
    "pinfu_tsumo_fu": N_("2 fu for tsumo with a pinfu shape"),
    "double_wind_pair_fu": N_("fu for a double-wind pair"),
    "renhou": N_("renhou"),
    "daisharin": N_("daisharin"),
    "daichisei": N_("daichisei"),
    "pao_scope": N_("pao covers"),
    "pao_honba": N_("honba of a pao ron paid by"),
}
"""How each option is named when a hand was scored with it changed."""
VALUE_NAMES = {
    "yakuman": N_("yakuman"),
    "sanbaiman": N_("sanbaiman"),
    "unlimited": N_("unlimited"),
    "any_suit": N_("any suit"),
    "whole": N_("the whole hand"),
    "responsible": N_("the responsible player"),
    "discarder": N_("the discarder"),
}


_CHOICES: dict[str, tuple[Any, ...]] = {
    "kazoe": ("yakuman", "sanbaiman", "unlimited"),
    "double_wind_pair_fu": (2, 4),
    "daisharin": (False, True, "any_suit"),
    "pao_scope": ("whole", "yakuman"),
    "pao_honba": ("responsible", "discarder"),
}


def _checked(key: str, value: Any) -> Any:
    if key == "name" or key not in RuleSet._fields:
        known = ", ".join(name for name in RuleSet._fields if name != "name")
        raise RuleError(N_("unknown rule {key!r}; known rules: preset, {known}"), key=key, known=known)
    choices = _CHOICES.get(key)
    if choices is not None:
        # bool is an int in Python: keep True from passing as 1 and 4 from passing as True.
        if not any(value == c and type(value) is type(c) for c in choices):
            raise RuleError(
                N_("rules.{key} must be one of {choices}, not {value}"),
                key=key,
                choices=", ".join(map(repr, choices)),
                value=repr(value),
            )
        return value
    if not isinstance(value, bool):
        raise RuleError(N_("rules.{key} must be true or false, not {value}"), key=key, value=repr(value))
    return value


PRESETS: dict[str, RuleSet] = {
    # RULES.md §10: the engine's default.
    "tenhou": RuleSet(),
    # An older, stricter table rule, different from Tenhou in many options at once;
    # useful to show learners which numbers depend on the rules.
    "classic": RuleSet(
        name="classic",
        open_tanyao=False,
        aka=False,
        double_yakuman=True,
        kazoe="sanbaiman",
        kiriage=True,
        open_pinfu_fu=True,
        pinfu_tsumo_fu=False,
        double_wind_pair_fu=2,
    ),
}

PRESET_DESCRIPTIONS = {
    "tenhou": "Tenhou's rules: open tanyao, one red five per suit, single yakuman only, "
    "13+ han = yakuman, no kiriage, double-wind pair 4 fu.",
    "classic": "A stricter table: no open tanyao, no red fives, double yakuman, "
    "13+ han capped at sanbaiman, kiriage mangan, double-wind pair 2 fu.",
}

TENHOU = PRESETS["tenhou"]
