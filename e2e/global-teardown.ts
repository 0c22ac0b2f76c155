import fs from 'node:fs';
import path from 'node:path';
import { sessionCookieName, xsrfCookieName, xsrfHeaderName } from '@tillbook/contract';
import { demo } from './helpers.ts';

/**
 * After every spec has run: the server's log of the whole run (scripts/e2e-server.mjs keeps it)
 * holds no secret — no password, PIN, token, cookie, authorization header or session id — is JSON
 * lines, and has request lines in it (an empty or silenced log would otherwise pass).
 */
const dataDir = path.resolve(import.meta.dirname, '.data');
const logFile = path.join(dataDir, 'server.log');
const stderrFile = path.join(dataDir, 'server-stderr.log');

const redacted = '[redacted]';
/** Keys whose value is a secret wherever they sit in a line: pino's redaction must have replaced it. */
const secretKey = new RegExp(
  `pass(word|code)|^pin$|pin_?code|token|secret|session_?id|^cookie$|set-cookie|authorization|^${xsrfHeaderName}$`,
  'i',
);
const knownPasswords = new Set<string>(Object.values(demo).map((account) => account.password));

type Rule = { kind: string; pattern: RegExp };
/** Also inside a message or an error that quotes a request body (escaped JSON). */
const quotedPasswordRule: Rule = {
  kind: 'password or PIN field with a value (quoted JSON)',
  pattern: /\\*"(password|currentPassword|newPassword|pin|pinCode)\\*"\s*:\s*(\\*"(?!\[redacted\])[^"\\]|\d)/i,
};
/** Secrets in the text of a line, also where a message, an error or a stack quotes them. */
const textRules: Rule[] = [
  { kind: `session cookie value (${sessionCookieName}=…)`, pattern: new RegExp(`${sessionCookieName}=(?!;|\\s|$|\\[redacted\\])`) },
  { kind: `XSRF cookie value (${xsrfCookieName}=…)`, pattern: new RegExp(`${xsrfCookieName}=(?!;|\\s|$|\\[redacted\\])`) },
  { kind: 'authorization header value (Bearer/Basic …)', pattern: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/ },
  quotedPasswordRule,
  { kind: "a failed query's parameters (params: …)", pattern: /params: (?!\[redacted\])\S/ },
  // randomBytes(32).toString('base64url'): the session token and the XSRF token (auth/sessions.ts).
  { kind: 'session or XSRF token (43 base64url characters)', pattern: /(?<![\w-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{43}(?![\w-])/ },
  // A session's id: the token's HMAC-SHA256 in hex.
  { kind: 'session id (64 hex characters)', pattern: /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i },
];

type Finding = { file: string; line: number; kind: string; excerpt: string };

function excerptAt(text: string, index: number): string {
  const start = Math.max(0, index - 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, index + 60)}${index + 60 < text.length ? '…' : ''}`;
}

/** Secret values under secret keys, and known passwords under any key, anywhere in a parsed line. */
function secretFields(value: unknown, at: string, found: Array<{ kind: string; at: string }>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => secretFields(item, `${at}[${index}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const where = at ? `${at}.${key}` : key;
      const isSecretValue = (typeof item === 'string' && item !== redacted && item !== '') || typeof item === 'number';
      if (secretKey.test(key) && isSecretValue) found.push({ kind: `unredacted "${key}" field`, at: where });
      else secretFields(item, where, found);
    }
  } else if (typeof value === 'string' && knownPasswords.has(value)) {
    found.push({ kind: 'a demo account password as a value', at });
  }
}

/** Everything wrong with one log file's text; `json` when every line must be a JSON object. */
export function checkLog(file: string, text: string, json: boolean): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const at = (kind: string, excerpt: string) => findings.push({ file, line: index + 1, kind, excerpt });
    if (json) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (!parsed || typeof parsed !== 'object') at('not a JSON object', excerptAt(line, 0));
      else {
        const fields: Array<{ kind: string; at: string }> = [];
        secretFields(parsed, '', fields);
        for (const field of fields) at(`${field.kind} at ${field.at}`, excerptAt(line, Math.max(0, line.indexOf(field.at.split(/[.[]/).at(-1)!))));
      }
    }
    const fieldsFound = findings.some((finding) => finding.line === index + 1);
    for (const rule of textRules) {
      if (fieldsFound && rule === quotedPasswordRule) continue;
      const match = rule.pattern.exec(line);
      if (match) at(rule.kind, excerptAt(line, match.index));
    }
  });
  return findings;
}

export default function globalTeardown(): void {
  if (!fs.existsSync(logFile)) throw new Error(`The server log of this run is missing: ${logFile} (scripts/e2e-server.mjs writes it).`);
  const text = fs.readFileSync(logFile, 'utf8');
  const findings = checkLog(path.relative(process.cwd(), logFile), text, true);
  if (fs.existsSync(stderrFile)) findings.push(...checkLog(path.relative(process.cwd(), stderrFile), fs.readFileSync(stderrFile, 'utf8'), false));

  const requestLines = text.split('\n').filter((line) => line.includes('"req":{') || line.includes('"msg":"request completed"')).length;
  if (requestLines === 0) {
    const lines = text.split('\n').filter((line) => line.trim() !== '').length;
    findings.push({ file: path.relative(process.cwd(), logFile), line: 0, kind: 'no request lines at all (is LOG_LEVEL above info?)', excerpt: `${lines} lines in all` });
  }
  if (findings.length === 0) return;

  const shown = findings.slice(0, 20).map((f) => `  ${f.file}${f.line ? `:${f.line}` : ''}: ${f.kind}\n      ${f.excerpt}`);
  const more = findings.length > shown.length ? `\n  …and ${findings.length - shown.length} more` : '';
  throw new Error(`The e2e run's server log fails the secrets check (${findings.length} finding${findings.length === 1 ? '' : 's'}):\n${shown.join('\n')}${more}`);
}
