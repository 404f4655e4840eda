// The go/types oracle for Go corpora (../shared/tools/go-oracle, built once into
// bench/.work/go-oracle and cached per corpus commit, oracle source and Go version). Needs the
// `go` command (Debian golang-go), installed with apt-get when missing and running as root. The
// oracle never downloads: GOFLAGS=-mod=mod, GOPROXY=off, GOCACHE/GOPATH under bench/.work. Used by
// bench/go-accuracy.mjs and the CI accuracy guard.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readCorpusMarker } from '../corpora.mjs';
import { run } from './exec.mjs';
import { ensureDir, repoRoot, sharedRoot, workDir } from './paths.mjs';

const log = (message) => process.stderr.write(`go-bench: ${message}\n`);
const goDir = path.join(workDir, 'go-oracle');
export const goEnv = {
  GOCACHE: path.join(workDir, 'go-cache'), GOPATH: path.join(workDir, 'go-path'),
  GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local',
};

export async function ensureGo() {
  const probe = await run('go', ['version'], { allowFailure: true }).catch(() => null);
  if (probe?.status === 0) return probe.stdout.trim();
  if (process.getuid?.() !== 0) throw new Error('go-bench: the `go` command is missing; install Debian golang-go (apt-get install golang-go).');
  log('installing golang-go with apt-get');
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', 'golang-go']);
  return (await run('go', ['version'])).stdout.trim();
}

async function oracleBinary() {
  const source = path.join(sharedRoot(), 'tools', 'go-oracle');
  const binary = path.join(ensureDir(goDir), 'go-oracle');
  const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(source, 'main.go'))).digest('hex');
  const stamp = `${binary}.sha256`;
  if (fs.existsSync(binary) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return { binary, hash };
  log('building the go/types oracle');
  await run('go', ['build', '-o', binary, '.'], { cwd: source, env: goEnv });
  fs.writeFileSync(stamp, hash);
  return { binary, hash };
}

export async function goOracle(name, corpus, goVersion) {
  const { binary, hash } = await oracleBinary();
  const file = path.join(goDir, `${name}.jsonl`);
  const keyFile = `${file}.key.json`;
  const key = JSON.stringify({ commit: readCorpusMarker(name)?.commit ?? null, hash, goVersion });
  if (fs.existsSync(file) && fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) return { file, cached: true };
  log(`running the go/types oracle on ${name}`);
  const result = await run(binary, [corpus], { cwd: repoRoot, env: goEnv, stdoutFile: `${file}.tmp` });
  fs.renameSync(`${file}.tmp`, file);
  fs.writeFileSync(keyFile, key);
  return { file, cached: false, summary: result.stderr.trim().split('\n').pop() };
}

