/**
 * The few ways an upstream call fails. Screens map them to the spec's messages:
 * - UpstreamUnavailable: unreachable or too slow ('Terjadi error: …' on login).
 * - UpstreamUnauthorized: 401 — the session is over.
 * - UpstreamValidation: 422 — field errors shown beside the fields.
 * - UpstreamHttpError: any other status — 'Error: {status} - {response text}'.
 * - UpstreamMalformed: an answer that does not have the shape the spec gives.
 */
export class UpstreamError extends Error {}

export class UpstreamUnavailable extends UpstreamError {
  constructor(public reason: string) {
    super(`Server tidak dapat dihubungi: ${reason}`)
  }
}

export class UpstreamUnauthorized extends UpstreamError {
  constructor(public serverMessage: string | null) {
    super(serverMessage ?? 'Sesi berakhir. Silakan login kembali.')
  }
}

export class UpstreamValidation extends UpstreamError {
  constructor(
    public serverMessage: string,
    public fieldErrors: Record<string, string[]>,
  ) {
    super(serverMessage)
  }
}

export class UpstreamHttpError extends UpstreamError {
  constructor(
    public status: number,
    public responseText: string,
    public serverMessage: string | null,
  ) {
    super(`Error: ${status} - ${responseText}`)
  }
}

export class UpstreamMalformed extends UpstreamError {
  constructor(
    public path: string,
    public detail: string,
  ) {
    super(`Jawaban server untuk ${path} tidak sesuai format yang diharapkan.`)
  }
}

/**
 * An answer longer than UPSTREAM_MAX_RESPONSE_MB (a whole list at a large fleet's size): not read.
 * A list screen asks the user to narrow it (route-errors.server.ts, TOO_LARGE_MESSAGE).
 */
export class UpstreamTooLarge extends UpstreamMalformed {}

/** The message a user sees for a failed save/delete: 'Error: {status} - {text}'. */
export function userMessage(error: unknown): string {
  if (error instanceof UpstreamValidation) return error.serverMessage
  if (error instanceof UpstreamHttpError) return error.message
  if (error instanceof UpstreamError) return error.message
  return 'Terjadi kesalahan yang tidak terduga.'
}
