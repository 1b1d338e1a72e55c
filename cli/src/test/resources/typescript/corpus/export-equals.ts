// export = is CommonJS (an expected refusal).
const value = 1;
console.log(value);
export = value;
