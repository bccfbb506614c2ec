// JSON as rcat writes it on the wire: JSON.stringify, then U+2028, U+2029 and the C1 controls
// (U+0080–U+009F, NEL among them) written as \u escapes. They are legal raw inside JSON strings
// (RFC 8259 section 7), but line-oriented readers split a message at them (JavaScript before
// ES2019 ended string literals there; text tools and editors treat them, and NEL, as line
// breaks), and a JSON message that must stay on one line — newline-delimited JSON, the MCP stdio
// transport (MCP 2025-11-25, basic/transports "stdio": messages MUST NOT contain embedded
// newlines) — would break. Outside strings JSON has no such characters, so the escaping changes
// no value: JSON.parse of the result equals JSON.parse of the original. Lone surrogates are
// already escaped by JSON.stringify (ECMAScript 2019, "well-formed JSON.stringify").
// Used by every JSON answer of the server (REST, /mcp, OAuth and other JSON routes) and available
// to the CLI (`rcat mcp` writes JSON-RPC lines to a host).

const UNSAFE = /[\u0080-\u009f\u2028\u2029]/g;
const HAS_UNSAFE = /[\u0080-\u009f\u2028\u2029]/;

/** JSON text with U+2028, U+2029 and the C1 controls escaped (see above); anything else unchanged. */
export function escapeJsonText(json: string): string {
  if (!HAS_UNSAFE.test(json)) return json;
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON.stringify for the wire (see above). */
export function jsonText(value: unknown): string {
  return escapeJsonText(JSON.stringify(value));
}
