import { pino } from 'pino';
import { correlation } from './correlation.ts';
import { CENSORED, REDACT_PATHS, scrubText, scrubValue } from './redact.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * JSON lines (docs/logging.md) written by pino: one object per event, `{"level", "time", ...fields, "msg"}`, with the
 * request id / job run of the work that logs it (correlation.ts) and nothing personal or secret in clear
 * (redact.ts). `write` receives each line (tests capture them); by default they go to stdout, synchronously, so
 * that nothing is lost when the process exits.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const logger = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      // The work's request id, job and run on every line; a field the caller gives wins.
      mixin: () => ({ ...correlation() }),
      formatters: {
        level: (label) => ({ level: label }),
        // Every value of the line (the mixin's included): what looks like a CPF, a phone, a token... is replaced.
        log: (fields) => scrubValue(fields) as Record<string, unknown>,
      },
      redact: { paths: REDACT_PATHS, censor: CENSORED },
    },
    write ? { write } : pino.destination({ dest: 1, sync: true }),
  );
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (!logger.isLevelEnabled(lvl)) return;
      logger[lvl](fields ?? {}, scrubText(msg));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
