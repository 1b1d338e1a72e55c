// The reference's session listing over one directory (for bench/session-list.sh).
import { SessionManager } from "@mariozechner/pi-coding-agent";
const sessions = await SessionManager.list("/bench/list", process.argv[2]);
console.log(`${sessions.length} sessions`);
