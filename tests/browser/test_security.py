"""A dashboard runs its notebook and nothing else: no page can make the server run code of its own.

Voila's kernel manager passes only the widgets' messages from a page's
websocket to its kernel (comm messages, kernel info, shutdown); an
``execute_request`` is dropped.  The server also offers no API that starts a
kernel, reads a notebook's code or writes a file.  Here a page's own script,
as a visitor could type it into the browser's console, tries each of these.
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

# A visitor's script: talk to the page's kernel over a websocket of its own, as Voila's page does.
ATTEMPT = """
async ([kernel, code]) => {
  const url = location.origin.replace('http', 'ws') + '/api/kernels/' + kernel + '/channels';
  const ws = new WebSocket(url);
  const replies = [];
  ws.onmessage = (event) => { if (typeof event.data === 'string') { replies.push(JSON.parse(event.data)); } };
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  const send = (type, content) => ws.send(JSON.stringify({
    header: { msg_id: crypto.randomUUID(), msg_type: type, session: 'visitor', username: 'visitor',
              date: new Date().toISOString(), version: '5.3' },
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: [] }));
  send('execute_request', { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false });
  send('kernel_info_request', {});
  await new Promise((resolve) => setTimeout(resolve, 5000));
  ws.close();
  return replies.map((m) => m.msg_type);
}
"""


@pytest.fixture()
def server(cold_server):
    """This module's pages open in kernels started for their requests (no preheated kernels)."""
    return cold_server


def test_a_page_cannot_run_code_through_its_kernel(browser, server, tmp_path):
    marker = tmp_path / f"ran-{uuid.uuid4().hex}"
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    kernels: list[str] = []
    page.on("websocket", lambda ws: kernels.append(ws.url.split("/api/kernels/")[1].split("/")[0])
            if "/api/kernels/" in ws.url else None)
    page.goto(server.url("pet_quartet.ipynb"), timeout=TIMEOUT_MS)
    expect(page.locator(".ex-explorer button.ex-move").first).to_be_attached(timeout=TIMEOUT_MS)
    assert kernels, "the page never connected to its kernel"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    replies = page.evaluate(ATTEMPT, [kernels[0], code])
    # The kernel answered what a page may ask (so the channel works), never the execute request.
    assert "kernel_info_reply" in replies
    assert "execute_reply" not in replies and "execute_input" not in replies
    assert not marker.exists(), "a page ran code in its kernel"
    context.close()


@pytest.mark.parametrize("method, path", [
    ("POST", "/api/kernels"),                         # start a kernel of one's own
    ("GET", "/api/contents/notebooks"),               # Jupyter's contents API
    ("PUT", "/voila/api/contents/notebooks/x.py"),    # write a file
    ("GET", "/voila/files/notebooks/pet_quartet.ipynb"),  # a notebook's code
    ("GET", "/voila/files/explorer/dashboards.py"),   # the server's code
    ("GET", "/api/terminals"),
])
def test_the_server_offers_no_way_to_run_or_read_code(browser, server, method, path):
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url(), timeout=TIMEOUT_MS)
    status = page.evaluate(
        """async ([method, path]) => {
             const xsrf = (document.cookie.match(/\\b_xsrf=([^;]*)/) || [])[1] || '';
             const response = await fetch(path, { method, headers: { 'X-XSRFToken': xsrf,
               'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(
               { name: 'python3', type: 'file', format: 'text', content: 'print(1)' }) });
             return response.status;
           }""", [method, path])
    assert status in (403, 404, 405), f"{method} {path} answered {status}"
    context.close()


def test_the_server_lists_no_kernels(server):
    """Only a page knows its own kernel's id: nobody can look up another's."""
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/kernels", timeout=60)
    assert refused.value.code in (403, 404, 405)
