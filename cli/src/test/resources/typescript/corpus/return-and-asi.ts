// Statements ending without semicolons around casts and non-null assertions.
function f(x: unknown) {
  const y = x as number
  return y
}
function g(x: number | undefined) {
  let z = x!
  z++
  return z
}
let counter = 0
const inc = () => counter++ as number
inc()
inc()
console.log(f(1), g(2), counter)
const arr = [1, 2, 3] as number[]
const last = arr[arr.length - 1]!
;[last].forEach((v) => console.log("last", v))
export default function () {}
