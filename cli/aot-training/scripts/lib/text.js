// The first line of a tool result's text (imported by gate.js: module loading from lib/).
export function firstLine(content) {
  const text = content.map((b) => (b.type === "text" ? b.text : "")).join("");
  return text.split("\n")[0];
}
