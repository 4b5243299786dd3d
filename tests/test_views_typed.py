"""Every game's view is the typed value its state declares: exactly the declared fields, of the declared types.

A game declares its view as ``Game.view_type`` and as the return annotation of
``view`` (a ``TypedDict``, nested ones for the parts).  For random positions of every registered game,
player count and option, and for every viewer (and the whole table), the
view's value is checked against that declaration, recursively: the keys are
exactly the declared ones, lists and dicts hold what they say, a phase is a
member of the game's ``Phase`` enum.  A new game gets the check by declaring
its view.
"""

from __future__ import annotations

import enum
import json
import random
import types
import typing
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import explorer

from .support import all_configs

CONFIGS = all_configs()


def view_type(state: explorer.State) -> Any:
    """The type a state's ``view`` declares it returns."""
    return get_type_hints(type(state).view)["return"]


def mismatch(value: Any, hint: Any, where: str) -> str | None:
    """Why ``value`` is not of type ``hint`` (the first reason found, at ``where``), or None."""
    if hint is Any:
        return None
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        reasons = [mismatch(value, arm, where) for arm in get_args(hint)]
        return None if None in reasons else " or ".join(r for r in reasons if r)
    if hint is type(None):
        return None if value is None else f"{where} is {value!r}, not None"
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not a {hint.__name__}"
        declared = hint.__required_keys__ | hint.__optional_keys__
        missing, extra = hint.__required_keys__ - value.keys(), value.keys() - declared
        if missing or extra:
            return f"{where} ({hint.__name__}) lacks {sorted(missing)} and has undeclared {sorted(extra)}"
        fields = get_type_hints(hint)
        for key, item in value.items():
            reason = mismatch(item, fields[key], f"{where}[{key!r}]")
            if reason:
                return reason
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"{where} is {type(value).__name__}, not a list"
        (item,) = get_args(hint)
        return next((r for i, v in enumerate(value) if (r := mismatch(v, item, f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not a dict"
        key_type, item = get_args(hint)
        return next((r for k, v in value.items()
                     if (r := mismatch(k, key_type, f"{where} key") or mismatch(v, item, f"{where}[{k!r}]"))), None)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return None if isinstance(value, hint) else f"{where} is {value!r}, not a member of {hint.__name__}"
    if hint is float:
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else f"{where} is {value!r}"
    if isinstance(hint, type):
        if isinstance(value, bool) and hint is not bool:
            return f"{where} is {value!r}, not a {hint.__name__}"
        return None if isinstance(value, hint) else f"{where} is {value!r}, not a {hint.__name__}"
    raise TypeError(f"the view test cannot read the declared type {hint!r} of {where}")


def test_every_game_declares_a_typed_view():
    for game in explorer.games():
        declared = view_type(game.new(game.default_players, seed=0))
        assert is_typeddict(declared), f"{game.title}'s view() declares {declared!r}, not a TypedDict"
        assert game.view_type is declared, f"{game.title} declares view_type {game.view_type!r}, not {declared!r}"
        fields = get_type_hints(declared)
        assert {"viewer", "names", "to_move"} <= fields.keys()
        if "phase" in fields:
            phase = fields["phase"]
            assert issubclass(phase, enum.StrEnum), f"{game.title}'s phase is {phase!r}, not a StrEnum"
            package = __import__(type(game).__module__, fromlist=["Phase"])
            assert getattr(package, "Phase", None) is phase, f"{game.title}'s package does not export its Phase"


@pytest.mark.parametrize("name,players,options", CONFIGS,
                         ids=[f"{n}-{p}p" + "".join(f"-{k}={v}" for k, v in o.items()) for n, p, o in CONFIGS])
def test_every_view_has_exactly_its_declared_fields(name: str, players: int, options: dict[str, Any]):
    game = explorer.game(name)
    rng = random.Random(players)
    state = game.new(players, seed=players, options=options)
    declared = view_type(state)
    step = 0
    while True:
        if step % 13 == 0 or state.is_over():
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                reason = mismatch(view, declared, "view")
                assert reason is None, f"{game.title}, move {step}, seen by {viewer}: {reason}"
                assert json.loads(json.dumps(view)) == json.loads(json.dumps(view, default=str))
        if state.is_over() or step > 400:
            break
        state.play(rng.choice(state.legal_moves()))
        step += 1


def test_a_phase_equals_its_plain_string_in_views_and_json():
    for game in explorer.games():
        state = game.new(game.default_players, seed=1)
        view = state.view(None)
        if "phase" in view:
            phase = view["phase"]
            assert phase == str(phase) and json.dumps(phase) == json.dumps(str(phase))
            assert typing.cast(str, phase) in {p.value for p in type(phase)}
