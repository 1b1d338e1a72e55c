// node:os: facts about the machine, read once from graft (platform, architecture, home folder as
// a path, temporary folder, number of processors, memory). No user data: the host name is
// "localhost", userInfo has no name, and there are no network interfaces.
(function (internals) {
  "use strict";
  const facts = internals.facts;
  const signals = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8, SIGKILL: 9,
    SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15, SIGCHLD: 17, SIGCONT: 18, SIGSTOP: 19,
    SIGTSTP: 20, SIGTTIN: 21, SIGTTOU: 22, SIGWINCH: 28 };
  const errno = { EPERM: 1, ENOENT: 2, EIO: 5, EBADF: 9, EACCES: 13, EEXIST: 17, ENOTDIR: 20, EISDIR: 21, EINVAL: 22,
    ENOTEMPTY: 39, ELOOP: 40 };
  const cpus = function () {
    const out = [];
    for (let i = 0; i < facts.cpus; i++) {
      out.push({ model: "", speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } });
    }
    return out;
  };
  return {
    EOL: "\n",
    devNull: "/dev/null",
    arch: () => facts.arch,
    platform: () => facts.platform,
    type: () => facts.osType,
    release: () => facts.osRelease,
    version: () => facts.osRelease,
    machine: () => facts.machine,
    homedir: () => facts.home,
    tmpdir: () => facts.tmpdir,
    hostname: () => "localhost",
    cpus,
    availableParallelism: () => facts.cpus,
    totalmem: () => facts.totalmem,
    freemem: () => Number(internals.call("freemem")),
    uptime: () => 0,
    loadavg: () => [0, 0, 0],
    endianness: () => "LE",
    networkInterfaces: () => ({}),
    userInfo: () => ({ uid: -1, gid: -1, username: "", homedir: facts.home, shell: null }),
    getPriority: () => 0,
    setPriority() {
      throw new Error("os.setPriority: a script cannot change process priorities");
    },
    constants: { signals, errno, priority: {} },
  };
})
