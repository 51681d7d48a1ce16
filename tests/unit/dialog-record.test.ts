import { describe, expect, it } from 'vitest'
import { findOneForDialog, loadList, loadOrFail } from '~/server/route-errors.server'
import { UpstreamHttpError, UpstreamUnavailable } from '~/upstream/errors'

/**
 * A dialog's record read by itself (a document list too long to read whole): found, an unknown id
 * (the upstream's 404) as the dialog's own message, a failing upstream as the dialog's error on GET,
 * and null when the dialog is re-rendered after its own POST (the form keeps what was sent).
 */
const get = new Request('http://app/admin/pembelian-ban/7/hapus')
const afterPost = new Request('http://app/admin/pembelian-ban/7/hapus', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
})
const thrown = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { data: { message: string }; init: { status: number } },
  )

describe('findOneForDialog', () => {
  it('gives the record the upstream answers', async () => {
    expect(await findOneForDialog(get, async () => ({ id: 7 }), 'Pembelian ban tidak ditemukan.')).toEqual({ id: 7 })
  })

  it("an unknown id is a 404 with the dialog's message", async () => {
    const error = await thrown(
      findOneForDialog(
        get,
        async () => Promise.reject(new UpstreamHttpError(404, 'Not found', 'Data tidak ditemukan.')),
        'Pembelian ban tidak ditemukan.',
      ),
    )
    expect(error?.init.status).toBe(404)
    expect(error?.data.message).toBe('Pembelian ban tidak ditemukan.')
  })

  it('a failing upstream is the dialog error on GET, null after its own POST', async () => {
    const down = async () => Promise.reject(new UpstreamUnavailable('timeout'))
    const error = await thrown(findOneForDialog(get, down, 'x'))
    expect(error?.init.status).toBeGreaterThanOrEqual(500)
    expect(await findOneForDialog(afterPost, down, 'x')).toBeNull()
  })
})

describe('loadList and loadOrFail on a 403 from the upstream', () => {
  const refused = () =>
    Promise.reject(
      new UpstreamHttpError(403, '{"message":"Anda tidak memiliki akses ke menu ini."}', 'Anda tidak memiliki akses ke menu ini.'),
    )

  it("a list shows the upstream's refusal in its words as a 403, not a 502 with its raw JSON", async () => {
    const loaded = await loadList(refused)
    expect(loaded).toEqual({ all: [], loadError: 'Akses ditolak oleh server: Anda tidak memiliki akses ke menu ini.', status: 403 })
  })

  it('a page is the 403 page with that message; a refusal without a message gets a plain one', async () => {
    const error = await thrown(loadOrFail(refused))
    expect(error?.init.status).toBe(403)
    expect(error?.data.message).toBe('Akses ditolak oleh server: Anda tidak memiliki akses ke menu ini.')
    const bare = await thrown(loadOrFail(() => Promise.reject(new UpstreamHttpError(403, '', null))))
    expect(bare?.data.message).toBe('Akses ditolak oleh server: Anda tidak memiliki akses ke data ini.')
    expect(bare?.data.message).not.toContain('Error: 403')
  })
})
