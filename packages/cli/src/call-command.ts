/**
 * `repograph call METHOD [JSON_PARAMS]`: sends any protocol method to the repository's daemon
 * (starting it when needed) and prints the JSON result. `repo.export` prints its JSONL lines on
 * stdout and the totals on stderr.
 */
import { isRequestMethod, REQUESTS } from '@repograph/protocol';
import { RepographRequestError } from '@repograph/client';
import { connectToDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

export async function runCall(options: CommandOptions): Promise<number> {
  const [method, paramsText, ...extra] = options.positionals;
  if (!method) {
    throw RepographRequestError.of('UsageError', `repograph call needs a METHOD, one of: ${Object.keys(REQUESTS).join(', ')}.`);
  }
  if (extra.length > 0) {
    throw RepographRequestError.of('UsageError', `repograph call takes METHOD and one JSON_PARAMS argument; quote the JSON ('{"query":"foo"}').`);
  }
  const params = parseParams(paramsText);
  const client = await connectToDaemon({ repo: options.repo });
  try {
    if (method === 'repo.export') {
      // A reader that closes the pipe early (`| head`) ends the output quietly.
      let closed = false;
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
        closed = true;
      });
      const totals = await client.exportLines({ ...params, format: 'jsonl' }, (lines) => {
        if (!closed && lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
      });
      process.stderr.write(`${JSON.stringify(totals)}\n`);
      return 0;
    }
    let result: unknown;
    try {
      result = await client.requestByName(method, params);
    } catch (error) {
      if (error instanceof RepographRequestError && error.codeName === 'MethodNotFound' && !isRequestMethod(method)) {
        throw new RepographRequestError(error.code, `The daemon has no method '${method}'; the protocol's methods are: ${Object.keys(REQUESTS).join(', ')}.`, error.data);
      }
      throw error;
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    client.close();
  }
}

/** JSON_PARAMS: a JSON object (default `{}`). */
function parseParams(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw RepographRequestError.of('UsageError', `JSON_PARAMS is not valid JSON (${(error as Error).message}): ${text}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw RepographRequestError.of('UsageError', `JSON_PARAMS must be a JSON object such as '{"query":"foo"}', not ${text}.`);
  }
  return value as Record<string, unknown>;
}
