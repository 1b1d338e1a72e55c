// node:console: the script's console (its lines go to graft's log) and a Console class over it.
(function (internals) {
  "use strict";
  const c = globalThis.console;
  class Console {
    constructor() {
      Object.keys(c).forEach((k) => { this[k] = c[k]; });
    }
  }
  const out = Object.assign({}, c);
  out.Console = Console;
  return out;
})
