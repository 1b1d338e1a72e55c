// node:process: the same object as the process global.
(function (internals) {
  "use strict";
  return internals.process();
})
