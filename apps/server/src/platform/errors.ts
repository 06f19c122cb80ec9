import {
  errorShapes,
  messageRefOf,
  messages,
  type ErrorCode,
  type FieldError,
  type MessageRef,
} from '@casedesk/shared';

/** The one error type services throw; the error handler turns it into the contract's envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** The message's key for clients that translate; found from the shared catalogs when not given. */
    private readonly ref?: MessageRef,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get messageRef(): MessageRef | undefined {
    return this.ref ?? messageRefOf(this.message);
  }

  get httpStatus(): number {
    return errorShapes[this.code].httpStatus;
  }

  get resultCode(): number {
    return errorShapes[this.code].resultCode;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError('BAD_REQUEST', message, errors);
export const notFound = () => new AppError('NOT_FOUND', messages.notFound);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', messages.unauthorized);
export const sessionEnded = (message: string) => new AppError('SESSION_ENDED', message);
