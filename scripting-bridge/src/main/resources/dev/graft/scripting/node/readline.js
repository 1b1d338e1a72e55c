// node:readline: createInterface over a readable stream, giving its lines ("line" events and an
// async iterator). There is no terminal to prompt on: question() answers with what is read next.
(function (internals) {
  "use strict";
  const EventEmitter = internals.builtin("events");
  const { StringDecoder } = internals.builtin("string_decoder");

  class Interface extends EventEmitter {
    constructor(input, output) {
      super();
      const options = input !== null && typeof input === "object" && input.input !== undefined ? input : { input, output };
      this.input = options.input;
      this.output = options.output;
      this.terminal = false;
      this.line = "";
      this.closed = false;
      this._pending = "";
      this._questions = [];
      const decoder = new StringDecoder("utf8");
      if (this.input && typeof this.input.on === "function") {
        this._onData = (chunk) => this._feed(typeof chunk === "string" ? chunk : decoder.write(chunk));
        this._onEnd = () => {
          const rest = decoder.end();
          if (rest) this._feed(rest);
          if (this._pending !== "") {
            const last = this._pending;
            this._pending = "";
            this._emitLine(last);
          }
          this.close();
        };
        this.input.on("data", this._onData);
        this.input.on("end", this._onEnd);
      }
    }
    _feed(text) {
      const parts = (this._pending + text).split(/\r?\n/);
      this._pending = parts.pop();
      for (const line of parts) this._emitLine(line);
    }
    _emitLine(line) {
      const q = this._questions.shift();
      if (q !== undefined) q(line);
      else this.emit("line", line);
    }
    question(query, options, cb) {
      const done = typeof options === "function" ? options : cb;
      if (this.output && typeof this.output.write === "function") this.output.write(query);
      this._questions.push(done);
    }
    setPrompt(p) { this._prompt = p; }
    getPrompt() { return this._prompt || ""; }
    prompt() {}
    write() {}
    pause() {
      if (this.input && this.input.pause) this.input.pause();
      return this;
    }
    resume() {
      if (this.input && this.input.resume) this.input.resume();
      return this;
    }
    close() {
      if (this.closed) return;
      this.closed = true;
      if (this.input && typeof this.input.removeListener === "function") {
        this.input.removeListener("data", this._onData);
        this.input.removeListener("end", this._onEnd);
      }
      this.emit("close");
    }
    [Symbol.asyncIterator]() {
      const lines = [];
      const waiting = [];
      let done = false;
      this.on("line", (l) => (waiting.length > 0 ? waiting.shift()({ value: l, done: false }) : lines.push(l)));
      this.on("close", () => {
        done = true;
        while (waiting.length > 0) waiting.shift()({ value: undefined, done: true });
      });
      return {
        next: () => {
          if (lines.length > 0) return Promise.resolve({ value: lines.shift(), done: false });
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => waiting.push(resolve));
        },
        return: () => {
          this.close();
          return Promise.resolve({ value: undefined, done: true });
        },
        [Symbol.asyncIterator]() { return this; },
      };
    }
  }

  const createInterface = (input, output) => new Interface(input, output);
  const promises = {
    Interface,
    createInterface(input, output) {
      const rl = new Interface(input, output);
      const question = rl.question.bind(rl);
      rl.question = (query) => new Promise((resolve) => question(query, resolve));
      return rl;
    },
  };
  return {
    Interface,
    createInterface,
    promises,
    clearLine: () => true,
    clearScreenDown: () => true,
    cursorTo: () => true,
    moveCursor: () => true,
    emitKeypressEvents: () => {},
  };
})
