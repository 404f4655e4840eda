/**
 * GORM's default table name for a model struct (schema.NamingStrategy.TableName without a table
 * prefix or SingularTable): the struct name in snake case, with GORM's common initialisms read
 * as words (`UserID` -> `user_id`, `HTTPLog` -> `http_log`), then pluralised as the
 * jinzhu/inflection package does (its uncountable words whole, its irregular words at the end of
 * the name, else the first of its suffix rules that matches). Written from the documented
 * behaviour of both packages, not copied. Owns this naming only.
 */

/** GORM's common initialisms, in the order its replacer prefers them. */
const INITIALISMS = [
  'API', 'ASCII', 'CPU', 'CSS', 'DNS', 'EOF', 'GUID', 'HTML', 'HTTP', 'HTTPS', 'ID', 'IP', 'JSON', 'LHS', 'QPS', 'RAM', 'RHS',
  'RPC', 'SLA', 'SMTP', 'SSH', 'TLS', 'TTL', 'UID', 'UI', 'UUID', 'URI', 'URL', 'UTF8', 'VM', 'XML', 'XSRF', 'XSS',
];

/** Replaces each initialism by its title case, scanning left to right, the first listed match winning at each position. */
function titleInitialisms(name: string): string {
  let out = '';
  let at = 0;
  while (at < name.length) {
    const match = INITIALISMS.find((word) => name.startsWith(word, at));
    if (match === undefined) { out += name[at]; at++; continue; }
    out += match[0] + match.slice(1).toLowerCase();
    at += match.length;
  }
  return out;
}

const isUpper = (ch: string | undefined): boolean => ch !== undefined && ch >= 'A' && ch <= 'Z';
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** GORM's snake case of a Go name. */
export function gormDbName(name: string): string {
  if (name === '') return '';
  const value = titleInitialisms(name);
  let out = '';
  let lastUpper = false;
  let upper = isUpper(value[0]);
  for (let i = 0; i < value.length - 1; i++) {
    const ch = value[i]!;
    const nextUpper = isUpper(value[i + 1]);
    const nextDigit = isDigit(value[i + 1]);
    if (upper) {
      if (lastUpper && (nextUpper || nextDigit)) out += ch.toLowerCase();
      else {
        if (i > 0 && value[i - 1] !== '_' && value[i + 1] !== '_') out += '_';
        out += ch.toLowerCase();
      }
    } else {
      out += ch;
    }
    lastUpper = upper;
    upper = nextUpper;
  }
  const last = value[value.length - 1]!;
  if (upper) {
    if (!lastUpper && value.length > 1) out += '_';
    out += last.toLowerCase();
  } else {
    out += last;
  }
  return out;
}

const UNCOUNTABLE = ['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'jeans', 'police'];
const IRREGULAR: Array<[string, string]> = [
  ['person', 'people'], ['man', 'men'], ['child', 'children'], ['sex', 'sexes'], ['move', 'moves'], ['mombie', 'mombies'],
];
/** Suffix rules, the first that matches applies (inflection's list, highest priority first). */
const PLURAL_RULES: Array<[RegExp, string]> = [
  [/(quiz)$/i, '$1zes'],
  [/^(oxen)$/i, '$1'],
  [/^(ox)$/i, '$1en'],
  [/^(m|l)ice$/i, '$1ice'],
  [/^(m|l)ouse$/i, '$1ice'],
  [/(matr|vert|ind)(?:ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(hive)$/i, '$1s'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/sis$/i, 'ses'],
  [/([ti])a$/i, '$1a'],
  [/([ti])um$/i, '$1a'],
  [/(buffal|tomat)o$/i, '$1oes'],
  [/(bu)s$/i, '$1ses'],
  [/(alias|status|campus)$/i, '$1es'],
  [/(octop|vir)i$/i, '$1i'],
  [/(octop|vir)us$/i, '$1i'],
  [/^(ax|test)is$/i, '$1es'],
  [/s$/i, 's'],
  [/([a-z])$/i, '$1s'],
];

/** inflection.Plural of a (snake case) name. */
export function inflectionPlural(word: string): string {
  for (const uncountable of UNCOUNTABLE) if (word.toLowerCase() === uncountable) return word;
  for (const [singular, plural] of IRREGULAR) {
    if (word.endsWith(singular)) return word.slice(0, -singular.length) + plural;
    const upper = singular.toUpperCase();
    if (word.endsWith(upper)) return word.slice(0, -upper.length) + plural.toUpperCase();
    const title = singular[0]!.toUpperCase() + singular.slice(1);
    if (word.endsWith(title)) return word.slice(0, -title.length) + plural[0]!.toUpperCase() + plural.slice(1);
  }
  for (const [pattern, replacement] of PLURAL_RULES) {
    if (pattern.test(word)) return word.replace(pattern, (...m: string[]) => replacement.replace(/\$(\d)/g, (_x, n: string) => m[Number(n)] ?? ''));
  }
  return word;
}

/** GORM's default table name of a model type name. */
export function gormTableName(typeName: string): string {
  return inflectionPlural(gormDbName(typeName));
}
