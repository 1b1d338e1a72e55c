// JSX is not TypeScript in a .ts file: tsc and graft both refuse it.
const view = <div className="x">hello</div>;
console.log(view);
export default function () {}
