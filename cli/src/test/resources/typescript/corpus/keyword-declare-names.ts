// declare, abstract and namespace as plain identifiers in statements.
let declare = 1;
let abstract = 2;
let namespace = 3;
let module = 4;
declare
++declare;
abstract
class Later {}
namespace
{ namespace = 30; }
module
{ module = 40; }
console.log(declare, abstract, namespace, module, typeof Later);
export default function () {}
