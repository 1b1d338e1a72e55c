// Merged enums: a member of any declaration of the enum wins over an outer binding of its name,
// as tsc resolves it (the review's gate: Default must be Block's 1, not the outer const's 0).
const Block = 0; // a UI constant elsewhere in the file
enum Verdict { Allow = 0, Block = 1 }
enum Verdict { Default = Block, Later = Allow + Number("2"), Next }
console.log(Verdict.Default, Verdict.Later, Verdict.Next, JSON.stringify(Verdict), Block);
function scoped(): string {
  enum Z { A = 1 }
  enum Z { B = A + Number("1"), C = Z.A * 3 }
  return JSON.stringify(Z);
}
console.log(scoped());
export enum Shared { One = 1 }
export enum Shared { Two = One + 1 }
console.log(JSON.stringify(Shared));
export default function () {}
