/**
 * The terminal log files the demo's terminal host uploads (seed/demo-log-host.ts; issue 30 item
 * 3, §2 /master-terminal-log-files): at start the last days' logs, then today's log so far now and then: a day's log of a few demo terminals, a few KB of the
 * lines a Malaysian estate's terminal writes (boot, key exchange, host round trips with their
 * response codes, settlement), never a card number. The text is a function of the TID and the day
 * only, so a host started again the same day sends the same bytes and the portal answers the
 * entries it already has instead of writing new ones.
 */
import type { DemoTerminal } from './demo-log-events.ts';
import { mulberry32 } from './random.ts';

/** One file as the host uploads it. */
export interface DemoLogFile {
  tid: string;
  /** The log's day, YYYY-MM-DD (Malaysian time). */
  logDate: string;
  fileName: string;
  content: Buffer;
}

/** A small deterministic generator (seed/random.ts mulberry32) seeded by a text (its FNV-1a hash). */
function randomOf(seed: string): () => number {
  return mulberry32([...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261));
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The lines of `terminal`'s log of `day`, about `lines` of them. */
function logLines(terminal: DemoTerminal, day: string, lines: number): string {
  const random = randomOf(`${terminal.tid}:${day}`);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[int(0, 15)]).join('');
  const out: string[] = [];
  let seconds = 7 * 3600 + int(0, 1800);
  const at = () => `${day} ${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(int(0, 999), 3)}`;
  out.push(`${at()} INFO  BOOT    Terminal ${terminal.tid} (MID ${terminal.mid}) started, firmware 4.2.${int(0, 9)}, EMV kernel 7.1`);
  out.push(`${at()} INFO  KEY     Key exchange completed, TMK KCV ${hex(6)}, TPK KCV ${hex(6)}`);
  let stan = int(1, 5000);
  let sales = 0;
  while (out.length < lines - 2) {
    seconds += int(30, 900);
    if (seconds >= 22 * 3600) break;
    stan++;
    const ref = terminal.txnRefs.length ? terminal.txnRefs[int(0, terminal.txnRefs.length - 1)] : `RRN${pad(int(0, 999_999), 6)}`;
    const roll = random();
    if (roll < 0.78) {
      sales++;
      out.push(`${at()} INFO  TXN     SALE stan=${pad(stan, 6)} ref=${ref} amount=${int(5, 900)}.${pad(int(0, 99))} MYR entry=${['CHIP', 'CONTACTLESS', 'CONTACTLESS', 'CHIP'][int(0, 3)]}`);
      out.push(`${at()} INFO  HOST    0210 rc=00 approval=${hex(6)} in ${int(400, 2400)} ms`);
    } else if (roll < 0.88) {
      out.push(`${at()} WARN  HOST    No answer within 30000 ms, stan=${pad(stan, 6)}; reversal queued (attempt ${int(1, 3)} of 3)`);
    } else if (roll < 0.95) {
      out.push(`${at()} INFO  HOST    0210 rc=${['05', '51', '54', '91'][int(0, 3)]} stan=${pad(stan, 6)} declined in ${int(300, 1800)} ms`);
    } else {
      out.push(`${at()} WARN  PRINTER Paper low; receipt ${pad(stan, 6)} printed`);
    }
  }
  seconds = Math.max(seconds, 22 * 3600) + int(0, 600);
  out.push(`${at()} INFO  SETTLE  Batch ${pad(int(1, 999), 6)} closed: ${sales} sales, host totals agree`);
  out.push(`${at()} INFO  BOOT    Log closed for upload`);
  return `${out.join('\n')}\n`;
}

/** The MYT day (YYYY-MM-DD) `daysBack` days before the one holding `now`. */
const mytDay = (now: Date, daysBack: number) => new Date(now.getTime() + 8 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);

/**
 * The files of the first `count` terminals (at most 3): yesterday's log of each, and the day
 * before's of the first, named as a terminal names its daily log (`<TID>_<YYYYMMDD>.log`).
 */
export function demoLogFiles(terminals: readonly DemoTerminal[], now: Date, count = 2): DemoLogFile[] {
  const picked = terminals.slice(0, Math.min(count, 3));
  const plan = [...picked.map((t) => ({ t, day: mytDay(now, 1) })), ...picked.slice(0, 1).map((t) => ({ t, day: mytDay(now, 2) }))];
  return plan.map(({ t, day }) => ({
    tid: t.tid,
    logDate: day,
    fileName: `${t.tid}_${day.replace(/-/g, '')}.log`,
    content: Buffer.from(logLines(t, day, 60 + (t.tid.charCodeAt(t.tid.length - 1) % 40)), 'utf8'),
  }));
}

/**
 * Today's log so far of the first `count` terminals (at most 3), as a terminal sends it when asked
 * during the day: the lines written before `now` (MYT), named `<TID>_<YYYYMMDD>_<HHmm>.log`. None
 * before a terminal's first line of the day. Each call later in the day sends a longer file, so
 * the screen gains entries through the day (the host sends one every DEMO_PARTIAL_EVERY_MS).
 */
export function demoPartialLogFiles(terminals: readonly DemoTerminal[], now: Date, count = 2): DemoLogFile[] {
  const day = mytDay(now, 0);
  const clock = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(11, 23);
  return terminals.slice(0, Math.min(count, 3)).flatMap((t) => {
    const lines = logLines(t, day, 60 + (t.tid.charCodeAt(t.tid.length - 1) % 40)).split('\n').filter((l) => l !== '' && l.slice(11, 23) <= clock);
    if (!lines.length) return [];
    return [{ tid: t.tid, logDate: day, fileName: `${t.tid}_${day.replace(/-/g, '')}_${clock.slice(0, 5).replace(':', '')}.log`, content: Buffer.from(`${lines.join('\n')}\n`, 'utf8') }];
  });
}
