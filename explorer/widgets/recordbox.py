"""The records panel: download the game on screen, upload or paste one to replay it."""

from __future__ import annotations

from typing import Callable
from urllib.parse import quote

import ipywidgets as w

from ..core import State, dumps
from ..core.words import count
from . import explain


#: The words on the upload button.
UPLOAD = "Upload record…"


class RecordsPanel:
    """A download link that follows the game, an upload button, a box to paste into, and their messages.

    ``load(data, source)`` is called with the bytes or text given; it answers
    with a sentence and its kind (``ok`` or ``error``) to show.
    """

    def __init__(self, game_name: str, load: Callable[[str | bytes, str], tuple[str, str]],
                 guard: Callable[[Callable[[], None]], None], on_screen: Callable[[], State] | None = None) -> None:
        self._load = load
        self._on_screen = on_screen
        self._shown: tuple | None = None
        self.download = w.HTML()
        self.download.add_class("ex-download")
        # The upload button counts the files chosen ("Upload (0)"); the style sheet shows UPLOAD instead.
        self.upload = w.FileUpload(accept=".json,application/json,text/plain", multiple=False,
                                   description=UPLOAD, tooltip="Replay a record kept in a file", icon="")
        self.upload.add_class("ex-upload")
        self.upload.observe(lambda change: guard(lambda: self._on_upload(change.new)), "value")
        self.paste = w.Textarea(placeholder='paste a record here: {"game": "' + game_name + '", ...}',
                                layout=w.Layout(width="100%", height="90px"))
        self.paste.add_class("ex-paste")
        self.replay = w.Button(description="Replay the pasted record", tooltip="Open the game this record describes",
                               layout=w.Layout(width="auto"))
        self.replay.add_class("ex-replay")
        self.replay.on_click(lambda _: guard(self._on_paste))
        self.copy_position = w.Button(description="Copy this position as a setup",
                                      tooltip="Write the position on screen into the box, as a record that starts "
                                              "there", layout=w.Layout(width="auto"))
        self.copy_position.add_class("ex-copy-position")
        self.copy_position.on_click(lambda _: guard(self._on_copy_position))
        self.feedback = w.HTML()
        self.feedback.add_class("ex-record-feedback")
        top = w.HBox([self.download, self.upload])
        top.add_class("ex-record-row")
        actions = w.HBox([self.replay, self.copy_position] if on_screen is not None else [self.replay])
        actions.add_class("ex-record-row")
        self.widget = w.VBox([
            w.HTML('<div class="ex-form-help">A record is the game written down: players, options, seed and '
                   'every move. Download it to keep it; upload or paste one to replay it here. A position can be '
                   'copied as a setup: a record with no moves that starts a new game right there.</div>'),
            top, self.paste, actions, self.feedback,
        ])
        self.widget.add_class("ex-records")

    def show(self, final: State, key: tuple) -> None:
        """Offer ``final`` (the whole list of moves) for download; ``key`` says when it changed."""
        if key == self._shown:
            return
        self._shown = key
        text = dumps(final)
        name = f"{final.game.name}-seed{final.seed}-{final.ply}moves.json"
        self.download.value = (f'<a class="ex-download-link" download="{explain.escape(name)}" '
                               f'href="data:application/json;charset=utf-8,{quote(text)}">'
                               f'⤓ Download this game ({final.ply} moves)</a>')

    def say(self, text: str, kind: str) -> None:
        self.feedback.value = explain.message_html(text, kind)

    def _on_upload(self, files: tuple) -> None:
        if not files:
            return
        content = files[0]["content"]
        data = content.tobytes() if hasattr(content, "tobytes") else bytes(content)
        self.say(*self._load(data, files[0].get("name", "the file")))
        self.upload.value = ()

    def _on_copy_position(self) -> None:
        """Write the position on screen into the box as a record that starts there (see :meth:`State.as_setup`)."""
        assert self._on_screen is not None  # the button is shown only with a position to copy
        state = self._on_screen()
        here = state.game.new(state.players, state.seed, state.options, setup=state.as_setup(), names=state.names)
        self.paste.value = dumps(here)
        self.say(f"The position on screen, after {count(state.ply, 'move')}, is in the box as a setup: copy it to "
                 "keep it, or replay it to play on from there.", "ok")

    def _on_paste(self) -> None:
        if not self.paste.value.strip():
            self.say("Paste a record into the box first.", "info")
            return
        self.say(*self._load(self.paste.value, "the pasted record"))
