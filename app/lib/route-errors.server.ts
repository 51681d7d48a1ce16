import { data } from '@remix-run/node'
import { UpstreamError, UpstreamHttpError, UpstreamMalformed, UpstreamUnavailable, userMessage } from '~/upstream/errors'

/**
 * Loads through the upstream; a failure becomes a thrown response the route's error boundary shows
 * in Indonesian (production hides plain Error messages, so they must travel as data).
 */
export async function loadOrFail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof Response) throw error
    throw failure(error)
  }
}

export function failure(error: unknown) {
  if (error instanceof UpstreamHttpError && error.status === 404) {
    return data({ message: 'Data tidak ditemukan.' }, { status: 404 })
  }
  if (error instanceof UpstreamUnavailable) {
    return data({ message: `Gagal memuat data. ${error.message}. Coba lagi beberapa saat lagi.` }, { status: 503 })
  }
  if (error instanceof UpstreamMalformed) {
    return data({ message: `Gagal memuat data. ${error.message}` }, { status: 502 })
  }
  if (error instanceof UpstreamError) {
    return data({ message: `Gagal memuat data. ${userMessage(error)}` }, { status: 502 })
  }
  console.error(error)
  return data({ message: 'Terjadi kesalahan yang tidak terduga.' }, { status: 500 })
}

export const notFound = (message = 'Data tidak ditemukan.') => data({ message }, { status: 404 })
