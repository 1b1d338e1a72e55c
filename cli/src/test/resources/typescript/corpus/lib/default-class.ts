export default abstract class<T> { constructor(public value: T) {} }
