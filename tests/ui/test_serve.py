"""scripts/serve.mjs (issue 14): the build's pre-compressed copies with their Content-Encoding, and
one line of advice, not a stack trace, for a busy port."""

import gzip
import subprocess
import urllib.request

from conftest import ROOT


def get(url, accept_encoding):
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept_encoding})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_compressed_copies_are_served_with_their_encoding(built_site, plain_site_url):
    wasm = (built_site / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
    headers, body = get(plain_site_url + "vendor/pyodide/pyodide.asm.wasm", "gzip")
    assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == wasm and len(body) < len(wasm) * 0.5
    headers, body = get(plain_site_url + "vendor/pyodide/pyodide.asm.wasm", "gzip, deflate, br")
    assert headers["Content-Encoding"] == "br"
    assert body == (built_site / "vendor/pyodide/pyodide.asm.wasm.br").read_bytes()
    headers, body = get(plain_site_url + "vendor/pyodide/pyodide.asm.wasm", "identity")
    assert headers["Content-Encoding"] is None and body == wasm
    font = next((built_site / "assets").glob("*.woff2")).name
    headers, body = get(plain_site_url + f"assets/{font}", "gzip, br")  # compressed already: no copies
    assert headers["Content-Encoding"] is None


def test_a_busy_port_prints_one_line_suggesting_another(plain_site_url):
    port = int(plain_site_url.rstrip("/").rsplit(":", 1)[1])
    result = subprocess.run(["node", "scripts/serve.mjs", "--port", str(port)], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert result.stderr.strip() == f"Port {port} is already in use; pick another one, e.g. PORT={port + 1} npm start"
