import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { tyreLineErrors } from '~/lib/pemasangan'
import { POSISI_TUJUAN_HARUS_DIPILIH, ROTASI_FIELDS, rotasiFormSchema } from '~/lib/rotasi'

const form = (fields: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.set(k, v)
  return fd
}
/** 1A's tyre (last km 50.100) may go to 1B (held, its tyre's last km 52.000) or 2A (empty). */
const TARGETS = [
  { posisi: '1B', kmTerakhir: 52_000 },
  { posisi: '2A', kmTerakhir: null },
]
const parse = (fields: Record<string, string>, km: number | null = 50_100) => {
  const s = parseWithZod(form(fields), { schema: rotasiFormSchema(TARGETS, km) })
  return { status: s.status, error: s.status === 'error' ? s.error : undefined, value: s.status === 'success' ? s.value : undefined }
}

describe("'Pindahkan Ban' form", () => {
  it('reads the target and a km typed with thousands dots', () => {
    const s = parse({ posisi_tujuan: '2A', km: '50.100' })
    expect(s.status).toBe('success')
    expect(s.value).toEqual({ posisi_tujuan: '2A', km: 50_100 })
  })

  it('needs a target of the list and a km', () => {
    const s = parse({ posisi_tujuan: '5D', km: '' })
    expect(s.error?.posisi_tujuan).toEqual([POSISI_TUJUAN_HARUS_DIPILIH])
    expect(s.error?.km).toEqual(['Km Rotasi harus diisi.'])
  })

  it("refuses a km below the tyre's last km, and of a swap below either tyre's", () => {
    expect(parse({ posisi_tujuan: '2A', km: '50099' }).error?.km).toEqual(['Km Rotasi tidak boleh di bawah km terakhir ban (50.100).'])
    expect(parse({ posisi_tujuan: '1B', km: '51000' }).error?.km).toEqual(['Km Rotasi tidak boleh di bawah km terakhir ban (52.000).'])
    expect(parse({ posisi_tujuan: '1B', km: '52000' }).status).toBe('success')
    // Unknown last km: the upstream decides.
    expect(parse({ posisi_tujuan: '2A', km: '1' }, null).status).toBe('success')
  })

  it("puts the upstream's km refusal beside Km Rotasi", () => {
    const errors = tyreLineErrors('Km Rotasi tidak boleh di bawah km terakhir ban (50.100).', {}, { fields: ROTASI_FIELDS, kmField: 'km' })
    expect(errors).toEqual({ fieldErrors: { km: ['Km Rotasi tidak boleh di bawah km terakhir ban (50.100).'] }, formErrors: [] })
  })
})
