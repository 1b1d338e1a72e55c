// node:module: createRequire (CommonJS loading from an ES module), builtinModules, isBuiltin, and
// Module itself (module.constructor in CommonJS code).
(function (internals) {
  "use strict";
  const Module = internals.Module;
  return Module;
})
