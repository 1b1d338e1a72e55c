#!/usr/bin/env python3
"""Runs one agent process under /usr/bin/time and reports what it cost, as one line:
    wall_s cpu_s user_s sys_s peak_kb [first_context_ms | late_cpu_s]
cpu is user + sys of the whole process tree (every child the agent waited for, the bash tool's
included); peak_kb is the largest resident set of one process of the tree.

rpc mode: the agent runs with `--mode rpc`; PROMPTS prompts are sent one after the other, each
when the agent_end of the one before has come. Every prompt must cost exactly one tool call that
succeeded and one final answer (the loopback model's `auto` rule), else the run fails: a run
that did less work must not look faster. stdin is then closed and the process must exit by itself.

print mode: the agent's own command line (`-p ...`); the time from exec to the first line
`hook-context-first <epoch ms>` a hook printed (stdout or stderr) is the last field.

In rpc mode a sixth field follows: the CPU seconds of the agent's second half of prompts (from
the end of prompt PROMPTS/2 to the end of the last one, read from /proc: the agent's threads and
the children it waited for), so that what each prompt costs once the agent is warm can be told
from what starting and warming up cost.

Usage: drive.py rpc PROMPTS LOG -- CMD...
       drive.py print LOG -- CMD...
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

TIME_FORMAT = "%e %U %S %M"
PROMPT_TIMEOUT_S = 120


def fail(message, log=None):
    print(f"drive: {message}" + (f" (agent output: {log})" if log else ""), file=sys.stderr)
    sys.exit(1)


def read_times(path):
    with open(path) as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    # /usr/bin/time writes "Command exited with non-zero status N" before the figures then.
    wall, user, sys_s, peak = lines[-1].split()
    return float(wall), float(user), float(sys_s), int(peak), lines[:-1]


def agent_pid(time_pid):
    """The agent: the child of /usr/bin/time (the launchers exec their runtime); None when gone."""
    try:
        with open(f"/proc/{time_pid}/task/{time_pid}/children") as f:
            return int(f.read().split()[0])
    except (OSError, IndexError, ValueError):
        return None


def process_cpu(pid):
    """CPU seconds of process `pid` so far: its threads' user and system time and that of the
    children it waited for."""
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    fields = stat[stat.rindex(")") + 2:].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def dump_threads(time_pid, path):
    """Appends the CPU seconds of each thread of the agent (the child of /usr/bin/time), summed by
    thread name with digits dropped, largest first: where the time went, before the agent exits."""
    ticks = os.sysconf("SC_CLK_TCK")
    pid = agent_pid(time_pid)
    if pid is None:
        return
    by_name = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = re.sub(r"(?<!^C)[0-9]+", "#", stat[stat.index("(") + 1:stat.rindex(")")]).replace(" ", "_")
        fields = stat[stat.rindex(")") + 2:].split()
        by_name[name] = by_name.get(name, 0) + (int(fields[11]) + int(fields[12])) / ticks
    with open(path, "a") as f:
        f.write(" ".join(f"{name}={cpu:.2f}" for name, cpu in sorted(by_name.items(), key=lambda kv: -kv[1])) + "\n")


def rpc(prompts, log, cmd):
    fd, times = tempfile.mkstemp(prefix="drive-time.")
    os.close(fd)
    err = open(log, "w")
    proc = subprocess.Popen(["/usr/bin/time", "-f", TIME_FORMAT, "-o", times, *cmd, "--mode", "rpc"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True, bufsize=1)
    events = []
    cond = threading.Condition()

    def reader():
        for line in proc.stdout:
            line = line.strip()
            if not line.startswith("{"):
                err.write("stdout: " + line + "\n")
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                err.write("stdout: " + line + "\n")
                continue
            with cond:
                events.append(event)
                cond.notify_all()
        with cond:
            events.append({"type": "<eof>"})
            cond.notify_all()

    threading.Thread(target=reader, daemon=True).start()
    seen = 0
    pid = None
    half_cpu = None
    late_cpu = 0.0  # with a single prompt there is no second half
    for i in range(1, prompts + 1):
        proc.stdin.write(json.dumps({"type": "prompt", "id": f"p{i}", "message": f"Step {i}: run the next step."}) + "\n")
        proc.stdin.flush()
        tools, answers, response = 0, 0, None
        deadline = time.monotonic() + PROMPT_TIMEOUT_S
        done = False
        while not done:
            with cond:
                while seen >= len(events):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        proc.kill()
                        fail(f"prompt {i}: no agent_end within {PROMPT_TIMEOUT_S} s", log)
                    cond.wait(left)
                event = events[seen]
                seen += 1
            kind = event.get("type")
            if kind == "<eof>":
                fail(f"prompt {i}: the agent closed its output", log)
            if kind == "response" and event.get("id") == f"p{i}":
                response = event
                if not event.get("success"):
                    fail(f"prompt {i} refused: {event.get('error')}", log)
            elif kind == "tool_execution_end":
                if event.get("isError"):
                    fail(f"prompt {i}: the tool call failed: {json.dumps(event)[:400]}", log)
                tools += 1
            elif kind == "message_end" and (event.get("message") or {}).get("role") == "assistant":
                message = event["message"]
                if message.get("stopReason") in ("error", "aborted"):
                    fail(f"prompt {i}: the model call failed: {message.get('errorMessage')}", log)
                if any(block.get("type") == "text" and block.get("text", "").startswith("Done with request")
                       for block in message.get("content", [])):
                    answers += 1
            elif kind == "agent_end":
                done = True
        if response is None or tools != 1 or answers != 1:
            fail(f"prompt {i}: expected a response, one tool call and one answer, got "
                 f"{'a' if response else 'no'} response, {tools} tool calls, {answers} answers", log)
        events.clear()
        seen = 0
        if i == prompts // 2 or i == prompts:
            pid = pid or agent_pid(proc.pid)
            if pid is None:
                fail("cannot find the agent's process under /usr/bin/time", log)
            now = process_cpu(pid)
            if i == prompts // 2:
                half_cpu = now
            elif half_cpu is not None:
                late_cpu = now - half_cpu
    if os.environ.get("DRIVE_THREADS"):
        dump_threads(proc.pid, os.environ["DRIVE_THREADS"])
    proc.stdin.close()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("the agent did not exit within 60 s of the end of its input", log)
    wall, user, sys_s, peak, notes = read_times(times)
    os.unlink(times)
    if proc.returncode != 0:
        fail(f"the agent exited with {proc.returncode} {notes}", log)
    print(f"{wall:.3f} {user + sys_s:.3f} {user:.3f} {sys_s:.3f} {peak} {late_cpu:.3f}")


def print_mode(log, cmd):
    fd, times = tempfile.mkstemp(prefix="drive-time.")
    os.close(fd)
    start = time.time()
    with open(log, "w") as out:
        code = subprocess.call(["/usr/bin/time", "-f", TIME_FORMAT, "-o", times, *cmd],
                               stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    wall, user, sys_s, peak, notes = read_times(times)
    os.unlink(times)
    with open(log) as f:
        match = re.search(r"hook-context-first (\d+)", f.read())
    if not match:
        fail("no first context call", log)
    if code != 0:
        fail(f"the agent exited with {code} {notes}", log)
    first = int(match.group(1)) - start * 1000
    print(f"{wall:.3f} {user + sys_s:.3f} {user:.3f} {sys_s:.3f} {peak} {first:.0f}")


def main():
    args = sys.argv[1:]
    if "--" not in args:
        fail(__doc__)
    cut = args.index("--")
    head, cmd = args[:cut], args[cut + 1:]
    if head and head[0] == "rpc" and len(head) == 3:
        rpc(int(head[1]), head[2], cmd)
    elif head and head[0] == "print" and len(head) == 2:
        print_mode(head[1], cmd)
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
