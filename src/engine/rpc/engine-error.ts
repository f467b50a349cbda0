import type { EngineErrorCode } from './messages';

/** A call that failed, with why (see EngineErrorCode). */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export const isEngineError = (error: unknown, code?: EngineErrorCode): error is EngineError =>
  error instanceof EngineError && (code === undefined || error.code === code);
