"""A dashboard page as the server sees it, without a browser: HTTP, the kernel's websocket and the widget protocol.

:class:`Page` does what a browser's tab does with a Voila dashboard, message
for message, and draws nothing:

1. asks for the page (the HTML, which sets the ``_xsrf`` cookie) and for
   every script and style sheet it names, as a first visit does;
2. opens the kernel's websocket (``/api/kernels/<id>/channels``, in the
   ``v1.kernel.websocket.jupyter.org`` framing the page's JupyterLab
   services ask for), asks for the kernel's info as JupyterLab's services do on
   connecting, then does the handshake of ``@jupyter-widgets/html-manager``
   (ipywidgets 8): a ``comm_open`` on ``jupyter.widget.control``, a
   ``request_states`` on it, and every widget's state in the one
   ``update_states`` answer, after which the control comm is closed;
3. keeps every widget's state up to date from the kernel's ``update``,
   ``comm_open`` and ``comm_close`` messages;
4. clicks as the page's own code does: a move button sends the move-buttons
   widget ``{"play": notation, "at": position}`` (see
   :mod:`explorer.widgets.movebuttons`), a toolbar button sends its button
   widget ``{"event": "click"}``;
5. leaves as the page does: it asks the server to shut its kernel down
   (``/voila/api/shutdown/<id>``, with the ``_xsrf`` cookie and field).

A click is timed as ``benchmarks/dashboard.py`` times it in Chromium: from
sending it until the status line shows another position and the chart has
a new stamp, here the moment those two updates have arrived.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
import uuid
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

#: What the page's JavaScript says it speaks.
PROTOCOL = "5.3"
CONTROL = "jupyter.widget.control"
#: The websocket framing JupyterLab's services ask for (and the server then passes the kernel's
#: frames through without decoding them); without it the server speaks JSON.
V1 = "v1.kernel.websocket.jupyter.org"


def encode_v1(channel: str, parts: list[bytes]) -> bytes:
    """A message in the v1 framing: the count of offsets, the offsets, the channel, then each part."""
    offsets = [8 * (len(parts) + 3)]
    for part in [channel.encode(), *parts]:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets),
                     channel.encode(), *parts])


def decode(message: str | bytes, v1: bool = False) -> dict:
    """A message from the server's websocket: v1 frames, JSON text, or JSON with buffers behind it."""
    if isinstance(message, str):
        return json.loads(message)
    if v1:
        count = int.from_bytes(message[:8], "little")
        offsets = [int.from_bytes(message[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
        parts = [message[offsets[i]: offsets[i + 1]] for i in range(count - 1)]
        header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
        return {"channel": parts[0].decode(), "header": header, "parent_header": parent, "metadata": metadata,
                "content": content, "buffers": parts[5:]}
    parts = int.from_bytes(message[:4], "big")
    offsets = [int.from_bytes(message[4 + 4 * i: 8 + 4 * i], "big") for i in range(parts)] + [len(message)]
    msg = json.loads(message[offsets[0]: offsets[1]])
    msg["buffers"] = [message[offsets[i]: offsets[i + 1]] for i in range(1, parts)]
    return msg


class Page:
    """One student's tab at a dashboard: ``page = await Page.open(url)``, then ``await page.click_move()``."""

    def __init__(self, base: str) -> None:
        self.base = base  # http://host:port
        self.http = AsyncHTTPClient(force_instance=True)
        self.cookies: dict[str, str] = {}
        self.kernel: str | None = None
        self.session = uuid.uuid4().hex
        self.ws: Any = None
        self.v1 = False
        self.models: dict[str, dict] = {}  # comm id -> {"model_name": ..., "state": {...}}
        self._changed = asyncio.Event()
        self._reader: asyncio.Task | None = None
        self.lost = False
        self.html_at = self.states_at = 0.0  # time.monotonic() when the HTML, and every widget's state, arrived

    # -- HTTP ------------------------------------------------------------------------------------

    def _headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    async def get(self, url: str, timeout: float) -> bytes:
        response = await self.http.fetch(HTTPRequest(urllib.parse.urljoin(self.base, url), headers=self._headers(),
                                                     request_timeout=timeout, connect_timeout=timeout))
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        return response.body

    @classmethod
    async def open(cls, url: str, timeout: float = 300) -> "Page":
        """Load the dashboard at ``url`` as a browser does, until every widget's state has arrived."""
        parts = urllib.parse.urlsplit(url)
        page = cls(f"{parts.scheme}://{parts.netloc}")
        html = (await page.get(url, timeout)).decode("utf-8", "replace")
        page.html_at = time.monotonic()
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if found is None:
            raise RuntimeError("the page came without a kernel")
        page.kernel = found.group(1)
        # What a first visit fetches besides: the scripts and style sheets the page names.
        assets = {a for a in re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', html)
                  if not a.startswith(("http:", "https:", "data:", "#"))}
        await asyncio.gather(*(page.get(urllib.parse.urljoin(url, a), timeout) for a in sorted(assets)))
        await page.connect(timeout)
        return page

    async def close(self) -> None:
        """Leave the page: ask the server to shut its kernel down, as the page does when it goes."""
        try:
            if self.kernel is not None:
                xsrf = self.cookies.get("_xsrf", "")
                await self.http.fetch(HTTPRequest(f"{self.base}/voila/api/shutdown/{self.kernel}", method="POST",
                                                  body=urllib.parse.urlencode({"_xsrf": xsrf}),
                                                  headers=self._headers(), request_timeout=60))
        finally:
            if self.ws is not None:
                self.ws.close()
            if self._reader is not None:
                self._reader.cancel()
            self.http.close()

    # -- the kernel's websocket ------------------------------------------------------------------

    def send(self, channel: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "",
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": PROTOCOL}
        if self.v1:
            self.ws.write_message(encode_v1(channel, [json.dumps(part).encode() for part in
                                                      (header, {}, metadata or {}, content)]), binary=True)
        else:
            self.ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                              "content": content, "channel": channel, "buffers": []}))
        return msg_id

    async def connect(self, timeout: float) -> None:
        ws_base = self.base.replace("http", "ws", 1)
        request = HTTPRequest(f"{ws_base}/api/kernels/{self.kernel}/channels?session_id={self.session}",
                              headers=self._headers(), request_timeout=timeout, connect_timeout=timeout)
        self.ws = await websocket_connect(request, max_message_size=256 * 2**20, subprotocols=[V1])
        self.v1 = self.ws.selected_subprotocol == V1
        info = self.send("shell", "kernel_info_request", {})
        control = uuid.uuid4().hex
        self.send("shell", "comm_open", {"comm_id": control, "target_name": CONTROL, "data": {}},
                  {"version": "1.0.0"})
        self.send("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = None
        replied = False
        deadline = time.monotonic() + timeout
        while states is None or not replied:
            msg = await self._next(deadline)
            kind = msg["header"]["msg_type"]
            if kind == "kernel_info_reply" and msg["parent_header"].get("msg_id") == info:
                replied = True
            elif kind == "comm_msg" and msg["content"].get("comm_id") == control:
                data = msg["content"]["data"]
                if data.get("method") == "update_states":
                    states = data["states"]
        self.states_at = time.monotonic()
        self.send("shell", "comm_close", {"comm_id": control, "data": {}})
        self.models = {k: {"model_name": v["model_name"], "state": dict(v["state"])} for k, v in states.items()}
        self._reader = asyncio.ensure_future(self._read())

    async def _next(self, deadline: float) -> dict:
        message = await asyncio.wait_for(self.ws.read_message(), max(0.1, deadline - time.monotonic()))
        if message is None:
            self.lost = True
            raise ConnectionError("the kernel's websocket closed")
        return decode(message, self.v1)

    async def _read(self) -> None:
        """Follow the kernel's widget messages for as long as the page is open."""
        while True:
            message = await self.ws.read_message()
            if message is None:
                self.lost = True
                self._changed.set()
                return
            msg = decode(message, self.v1)
            kind, content = msg["header"]["msg_type"], msg["content"]
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                data = content.get("data", {})
                self.models[content["comm_id"]] = {"model_name": data.get("state", {}).get("_model_name"),
                                                   "state": dict(data.get("state", {}))}
            elif kind == "comm_msg" and content.get("comm_id") in self.models:
                data = content.get("data", {})
                if data.get("method") in ("update", "echo_update"):
                    self.models[content["comm_id"]]["state"].update(data.get("state", {}))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            else:
                continue
            self._changed.set()

    # -- what a person sees and clicks -----------------------------------------------------------

    def find(self, css_class: str) -> tuple[str, dict] | None:
        """The first widget with this CSS class (its comm id and state), as ``document.querySelector`` finds it."""
        for comm_id, model in self.models.items():
            if css_class in (model["state"].get("_dom_classes") or []):
                return comm_id, model["state"]
        return None

    def chart(self) -> dict | None:
        """The first chart's state (the chart widget draws itself, so only its ``stamp`` marks it)."""
        return next((m["state"] for m in self.models.values() if "stamp" in m["state"]), None)

    def _shown(self) -> tuple[Any, Any]:
        status, chart = self.find("ex-status-line"), self.chart()
        return (status[1].get("value") if status else None), (chart.get("stamp") if chart else None)

    def interactive(self) -> bool:
        """Move buttons to click and a chart to look at, as the browser's time to interactive waits for."""
        buttons = self.find("ex-legal")
        return bool(buttons and buttons[1].get("items")) and self._shown()[1] is not None

    async def click_move(self, timeout: float = 60) -> float:
        """Click the first move button; milliseconds until the new position arrived (-1: no button)."""
        buttons = self.find("ex-legal")
        if buttons is None or not buttons[1].get("items"):
            return -1
        comm_id, state = buttons
        return await self._click(comm_id, {"play": state["items"][0]["notation"], "at": state.get("at", "")},
                                 timeout)

    async def click(self, css_class: str, timeout: float = 60) -> float:
        """Click the button widget with this CSS class; milliseconds until the new position arrived (-1: disabled)."""
        button = self.find(css_class)
        if button is None or button[1].get("disabled"):
            return -1
        return await self._click(button[0], {"event": "click"}, timeout)

    async def _click(self, comm_id: str, content: dict, timeout: float) -> float:
        before = self._shown()
        t0 = time.perf_counter()
        self.send("shell", "comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": content}})
        deadline = t0 + timeout
        while True:
            now = self._shown()
            if now[0] != before[0] and now[1] != before[1]:
                return (time.perf_counter() - t0) * 1000
            if self.lost:
                raise ConnectionError("the kernel's websocket closed")
            self._changed.clear()
            await asyncio.wait_for(self._changed.wait(), max(0.1, deadline - time.perf_counter()))
