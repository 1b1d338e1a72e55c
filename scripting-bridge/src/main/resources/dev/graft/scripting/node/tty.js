// node:tty: a script has no terminal of its own (graft owns it), so no descriptor is a TTY.
(function (internals) {
  "use strict";
  const events = internals.builtin("events");
  class ReadStream extends events.EventEmitter {}
  class WriteStream extends events.EventEmitter {}
  return { isatty: () => false, ReadStream, WriteStream };
})
