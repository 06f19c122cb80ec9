import { ApiError } from '../../../platform/http/client';

export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
