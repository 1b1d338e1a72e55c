#!/usr/bin/env python3
"""shared/tools/fakellm.py with paced streams: each event of an answer is sent RATE times a
second, as a model streams, instead of all at once. Same arguments as fakellm, plus --rate
(events per second, default 40). Used by bench/tui-render.sh so that graft and the reference
render the same answer at the same pace."""
import argparse, json, os, sys, time
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "tools"))
if os.environ.get("FAKELLM_DIR"):
    sys.path.insert(0, os.environ["FAKELLM_DIR"])
import fakellm  # noqa: E402


class Paced(fakellm.Handler):
    def send_event(self, data, event=None):
        if self.server.delay and ("text_delta" in data or '"content"' in data):
            time.sleep(self.server.delay)
        super().send_event(data, event)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--script", required=True)
    ap.add_argument("--rate", type=float, default=40)
    ap.add_argument("--log")
    args = ap.parse_args()
    args.turns = json.load(open(args.script))
    args.loop = True
    args.filler = ""
    srv = ThreadingHTTPServer(("127.0.0.1", args.port), Paced)
    srv.args = args
    srv.delay = 1.0 / args.rate if args.rate > 0 else 0
    print(f"paced-llm listening on http://127.0.0.1:{srv.server_address[1]}", flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
