"""The local server (`python build.py serve`, and the browser tests' servers): a browser
that goes away mid-file prints nothing, any other fault still prints its traceback."""

import functools
import socket
import struct
import threading
import time

from kingbuild.serve import SiteServer, StaticHandler


class Faulty(StaticHandler):
    def do_GET(self) -> None:
        if self.path == "/fault":
            raise ValueError("a fault of the server's own")
        super().do_GET()


def serving(root):
    httpd = SiteServer(("127.0.0.1", 0), functools.partial(Faulty, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def ask_and_leave(port: int, path: str) -> None:
    """Ask for ``path`` and reset the connection at once (as a closed tab does)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    s.recv(1024)  # the server is writing the file
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def test_a_browser_leaving_mid_file_prints_nothing_and_a_fault_still_does(tmp_path, capsys):
    (tmp_path / "big.bin").write_bytes(b"x" * 32_000_000)
    httpd = serving(tmp_path)
    before = threading.active_count()
    err = ""

    def settle(done) -> None:
        nonlocal err
        deadline = time.monotonic() + 20
        while not done() and time.monotonic() < deadline:
            time.sleep(0.05)
            err += capsys.readouterr().err

    try:
        for _ in range(3):
            ask_and_leave(httpd.server_address[1], "/big.bin")
        settle(lambda: threading.active_count() == before)  # each request's thread has ended
        assert threading.active_count() == before
        ask_and_leave(httpd.server_address[1], "/fault")
        settle(lambda: "ValueError" in err)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert "a fault of the server's own" in err
    assert "BrokenPipe" not in err and "ConnectionReset" not in err, err
