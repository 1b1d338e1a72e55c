export const named: string = "named";
export default function <T>(x: T): T[] { return [x]; }
