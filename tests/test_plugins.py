"""Games and bots from another package, found through entry points, in every kind of worker process.

A tiny plugin package is written into a temporary folder with its own
``.dist-info`` (metadata and ``entry_points.txt``, as an installer writes
them), and that folder is put on ``PYTHONPATH`` of a fresh Python: the
plugin's game and bot are then found the way an installed package's are, by
that process and by every worker it starts.  The same simulation must give
the same frame played in one process, on a process pool started by
``fork``, ``forkserver`` and ``spawn``, and on a Dask ``LocalCluster``; a bot
registered by hand in the main process (no entry point) plays on all of them
too, sent along with the work.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import explorer
from explorer import bots
from explorer.core import registry

ROOT = Path(__file__).resolve().parent.parent

PLUGIN = {
    "explorer_tinyplugin/__init__.py": '''
        """A plugin for the explorer: a short Pet Quartet for two and a bot that always plays the first legal move."""

        from explorer.bots import Bot
        from explorer.games.pet_quartet import PetQuartet


        class TinyQuartet(PetQuartet):
            name = "tiny-quartet"
            title = "Tiny Quartet"
            summary = "Pet Quartet under another name, from a plugin."
            min_players = 2
            max_players = 3
            default_players = 2


        GAME = TinyQuartet()


        class FirstBot(Bot):
            """Plays the first legal move."""

            name = "first"

            def choose(self, seen):
                return seen.legal[0]
    ''',
    "explorer_tinyplugin/by_hand.py": '''
        from explorer.bots import Bot


        class LastBot(Bot):
            """Plays the last legal move (registered by hand, declared by no entry point)."""

            name = "last"

            def choose(self, seen):
                return seen.legal[-1]
    ''',
    "explorer_tinyplugin-0.1.dist-info/METADATA": '''
        Metadata-Version: 2.1
        Name: explorer-tinyplugin
        Version: 0.1
    ''',
    "explorer_tinyplugin-0.1.dist-info/entry_points.txt": '''
        [explorer.games]
        tiny-quartet = explorer_tinyplugin:GAME

        [explorer.bots]
        first = explorer_tinyplugin:FirstBot
    ''',
}

#: A package whose entry points lead nowhere: the explorer warns and goes on without them.
BROKEN = {
    "explorer_broken-0.1.dist-info/METADATA": "Metadata-Version: 2.1\nName: explorer-broken\nVersion: 0.1\n",
    "explorer_broken-0.1.dist-info/entry_points.txt": "[explorer.games]\nnothing = explorer_broken:GAME\n"
                                                      "[explorer.bots]\nnobody = explorer_broken:Bot\n",
}

SCRIPT = '''
import json
import warnings

import distributed

import explorer
from explorer import bots
from explorer.analysis import simulate
from explorer.core import registry
from explorer_tinyplugin.by_hand import LastBot


def run(**how):
    frame = simulate("tiny-quartet", ["first", "random", "last"], games=12, seed=5, rotate=True, **how)
    return frame.drop(columns=["seats", "scores", "winners"]).to_json() + json.dumps(
        [list(map(list, frame[c])) for c in ("seats", "scores", "winners")])


if __name__ == "__main__":
    warnings.simplefilter("error")  # a plugin that cannot be loaded, or a pool that complains, fails the run
    found = {"games": [g.name for g in explorer.games()], "bots": bots.names(),
             "by_hand_before": [c.name for c in bots.registry.registered_by_hand()]}
    bots.register(LastBot)
    found["by_hand"] = [c.name for c in bots.registry.registered_by_hand()]
    frames = {"serial": run(workers=1)}
    for method in ("fork", "forkserver", "spawn"):
        frames[method] = run(workers=2, start_method=method)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        frames["dask"] = run(executor=client.get_executor())
    found["frames"] = frames
    print(json.dumps(found))
'''


def write_package(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder


def python(code_or_script: str | Path, *paths: Path, cwd: Path) -> subprocess.CompletedProcess:
    """A fresh Python of this environment, with ``paths`` (plugin folders) on its ``PYTHONPATH``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, paths)))
    args = [str(code_or_script)] if isinstance(code_or_script, Path) else ["-c", code_or_script]
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return write_package(tmp_path_factory.mktemp("plugin"), PLUGIN)


def test_the_explorers_own_games_and_bots_are_declared_as_entry_points():
    own = [g.name for g in explorer.games() if type(g).__module__.startswith("explorer.")]
    assert sorted(e.name for e in entry_points(group="explorer.games")) == own
    declared = {e.name: e.load() for e in entry_points(group="explorer.bots")}
    assert {name: type(bots.make(name)) for name in ("random", "greedy", "search")} == declared


def test_in_a_fresh_process_nothing_is_registered_by_hand(tmp_path):
    done = python("from explorer import bots\nfrom explorer.core import registry\n"
                  "print(registry.registered_by_hand(), bots.registry.registered_by_hand())", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.split() == ["[]", "[]"], done.stderr


@pytest.mark.slow
def test_a_plugins_game_and_bot_play_alike_on_every_start_method_and_on_dask(plugin, tmp_path):
    script = tmp_path / "run.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = python(script, plugin, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert "tiny-quartet" in found["games"] and len(found["games"]) == len(entry_points(group="explorer.games")) + 1
    assert found["bots"] == ["random", "greedy", "search", "first"]
    assert found["by_hand_before"] == [] and found["by_hand"] == ["last"]
    frames = found["frames"]
    serial = frames.pop("serial")
    assert '"first"' in serial and '"last"' in serial
    assert list(frames) == ["fork", "forkserver", "spawn", "dask"]
    assert [method for method, frame in frames.items() if frame != serial] == []


def test_a_plugin_that_cannot_be_loaded_is_a_warning_and_the_rest_still_work(tmp_path):
    broken = write_package(tmp_path / "broken", BROKEN)
    done = python("import explorer\nfrom explorer import bots\n"
                  "print(len(explorer.games()), bots.names())", broken, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == f"{len(entry_points(group='explorer.games'))} ['random', 'greedy', 'search']"
    warned = [line for line in done.stderr.splitlines() if "PluginWarning" in line]
    assert len(warned) == 2 and "'nothing' (explorer_broken:GAME)" in warned[0] and "'nobody'" in warned[1]


def test_a_bot_registered_by_hand_is_listed_as_such_and_a_declared_one_is_not():
    class Stubborn(bots.RandomBot):
        """Picks at random, under another name."""

        name = "stubborn-test"

    try:
        bots.register(Stubborn)
        assert bots.registry.registered_by_hand() == [Stubborn]
        assert bots.make("stubborn-test", seed=1).describe() == "Picks at random, under another name."
    finally:
        bots.registry._BOTS.pop("stubborn-test")
    # The test suite registers its toy game by hand (tests/conftest.py); the explorer's own are declared.
    assert [g.name for g in registry.registered_by_hand()] == ["high-card"]


def test_a_start_method_python_does_not_know_is_one_sentence():
    from explorer.analysis import simulate

    with pytest.raises(explorer.ExplorerError, match=r"^a process pool starts its workers by .*, not 'threads'\.$"):
        simulate("pet-quartet", ["random", "random"], games=2, workers=2, start_method="threads")
