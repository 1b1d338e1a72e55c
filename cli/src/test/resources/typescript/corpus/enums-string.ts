// String enums and mixed enums.
enum Level { Info = "info", Warn = "warn", Error = `error` }
console.log(Level.Info, Level.Error, JSON.stringify(Level), (Level as any)["info"]);
enum Mixed { No = 0, Yes = "YES", Later = 5, After }
console.log(JSON.stringify(Mixed), Mixed.After);
export enum Exported { One = 1, Two }
console.log(Exported.Two, Exported[1]);
const level: Level = Level.Warn;
switch (level) {
  case Level.Info: console.log("is info"); break;
  case Level.Warn: console.log("is warn"); break;
}
export default function () {}
