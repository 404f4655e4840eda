// symbols.changed through the real daemon, in TypeScript, Python and Go: a literal-only edit of a
// body changes nothing (the skeleton fingerprint erases literals) although the edit is analyzed
// (its tests are listed); a new shape of the body changes the symbol; a new parameter changes it
// and is listed in signatureChanges with the signature before and after.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, deltaSession, replace } from '../helpers/delta.mjs';

const LANGUAGES = [
  {
    language: 'TypeScript',
    path: 'src/price.ts',
    id: 'src/price.ts#price',
    test: 'src/price.test.ts',
    files: {
      'src/price.ts': "export function price(amount: number): string {\n  return '$' + amount.toFixed(2);\n}\n",
      'src/price.test.ts': "import { it } from 'node:test';\nimport { price } from './price.js';\n\nit('formats a price', () => {\n  price(1);\n});\n",
    },
    literal: ["'$' + amount.toFixed(2)", "'EUR ' + amount.toFixed(3)"],
    shape: ["'EUR ' + amount.toFixed(3)", "'EUR ' + Math.abs(amount).toFixed(3)"],
    parameter: ['price(amount: number)', "price(amount: number, currency: string = 'EUR')"],
  },
  {
    language: 'Python',
    path: 'app/price.py',
    id: 'app/price.py#price',
    test: 'tests/test_price.py#test_price',
    files: {
      'app/__init__.py': '',
      'app/price.py': 'def price(amount):\n    return "$" + format(amount, ".2f")\n',
      'tests/test_price.py': 'from app.price import price\n\n\ndef test_price():\n    assert price(1) == "$1.00"\n',
    },
    literal: ['"$" + format(amount, ".2f")', '"EUR " + format(amount, ".3f")'],
    shape: ['"EUR " + format(amount, ".3f")', '"EUR " + format(abs(amount), ".3f")'],
    parameter: ['def price(amount):', 'def price(amount, currency="EUR"):'],
  },
  {
    language: 'Go',
    path: 'price/price.go',
    id: 'price/price.go#Price',
    test: 'price/price_test.go#TestPrice',
    files: {
      'go.mod': 'module example.com/app\n\ngo 1.21\n',
      'price/price.go': 'package price\n\nimport "strconv"\n\nfunc Price(amount float64) string {\n\treturn "$" + strconv.FormatFloat(amount, \'f\', 2, 64)\n}\n',
      'price/price_test.go': 'package price\n\nimport "testing"\n\nfunc TestPrice(t *testing.T) {\n\tif Price(1) != "$1.00" {\n\t\tt.Fail()\n\t}\n}\n',
    },
    literal: ['"$" + strconv.FormatFloat(amount, \'f\', 2, 64)', '"EUR " + strconv.FormatFloat(amount, \'g\', 3, 64)'],
    shape: ['"EUR " + strconv.FormatFloat(amount, \'g\', 3, 64)', '"EUR " + strconv.FormatFloat(-amount, \'g\', 3, 64)'],
    parameter: ['Price(amount float64)', 'Price(amount float64, currency string)'],
  },
];

for (const lang of LANGUAGES) {
  test(`${lang.language}: a parameter change is in symbols.changed and signatureChanges; a literal-only change is not`, { timeout: 60_000 }, async (t) => {
    const { apply } = await deltaSession(t, lang.files);

    const literal = await apply([replace(lang.path, ...lang.literal)]);
    assert.deepEqual(literal.reparsed, [lang.path], brief(literal));
    assert.deepEqual(literal.symbols, { added: [], removed: [], renamed: [], changed: [] }, brief(literal));
    assert.deepEqual(literal.signatureChanges, [], brief(literal));
    // The edit was analyzed all the same: the test that reaches the function is listed.
    assert.deepEqual(literal.testsReaching.map((reaching) => reaching.id), [lang.test], brief(literal));

    const shape = await apply([replace(lang.path, ...lang.shape)]);
    assert.deepEqual(shape.symbols.changed, [lang.id], brief(shape));
    assert.deepEqual(shape.signatureChanges, [], brief(shape));

    const parameter = await apply([replace(lang.path, ...lang.parameter)]);
    assert.deepEqual(parameter.symbols.changed, [lang.id], brief(parameter));
    assert.deepEqual(parameter.symbols.added, [], brief(parameter));
    assert.deepEqual(parameter.signatureChanges.map((change) => change.id), [lang.id], brief(parameter));
    const [{ before, after }] = parameter.signatureChanges;
    assert.doesNotMatch(before, /currency/, brief(parameter));
    assert.match(after, /currency/, brief(parameter));
  });
}
