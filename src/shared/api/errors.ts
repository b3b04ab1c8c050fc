export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every non-2xx answer carries (DESIGN.md section 4). */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  details?: unknown;
}
