"""Serve build/web/ on localhost (`make web` builds it first and runs this).

    python host_tools/web/web_serve.py [--port N] [--dir DIR] [--build]

Prints the address, then serves until Ctrl-C. Port 0 picks a free one. The
site is static: any web server (or static host) serving the folder works;
this one only makes sure .wasm, .mjs and .webmanifest go out with the types
browsers want.
"""
import functools
import http.server
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
    extensions_map.update({".wasm": "application/wasm", ".mjs": "text/javascript",
                           ".js": "text/javascript", ".webmanifest": "application/manifest+json",
                           ".json": "application/json"})

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # the service worker does the caching
        super().end_headers()

    def log_message(self, fmt, *args):
        if "--quiet" not in sys.argv:
            super().log_message(fmt, *args)


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main():
    d = os.path.abspath(arg("--dir", os.path.join(ROOT, "build", "web")))
    if "--build" in sys.argv or not os.path.exists(os.path.join(d, "index.html")):
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import web_build
        web_build.build(d)
    port = int(arg("--port", "8000"))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                          functools.partial(Handler, directory=d))
    print("Dicebox: http://127.0.0.1:%d/ (serving %s; Ctrl-C stops)"
          % (srv.server_address[1], os.path.relpath(d, ROOT)), flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
