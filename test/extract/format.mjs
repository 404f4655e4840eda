// Deterministic pretty JSON for snapshots: small leaf objects/arrays stay on one line so that a
// declaration, a range or a reference reads as one line and diffs stay small.
const INLINE_LIMIT = 160;

export function formatJson(value) {
  return `${format(value, '')}\n`;
}

function format(value, indent) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inline = JSON.stringify(value);
  const isArray = Array.isArray(value);
  if (inline.length <= INLINE_LIMIT && !hasNestedContainerList(value)) return spaced(inline);
  const inner = `${indent}  `;
  if (isArray) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + format(item, inner)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((key) => `${inner}${JSON.stringify(key)}: ${format(value[key], inner)}`).join(',\n')}\n${indent}}`;
}

/** Arrays of objects are always broken one element per line. */
function hasNestedContainerList(value) {
  return Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 2);
}

/** `{"a":1,"b":[2]}` -> `{ "a": 1, "b": [2] }` (outside strings). */
function spaced(json) {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += json[++i];
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ':') out += ': ';
    else if (ch === ',') out += ', ';
    else if (ch === '{' && json[i + 1] !== '}') out += '{ ';
    else if (ch === '}' && json[i - 1] !== '{') out += ' }';
    else out += ch;
  }
  return out;
}
