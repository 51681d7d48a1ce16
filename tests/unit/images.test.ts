import { describe, expect, it } from 'vitest'
import { imageContentErrors, imageFile, sniffImage } from '~/lib/images'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

describe('photo fields', () => {
  it('recognises images by their bytes, not their name', () => {
    expect(sniffImage(PNG)).toBe('png')
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffImage(new TextEncoder().encode('MZ\u0090\u0000 not an image'))).toBeNull()
  })

  it('refuses a renamed non-image with an Indonesian message for that field only', async () => {
    const form = new FormData()
    form.append('gambar', new File(['<html>bukan gambar</html>'], 'foto.png', { type: 'image/png' }))
    form.append('ft_sim', new File([PNG], 'sim.png', { type: 'image/png' }))
    form.append('ft_lain', new File([], ''))
    expect(await imageContentErrors(form, { gambar: 'Foto KTP', ft_sim: 'Foto SIM', ft_lain: 'Foto lain' })).toEqual({
      gambar: ['Foto KTP harus berupa gambar (JPG, PNG, GIF atau WEBP).'],
    })
  })

  it('the schema field: nothing chosen is fine, a PDF or a 3 MB image is refused', () => {
    const field = imageFile('Foto KTP')
    expect(field.safeParse(undefined).success).toBe(true)
    expect(field.parse(new File([], ''))).toBeUndefined()
    const pdf = field.safeParse(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))
    expect(pdf.success ? null : pdf.error.issues[0].message).toBe('Foto KTP harus berupa gambar (JPG, PNG, GIF atau WEBP).')
    const big = field.safeParse(new File([new Uint8Array(3 * 1024 * 1024)], 'a.png', { type: 'image/png' }))
    expect(big.success ? null : big.error.issues[0].message).toBe('Foto KTP terlalu besar (maksimal 2 MB).')
  })
})

describe('form fields on the way in', () => {
  it('drop control characters but keep tabs, line breaks and Unicode', async () => {
    const { stripControls, firstValues } = await import('~/server/form.server')
    expect(stripControls('a\u0000b\u0007c\u001bd\u007f')).toBe('abcd')
    expect(stripControls('baris\r\nbaru\tNàmé 名前 🚚')).toBe('baris\r\nbaru\tNàmé 名前 🚚')
    const form = new FormData()
    form.append('nama', 'x\u0000y')
    form.append('nama', 'kedua')
    expect([...firstValues(form).entries()]).toEqual([['nama', 'xy']])
  })
})
