// node:constants: the file system and signal constants (deprecated in Node, still imported).
(function (internals) {
  "use strict";
  const fs = internals.builtin("fs").constants;
  const os = internals.builtin("os").constants;
  return Object.assign({}, fs, os.signals, os.errno);
})
